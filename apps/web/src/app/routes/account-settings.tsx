import { Page } from '../../components/layout/page';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { ChangePasswordForm } from '../../features/account/change-password-form';
import { DeleteFarmerAccount } from '../../features/account/delete-farmer-account';
import { NamesForm } from '../../features/account/names-form';
import { useSession } from '../../lib/session';
import { RequireRole } from '../require-role';

export function AccountSettingsScreen() {
  return (
    <RequireRole roles={['customer', 'farmer', 'admin']}>
      <AccountSettings />
    </RequireRole>
  );
}

function AccountSettings() {
  const { user } = useSession();
  return (
    <Page title="Account settings" description={`Signed in as ${user?.email ?? ''}.`}>
      <div className="grid max-w-2xl gap-6">
        <Card>
          <CardHeader>
            <CardTitle>Your name</CardTitle>
            <CardDescription>Shown to the farms you order from.</CardDescription>
          </CardHeader>
          <CardContent>
            <NamesForm />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Password</CardTitle>
            <CardDescription>Use one you don't use anywhere else.</CardDescription>
          </CardHeader>
          <CardContent>
            <ChangePasswordForm />
          </CardContent>
        </Card>
        {user?.role === 'farmer' && (
          <Card role="region" aria-labelledby="delete-account">
            <CardHeader>
              <CardTitle id="delete-account">Delete my farmer account</CardTitle>
              <CardDescription>Close your shops on Furrow for good.</CardDescription>
            </CardHeader>
            <CardContent>
              <DeleteFarmerAccount />
            </CardContent>
          </Card>
        )}
      </div>
    </Page>
  );
}
