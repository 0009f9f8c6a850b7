import { verificationCodeField } from '@furrow/domain/api/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { Button } from '../../components/ui/button';
import { Form } from '../../components/ui/form';
import { TextField } from '../../components/ui/text-field';
import { useToast } from '../../components/ui/use-toast';
import { afterSignIn } from '../../lib/after-sign-in';
import { authFailureMessage, isAuthFailure } from '../../lib/auth-errors';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { authApi } from './auth-api';
import {
  clearPendingVerification,
  type PendingVerification,
  readPendingVerification,
  savePendingVerification,
} from './pending-verification';

const codeForm = z.object({ verificationCode: verificationCodeField });
type CodeForm = z.input<typeof codeForm>;

const RESEND_PAUSE_SECONDS = 30;

function fromNavigation(state: unknown): PendingVerification | null {
  if (state && typeof state === 'object' && 'token' in state && 'email' in state) {
    const { token, email } = state;
    if (typeof token === 'string' && typeof email === 'string') return { token, email };
  }
  return null;
}

/** The 6-digit code from the e-mail, with a way to have a new one sent. */
export function VerifyCodeForm() {
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const { toast } = useToast();
  const [pending, setPending] = useState(
    () => fromNavigation(location.state) ?? readPendingVerification(),
  );
  const [pause, setPause] = useState(0);
  const form = useForm<CodeForm>({
    resolver: zodResolver(codeForm),
    mode: 'onChange',
    defaultValues: { verificationCode: '' },
  });
  const { errors } = form.formState;

  useEffect(() => {
    if (pause <= 0) return;
    const timer = setTimeout(() => setPause((seconds) => seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [pause]);

  const verify = useMutation({
    mutationFn: authApi.verify,
    onSuccess: ({ message, user, token }) => {
      clearPendingVerification();
      // The code proved the mailbox: the new user is signed in and goes to their role's landing.
      session.signIn(token, user);
      toast({ title: 'E-mail verified', description: message });
      navigate(afterSignIn(user.role), { replace: true });
    },
    onError: (error) => {
      if (isAuthFailure(error, 'ALREADY_VERIFIED')) {
        clearPendingVerification();
        navigate(paths.login, { replace: true, state: { email: pending?.email } });
      }
      toast({ title: authFailureMessage(error, 'VERIFY_FAILED'), variant: 'destructive' });
    },
  });

  const resend = useMutation({
    mutationFn: (token: string) => authApi.resend({ verificationToken: token }),
    onSuccess: ({ token, message }) => {
      if (pending) {
        const next = { token, email: pending.email };
        savePendingVerification(next);
        setPending(next);
      }
      form.reset({ verificationCode: '' });
      setPause(RESEND_PAUSE_SECONDS);
      toast({ title: 'New code sent', description: message });
    },
    onError: (error) => {
      toast({ title: authFailureMessage(error, 'VERIFY_FAILED'), variant: 'destructive' });
    },
  });

  if (!pending) {
    return (
      <div className="grid gap-4 text-ink-muted">
        <p>
          We don't know which account to verify in this browser. Sign in with your e-mail and
          password and we'll send you a new code, or create an account.
        </p>
        <div className="flex flex-wrap gap-2">
          <Button asChild>
            <Link to={paths.login}>Sign in</Link>
          </Button>
          <Button asChild variant="secondary">
            <Link to={paths.register}>Create an account</Link>
          </Button>
        </div>
      </div>
    );
  }

  return (
    <Form
      onSubmit={form.handleSubmit(({ verificationCode }) =>
        verify.mutate({ verificationCode, verificationToken: pending.token }),
      )}
    >
      <p className="text-ink-muted">
        We sent it to <strong className="font-semibold text-ink">{pending.email}</strong>. It works
        for 10 minutes.
      </p>
      <TextField
        label="Verification code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        placeholder="123456"
        className="[&_input]:font-mono [&_input]:text-2xl [&_input]:tracking-[0.5em]"
        error={errors.verificationCode?.message}
        {...form.register('verificationCode')}
      />
      <Button type="submit" size="lg" loading={verify.isPending}>
        Verify e-mail
      </Button>
      <div className="flex flex-wrap items-center gap-2 text-ink-muted text-sm">
        No e-mail? Check your spam folder, or
        <Button
          variant="ghost"
          size="sm"
          className="text-leaf-ink underline underline-offset-4"
          disabled={pause > 0}
          loading={resend.isPending}
          onClick={() => resend.mutate(pending.token)}
        >
          {pause > 0 ? `send a new code in ${pause} s` : 'send a new code'}
        </Button>
      </div>
    </Form>
  );
}
