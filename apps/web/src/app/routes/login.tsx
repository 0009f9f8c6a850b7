import { Link, useLocation } from 'react-router';
import { Page } from '../../components/layout/page';
import { GoogleSignIn } from '../../features/auth/google-sign-in';
import { LoginForm } from '../../features/auth/login-form';
import { paths } from '../paths';

function emailFrom(state: unknown): string {
  return state && typeof state === 'object' && 'email' in state && typeof state.email === 'string'
    ? state.email
    : '';
}

export function LoginScreen() {
  const location = useLocation();
  return (
    <Page
      width="narrow"
      title="Sign in"
      description="Sign in with your e-mail and password, or with your Google account."
    >
      <div className="grid gap-6">
        <LoginForm initialEmail={emailFrom(location.state)} />
        <GoogleSignIn />
        <p className="text-center text-ink-muted text-sm">
          New to Furrow?{' '}
          <Link to={paths.register} className="text-leaf-ink underline underline-offset-4">
            Create an account
          </Link>
        </p>
      </div>
    </Page>
  );
}
