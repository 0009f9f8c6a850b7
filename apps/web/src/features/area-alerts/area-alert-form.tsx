import { areaAlertBody } from '@furrow/domain/api/area-alerts';
import { AREA_ALERT_RADIUS_KM } from '@furrow/domain/area-alerts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { BellRing, CircleCheck } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { useToast } from '../../components/ui/use-toast';
import { ApiError } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { signUpForAreaAlert } from './area-alerts-api';

const emailOnly = areaAlertBody.pick({ email: true });
type EmailForm = z.input<typeof emailOnly>;

export interface AreaAlertFormProps {
  /** The place the shopper browsed, where no farm is in reach yet. */
  near: { lat: number; lng: number; label: string };
}

/**
 * "Tell me when farms near me join": an e-mail address left for the place, told once when a farm
 * opens within the browse radius. The form gives way to the confirmation, which stays on screen.
 */
export function AreaAlertForm({ near }: AreaAlertFormProps) {
  const { user } = useSession();
  const { toast } = useToast();
  const headingId = useId();
  const emailId = useId();
  const errorId = useId();
  const form = useForm<EmailForm>({
    resolver: zodResolver(emailOnly),
    defaultValues: { email: user?.email ?? '' },
  });

  const signUp = useMutation({
    mutationFn: (email: string) => signUpForAreaAlert({ email, lat: near.lat, long: near.lng }),
    onError: (error) => {
      const emailProblem =
        error instanceof ApiError && error.details?.find((detail) => detail.field === 'email');
      if (emailProblem) {
        form.setError('email', { message: emailProblem.message });
        return;
      }
      toast({
        title: 'You are not on the list yet',
        description: error.message,
        variant: 'destructive',
      });
    },
  });

  const emailError = form.formState.errors.email?.message;

  if (signUp.isSuccess) {
    return (
      <div
        role="status"
        className="grid w-full max-w-md justify-items-center gap-2 rounded-xl bg-leaf-soft px-4 py-5 text-ink"
      >
        <CircleCheck aria-hidden className="size-7 text-leaf" />
        <p className="text-balance font-semibold">{signUp.data.message}</p>
        <p className="text-ink-muted text-sm">
          We'll write to <strong className="text-ink">{signUp.variables}</strong> about farms near{' '}
          {near.label}.
        </p>
      </div>
    );
  }

  return (
    <form
      noValidate
      aria-labelledby={headingId}
      onSubmit={form.handleSubmit(({ email }) => signUp.mutate(email))}
      className="grid w-full max-w-md gap-3 border-line border-t pt-6 text-left"
    >
      <div className="grid gap-1 text-center">
        <h4 id={headingId} className="text-balance font-semibold text-ink text-lg">
          <BellRing aria-hidden className="mr-2 inline size-5 align-[-3px] text-harvest-ink" />
          Tell me when farms near me join
        </h4>
        <p className="text-balance text-sm">
          One e-mail when a farm opens within {AREA_ALERT_RADIUS_KM} km of {near.label}. Nothing
          else.
        </p>
      </div>
      <div className="grid gap-2 sm:grid-cols-[1fr_auto]">
        <label htmlFor={emailId} className="sr-only">
          Your e-mail
        </label>
        <Input
          id={emailId}
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          aria-invalid={emailError ? true : undefined}
          aria-describedby={emailError ? errorId : undefined}
          {...form.register('email')}
        />
        <Button type="submit" loading={signUp.isPending}>
          Tell me
        </Button>
      </div>
      {emailError && (
        <p id={errorId} className="text-danger text-sm">
          {emailError}
        </p>
      )}
    </form>
  );
}
