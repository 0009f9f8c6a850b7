import { useSearchParams } from 'react-router';
import { Page } from '../../components/layout/page';
import { AuthPrompt } from '../../features/auth/auth-prompt';
import { GoogleSignIn } from '../../features/auth/google-sign-in';
import { RegisterForm } from '../../features/auth/register-form';
import { paths } from '../../lib/paths';

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
        <AuthPrompt question="Already have an account?" to={paths.login}>
          Sign in
        </AuthPrompt>
      </div>
    </Page>
  );
}
