import type { Farm } from '@furrow/domain/api/farms';
import { CheckCircle2, CreditCard } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { LoadError } from '../../components/ui/load-error';
import { Skeleton } from '../../components/ui/skeleton';
import { useToast } from '../../components/ui/use-toast';
import { messageOrFailedTo } from '../../lib/failure-message';
import { usePayouts, useStartOnboarding } from './payouts-api';

/**
 * Card payments for one farm: connecting its own payouts account (Stripe Connect Express, or the
 * sandbox's one click), so that shoppers can pay it by card at checkout.
 */
export function FarmPayouts({ farm }: { farm: Pick<Farm, 'id' | 'name'> }) {
  const payouts = usePayouts(farm.id);
  const onboarding = useStartOnboarding(farm.id);
  const { toast } = useToast();
  // The billing page shows one panel per farm, so each heading needs its own id.
  const headingId = useId();
  useReturnToast(payouts.data?.state);

  async function connect() {
    try {
      window.location.assign(await onboarding.mutateAsync());
    } catch (error) {
      toast({
        title: 'Payouts not connected',
        description: messageOrFailedTo(error, 'connect payouts'),
        variant: 'destructive',
      });
    }
  }

  if (payouts.isPending) return <Skeleton className="h-32" />;
  if (payouts.isError) {
    return (
      <LoadError onRetry={() => void payouts.refetch()}>
        The card payments of {farm.name} could not be loaded: {payouts.error.message}
      </LoadError>
    );
  }
  const { state } = payouts.data;
  return (
    <section aria-labelledby={headingId}>
      <Card className="flex flex-wrap items-start justify-between gap-4 p-4 sm:p-6">
        <div className="grid max-w-prose gap-1">
          <h2 id={headingId} className="flex items-center gap-2 font-semibold text-ink text-xl">
            <CreditCard aria-hidden className="size-5 text-leaf" />
            Card payments for {farm.name}
          </h2>
          {state === 'connected' ? (
            <p className="text-ink-muted">
              Shoppers can pay {farm.name} by card at checkout. The money goes straight to the
              farm's own payouts account; a cancelled order is refunded from it.
            </p>
          ) : state === 'pending' ? (
            <p className="text-ink-muted">
              Onboarding is not finished yet. Until it is, shoppers pay {farm.name} at pickup or on
              delivery.
            </p>
          ) : (
            <p className="text-ink-muted">
              Let shoppers pay by card at checkout. Connect the farm's own payouts account and the
              money goes straight to it; until then they pay at pickup or on delivery.
            </p>
          )}
        </div>
        {state === 'connected' ? (
          <Badge tone="leaf" className="px-3 py-1 text-sm">
            <CheckCircle2 aria-hidden className="size-4" />
            Payouts connected
          </Badge>
        ) : (
          <Button onClick={() => void connect()} loading={onboarding.isPending}>
            {state === 'pending' ? 'Finish connecting payouts' : 'Connect payouts'}
          </Button>
        )}
      </Card>
    </section>
  );
}

/** Back from onboarding (`?payouts=`): says how it went, once, and tidies the address. */
function useReturnToast(state: string | undefined) {
  const [searchParams, setSearchParams] = useSearchParams();
  const { toast } = useToast();
  const shown = useRef(false);
  const returned = searchParams.get('payouts');

  useEffect(() => {
    if (!returned || !state || shown.current) return;
    shown.current = true;
    toast(
      state === 'connected'
        ? { title: 'Payouts connected', description: 'Shoppers can now pay this farm by card.' }
        : {
            title: 'Payouts not connected yet',
            description: 'Finish onboarding to take card payments.',
            variant: 'destructive',
          },
    );
    setSearchParams(
      (params) => {
        params.delete('payouts');
        return params;
      },
      { replace: true },
    );
  }, [returned, state, toast, setSearchParams]);
}
