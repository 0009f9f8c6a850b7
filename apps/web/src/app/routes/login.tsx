import { useLocation } from 'react-router';
import { Page } from '../../components/layout/page';
import { AuthPrompt } from '../../features/auth/auth-prompt';
import { GoogleSignIn, useGoogleClientId } from '../../features/auth/google-sign-in';
import { LoginForm } from '../../features/auth/login-form';
import { paths } from '../../lib/paths';

function emailFrom(state: unknown): string {
  return state && typeof state === 'object' && 'email' in state && typeof state.email === 'string'
    ? state.email
    : '';
}

export function LoginScreen() {
  const location = useLocation();
  const googleEnabled = useGoogleClientId() !== null;
  return (
    <Page
      width="narrow"
      title="Sign in"
      description={
        googleEnabled
          ? 'Sign in with your e-mail and password, or with your Google account.'
          : 'Sign in with your e-mail and password.'
      }
    >
      <div className="grid gap-6">
        <LoginForm initialEmail={emailFrom(location.state)} />
        <GoogleSignIn />
        <AuthPrompt question="New to Furrow?" to={paths.register}>
          Create an account
        </AuthPrompt>
      </div>
    </Page>
  );
}
