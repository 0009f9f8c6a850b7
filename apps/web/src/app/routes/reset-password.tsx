import { Page } from '../../components/layout/page';

export function ResetPasswordScreen() {
  return (
    <Page
      width="narrow"
      title="Choose a new password"
      description="Set a new password for your account. The link in your e-mail works for 30 minutes."
    />
  );
}
