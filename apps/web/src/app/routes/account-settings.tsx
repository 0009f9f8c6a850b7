import { Page } from '../../components/layout/page';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { ChangePasswordForm } from '../../features/account/change-password-form';
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
      </div>
    </Page>
  );
}
