import {
  newPasswordHint,
  type ResetPasswordForm as ResetValues,
  resetPasswordForm,
} from '@furrow/domain/api/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { Form } from '../../components/ui/form';
import { NewPasswordFields } from '../../components/ui/password-field';
import { useToast } from '../../components/ui/use-toast';
import { authFailureMessage } from '../../lib/auth-errors';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { authApi } from './auth-api';

/** A new password from the e-mailed link (`?token=`); then sign in with it. */
export function ResetPasswordForm({ token }: { token: string | null }) {
  const navigate = useNavigate();
  const session = useSession();
  const { toast } = useToast();
  const form = useForm<ResetValues>({
    resolver: zodResolver(resetPasswordForm),
    mode: 'onChange',
    defaultValues: { new_password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const reset = useMutation({
    mutationFn: authApi.resetPassword,
    onSuccess: ({ message }) => {
      // Every session of the account has ended, this browser's included.
      session.signOut();
      toast({ title: 'Password changed', description: message });
      navigate(paths.login, { replace: true });
    },
    onError: (error) => {
      toast({ title: authFailureMessage(error, 'FORGOT_FAILED'), variant: 'destructive' });
    },
  });

  if (!token) {
    return (
      <div className="grid gap-4 text-ink-muted">
        <p>This page needs the link from your e-mail. Ask for a new one if it has expired.</p>
        <Button asChild className="justify-self-start">
          <Link to={paths.forgotPassword}>Send me a new link</Link>
        </Button>
      </div>
    );
  }

  return (
    <Form onSubmit={form.handleSubmit(({ new_password }) => reset.mutate({ token, new_password }))}>
      <NewPasswordFields
        hint={newPasswordHint}
        password={{ ...form.register('new_password'), error: errors.new_password?.message }}
        confirm={{ ...form.register('confirmPassword'), error: errors.confirmPassword?.message }}
      />
      <Button type="submit" size="lg" loading={reset.isPending}>
        Save the new password
      </Button>
    </Form>
  );
}
