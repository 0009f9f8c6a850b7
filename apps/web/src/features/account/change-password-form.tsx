import {
  type ChangePasswordForm as ChangeValues,
  changePasswordForm,
  newPasswordHint,
} from '@furrow/domain/api/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { Form } from '../../components/ui/form';
import { NewPasswordFields, PasswordField } from '../../components/ui/password-field';
import { useToast } from '../../components/ui/use-toast';
import { authFailureMessage } from '../../lib/auth-errors';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { accountApi } from './account-api';

/**
 * Change the password with the current one. The server then ends every session, this one included,
 * so the sign-in page follows (product rules: accounts and sign-in).
 */
export function ChangePasswordForm() {
  const session = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { toast } = useToast();
  const form = useForm<ChangeValues>({
    resolver: zodResolver(changePasswordForm),
    mode: 'onChange',
    defaultValues: { old_password: '', new_password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const change = useMutation({
    mutationFn: accountApi.changePassword,
    onSuccess: ({ message }) => {
      const email = session.user?.email;
      session.signOut();
      queryClient.clear();
      toast({ title: 'Password changed', description: message });
      navigate(paths.login, { replace: true, state: { email } });
    },
    onError: (error) => {
      toast({ title: authFailureMessage(error, 'UPDATE_USER_FAILED'), variant: 'destructive' });
    },
  });

  return (
    <Form
      onSubmit={form.handleSubmit(({ old_password, new_password }) =>
        change.mutate({ old_password, new_password }),
      )}
    >
      {/* Lets password managers tie the new password to the right account. */}
      <input
        type="email"
        autoComplete="username"
        value={session.user?.email ?? ''}
        readOnly
        hidden
      />
      <PasswordField
        label="Current password"
        autoComplete="current-password"
        error={errors.old_password?.message}
        {...form.register('old_password')}
      />
      <NewPasswordFields
        hint={newPasswordHint}
        password={{ ...form.register('new_password'), error: errors.new_password?.message }}
        confirm={{ ...form.register('confirmPassword'), error: errors.confirmPassword?.message }}
      />
      <p className="text-ink-muted text-sm">
        Changing it signs you out everywhere, here too. Then sign in with the new one.
      </p>
      <Button type="submit" className="justify-self-start" loading={change.isPending}>
        Change password
      </Button>
    </Form>
  );
}
