import { type LoginBody, loginBody } from '@furrow/domain/api/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { MailWarning } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { CheckboxField } from '../../components/ui/field';
import { Form } from '../../components/ui/form';
import { PasswordField } from '../../components/ui/password-field';
import { EmailField } from '../../components/ui/text-field';
import { useToast } from '../../components/ui/use-toast';
import { afterSignIn } from '../../lib/after-sign-in';
import { authFailureMessage, isAuthFailure } from '../../lib/auth-errors';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { authApi } from './auth-api';
import { savePendingVerification } from './pending-verification';

/** E-mail and password, with the admin sign-in option tucked under the form. */
export function LoginForm({ initialEmail = '' }: { initialEmail?: string }) {
  const session = useSession();
  const navigate = useNavigate();
  const { toast } = useToast();
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const form = useForm<LoginBody>({
    resolver: zodResolver(loginBody),
    mode: 'onChange',
    defaultValues: { email: initialEmail, password: '', admin: false },
  });
  const { errors } = form.formState;

  const signIn = useMutation({
    mutationFn: authApi.login,
    onSuccess: ({ token, user, message }) => {
      session.signIn(token, user);
      toast({ title: message, description: `Welcome back, ${user.firstName}.` });
      navigate(afterSignIn(user.role), { replace: true });
    },
    onError: (error, body) => {
      if (isAuthFailure(error, 'EMAIL_NOT_VERIFIED')) {
        setUnverifiedEmail(body.email.trim().toLowerCase());
      }
      toast({ title: authFailureMessage(error, 'LOGIN_FAILED'), variant: 'destructive' });
    },
  });

  const resend = useMutation({
    mutationFn: (email: string) => authApi.resend({ email }),
    onSuccess: ({ token, message }, email) => {
      savePendingVerification({ token, email });
      toast({ title: message });
      navigate(paths.otpVerify, { state: { token, email } });
    },
    onError: (error) => {
      toast({ title: authFailureMessage(error, 'VERIFY_FAILED'), variant: 'destructive' });
    },
  });

  return (
    <Form
      onSubmit={form.handleSubmit((body) => {
        setUnverifiedEmail(null);
        signIn.mutate(body);
      })}
    >
      <EmailField error={errors.email?.message} {...form.register('email')} />
      <PasswordField
        label="Password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <Link
        to={paths.forgotPassword}
        className="justify-self-end text-leaf-ink text-sm underline underline-offset-4"
      >
        Forgot your password?
      </Link>

      {unverifiedEmail && (
        <div
          role="status"
          className="grid gap-3 rounded-xl border border-harvest bg-harvest-soft p-4 text-harvest-ink text-sm"
        >
          <p className="flex items-start gap-2">
            <MailWarning aria-hidden className="mt-0.5 size-4 shrink-0" />
            Your e-mail address is not verified yet. We can send a new code to {unverifiedEmail}.
          </p>
          <Button
            variant="secondary"
            size="sm"
            className="justify-self-start"
            loading={resend.isPending}
            onClick={() => resend.mutate(unverifiedEmail)}
          >
            Send me a new code
          </Button>
        </div>
      )}

      <Button type="submit" size="lg" loading={signIn.isPending}>
        Sign in
      </Button>

      {/* Only staff need it, so it waits under the form, out of every shopper's way. */}
      <details className="text-ink-muted text-sm">
        <summary className="cursor-pointer justify-self-start underline-offset-4 hover:underline">
          Administrator sign-in
        </summary>
        <div className="mt-3 grid gap-2">
          <CheckboxField
            label="Sign in as an administrator"
            size="sm"
            {...form.register('admin')}
          />
          <p>Only accounts with the administrator role can sign in this way.</p>
        </div>
      </details>
    </Form>
  );
}
