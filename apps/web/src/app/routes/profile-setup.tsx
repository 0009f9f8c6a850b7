import { Page } from '../../components/layout/page';
import { ProfileSetupForm } from '../../features/account/profile-setup-form';
import { RequireRole } from '../require-role';

export function ProfileSetupScreen() {
  return (
    <RequireRole roles={['customer']}>
      <Page
        width="narrow"
        title="Finish your profile"
        description="Tell us your name and where you shop, and we'll show you the farms nearby."
      >
        <ProfileSetupForm />
      </Page>
    </RequireRole>
  );
}
