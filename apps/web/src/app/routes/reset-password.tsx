import { RESET_LINK_MINUTES } from '@furrow/domain/api/auth';
import { useSearchParams } from 'react-router';
import { Page } from '../../components/layout/page';
import { ResetPasswordForm } from '../../features/auth/reset-password-form';

export function ResetPasswordScreen() {
  const [search] = useSearchParams();
  return (
    <Page
      width="narrow"
      title="Choose a new password"
      description={`Set a new password for your account. The link in your e-mail works for ${RESET_LINK_MINUTES} minutes.`}
    >
      <ResetPasswordForm token={search.get('token')} />
    </Page>
  );
}
