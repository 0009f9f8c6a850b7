import { Link, useSearchParams } from 'react-router';
import { Page } from '../../components/layout/page';
import { GoogleSignIn } from '../../features/auth/google-sign-in';
import { RegisterForm } from '../../features/auth/register-form';
import { paths } from '../paths';

export function RegisterScreen() {
  const [search] = useSearchParams();
  return (
    <Page
      width="narrow"
      title="Create your account"
      description="Join as a shopper or as a farmer. We'll e-mail you a code to confirm your address."
    >
      <div className="grid gap-6">
        <RegisterForm initialRole={search.get('role') === 'farmer' ? 'farmer' : 'customer'} />
        <GoogleSignIn />
        <p className="text-center text-ink-muted text-sm">
          Already have an account?{' '}
          <Link to={paths.login} className="text-leaf-ink underline underline-offset-4">
            Sign in
          </Link>
        </p>
      </div>
    </Page>
  );
}
