import { Page } from '../../components/layout/page';
import { AuthPrompt } from '../../features/auth/auth-prompt';
import { ForgotPasswordForm } from '../../features/auth/forgot-password-form';
import { paths } from '../../lib/paths';

export function ForgotPasswordScreen() {
  return (
    <Page
      width="narrow"
      title="Forgot your password?"
      description="Enter your e-mail address and we'll send you a link to choose a new password."
    >
      <div className="grid gap-6">
        <ForgotPasswordForm />
        <AuthPrompt question="Remembered it?" to={paths.login}>
          Sign in
        </AuthPrompt>
      </div>
    </Page>
  );
}
