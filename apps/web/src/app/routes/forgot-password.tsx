import { Link } from 'react-router';
import { Page } from '../../components/layout/page';
import { ForgotPasswordForm } from '../../features/auth/forgot-password-form';
import { paths } from '../paths';

export function ForgotPasswordScreen() {
  return (
    <Page
      width="narrow"
      title="Forgot your password?"
      description="Enter your e-mail address and we'll send you a link to choose a new password."
    >
      <div className="grid gap-6">
        <ForgotPasswordForm />
        <p className="text-center text-ink-muted text-sm">
          Remembered it?{' '}
          <Link to={paths.login} className="text-leaf-ink underline underline-offset-4">
            Sign in
          </Link>
        </p>
      </div>
    </Page>
  );
}
