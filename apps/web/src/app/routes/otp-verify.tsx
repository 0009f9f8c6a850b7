import { Page } from '../../components/layout/page';
import { VerifyCodeForm } from '../../features/auth/verify-code-form';

/** Serves both /auth/otp-verify and /auth/otp-auth: both addresses lead to the one code screen. */
export function OtpVerifyScreen() {
  return (
    <Page
      width="narrow"
      title="Check your e-mail"
      description="Enter the 6-digit code we sent you to confirm your e-mail address."
    >
      <VerifyCodeForm />
    </Page>
  );
}
