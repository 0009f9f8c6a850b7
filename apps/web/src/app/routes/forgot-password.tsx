import { Page } from '../../components/layout/page';

export function ForgotPasswordScreen() {
  return (
    <Page
      width="narrow"
      title="Forgot your password?"
      description="Tell us your e-mail address and we'll send you a link to choose a new password."
    />
  );
}
