import { Link } from 'react-router';
import { Page } from '../../components/layout/page';
import { paths } from '../paths';

export function LoginScreen() {
  return (
    <Page
      width="narrow"
      title="Sign in"
      description="Sign in with your e-mail and password, or with your Google account."
    >
      <p className="grid gap-2 text-ink-muted text-sm">
        <Link to={paths.register} className="text-leaf-ink underline underline-offset-4">
          New to Furrow? Create an account
        </Link>
        <Link to={paths.forgotPassword} className="text-leaf-ink underline underline-offset-4">
          Forgot your password?
        </Link>
      </p>
    </Page>
  );
}
