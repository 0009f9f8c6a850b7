import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Form } from '../../components/ui/form';
import { PasswordField } from '../../components/ui/password-field';
import { EmailField } from '../../components/ui/text-field';
import { useToast } from '../../components/ui/use-toast';
import { ApiError, api } from '../../lib/api-client';
import { messageOrFailedTo } from '../../lib/failure-message';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session';

/**
 * A farmer deletes their account (product rules: deletion). What goes is spelled out first; the
 * password (or, for an account made with Google, the e-mail address) confirms it, and a last
 * question asks again.
 */
export function DeleteFarmerAccount() {
  const session = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { toast } = useToast();
  const [withGoogle, setWithGoogle] = useState(false);
  const [secret, setSecret] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [refusal, setRefusal] = useState<{ message: string; details: string[] } | null>(null);
  const [confirming, setConfirming] = useState(false);

  const remove = useMutation({
    mutationFn: () =>
      api.delete<{ message: string }>('/api/farmers/me', {
        body: withGoogle ? { email: secret } : { password: secret },
      }),
    onSuccess: ({ message }) => {
      session.signOut();
      queryClient.clear();
      navigate(paths.home, { replace: true });
      toast({ title: message, description: 'Thank you for selling on Furrow.' });
    },
    onError: (error) => {
      setConfirming(false);
      const details = error instanceof ApiError ? (error.details ?? []) : [];
      if (details.some((detail) => detail.field === 'password')) {
        setFieldError(
          withGoogle ? 'This is not your e-mail address' : 'This password is not correct',
        );
        return;
      }
      const message = messageOrFailedTo(error, 'delete your account');
      setRefusal({
        message,
        details: details.filter((d) => d.field === 'orders').map((d) => d.message),
      });
      toast({
        variant: 'destructive',
        title: 'Your account was not deleted',
        description: message,
      });
    },
  });

  function ask(event: FormEvent) {
    event.preventDefault();
    setRefusal(null);
    if (secret.trim() === '') {
      setFieldError(withGoogle ? 'Type your e-mail address' : 'Type your password');
      return;
    }
    setConfirming(true);
  }

  return (
    <div className="grid gap-4">
      <p className="text-ink">Deleting your farmer account removes:</p>
      <ul className="grid list-disc gap-1 pl-5 text-ink">
        <li>every farm you run on Furrow, and its page</li>
        <li>all your products, their photos and stock</li>
        <li>your farm events and pickup times</li>
        <li>customers’ pre-orders of your products not filled yet (we let them know)</li>
        <li>your plan (nothing more is charged) and your saved payment methods</li>
        <li>your farmer profile, logo and profile photo</li>
        <li>your account: you are signed out and cannot sign in again</li>
      </ul>
      <p className="text-ink-muted text-sm">
        Your customers keep their completed and cancelled orders in their history, with your farm’s
        name and what they bought. It cannot be done while one of your farms has an open order
        (placed, confirmed or ready): complete or cancel those first.
      </p>
      {refusal && (
        <div role="alert" className="grid gap-1 rounded-lg bg-danger-soft p-3 text-sm">
          <p className="font-medium text-danger">{refusal.message}</p>
          {refusal.details.length > 0 && (
            <ul className="list-disc pl-5 text-ink">
              {refusal.details.map((detail) => (
                <li key={detail}>{detail}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      <Form onSubmit={ask}>
        {withGoogle ? (
          <EmailField
            label="Your e-mail address"
            hint="You sign in with Google, so type your address to confirm."
            value={secret}
            error={fieldError}
            onChange={(event) => {
              setSecret(event.target.value);
              setFieldError(undefined);
            }}
          />
        ) : (
          <PasswordField
            label="Your password"
            autoComplete="current-password"
            value={secret}
            error={fieldError}
            onChange={(event) => {
              setSecret(event.target.value);
              setFieldError(undefined);
            }}
          />
        )}
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" variant="destructive">
            <Trash2 aria-hidden className="size-4" />
            Delete my farmer account
          </Button>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              setWithGoogle(!withGoogle);
              setSecret('');
              setFieldError(undefined);
            }}
          >
            {withGoogle ? 'I have a password' : 'I sign in with Google'}
          </Button>
        </div>
      </Form>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete your farmer account?"
        description="Your farms, products, events, photos and account go now. This cannot be undone."
        cancelLabel="Keep my account"
        confirmLabel="Delete everything"
        destructive
        pending={remove.isPending}
        onConfirm={() => remove.mutate()}
      />
    </div>
  );
}
