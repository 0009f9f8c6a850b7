import { dollarsToCents, formatUsd } from '@furrow/domain/money';
import type { BillingCycle } from '@furrow/domain/plans';
import { annualSavingsCents, formatStorage, getPlan } from '@furrow/domain/plans';
import { Check, CreditCard } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { LoadError } from '../../components/ui/load-error';
import { Skeleton } from '../../components/ui/skeleton';
import { useToast } from '../../components/ui/use-toast';
import { cn } from '../../lib/cn';
import { messageOrFailedTo } from '../../lib/failure-message';
import { paths } from '../../lib/paths';
import {
  type PlanChoice,
  type PlanOffer,
  useCardCheckout,
  useCurrentSubscription,
  usePlans,
  useStartTrial,
} from './plans-api';

interface PlanChooserProps {
  /** The farm a card payment is for; absent while the farmer has none, so only the trial is offered. */
  farmId?: string;
}

/** The three plans side by side, priced for the chosen billing cycle, each with its way to start. */
export function PlanChooser({ farmId }: PlanChooserProps) {
  const plans = usePlans();
  const current = useCurrentSubscription();
  const [cycle, setCycle] = useState<BillingCycle>('monthly');
  const { toast } = useToast();
  const navigate = useNavigate();
  const startTrial = useStartTrial();
  const checkout = useCardCheckout();
  const [pending, setPending] = useState<string | null>(null);

  if (plans.isPending || current.isPending) return <Skeleton className="h-96" />;
  if (plans.isError)
    return (
      <LoadError onRetry={() => void plans.refetch()}>
        The plans could not be loaded: {plans.error.message}
      </LoadError>
    );
  if (current.isError)
    return (
      <LoadError onRetry={() => void current.refetch()}>
        Your plan could not be loaded: {current.error.message}
      </LoadError>
    );

  const held = current.data;

  async function trial(choice: PlanChoice, plan: PlanOffer) {
    setPending(`trial-${plan.id}`);
    try {
      await startTrial.mutateAsync(choice);
      toast({
        title: 'Your free trial has started',
        description: `${plan.name} is yours for ${plan.trialDays} days. Add your products now.`,
      });
      navigate(paths.farmerDashboard);
    } catch (error) {
      setPending(null);
      toast({
        variant: 'destructive',
        title: 'The trial did not start',
        description: messageOrFailedTo(error, 'start the trial'),
      });
    }
  }

  async function pay(choice: PlanChoice, shopId: string) {
    setPending(`card-${choice.planId}`);
    try {
      window.location.assign(await checkout.mutateAsync({ ...choice, shopId }));
    } catch (error) {
      setPending(null);
      toast({
        variant: 'destructive',
        title: 'The checkout did not open',
        description: messageOrFailedTo(error, 'open the checkout'),
      });
    }
  }

  return (
    <div className="grid gap-6">
      <fieldset className="flex w-fit rounded-full border border-line-strong bg-surface p-1">
        <legend className="sr-only">Billing</legend>
        {(['monthly', 'annual'] as const).map((value) => (
          <label
            key={value}
            className={cn(
              'cursor-pointer rounded-full px-4 py-1.5 font-medium text-sm has-focus-visible:outline-2 has-focus-visible:outline-leaf',
              cycle === value ? 'bg-leaf text-white' : 'text-ink hover:bg-sunken',
            )}
          >
            <input
              type="radio"
              name="billing-cycle"
              value={value}
              checked={cycle === value}
              onChange={() => setCycle(value)}
              className="sr-only"
            />
            {value === 'monthly' ? 'Monthly' : 'Annual'}
          </label>
        ))}
      </fieldset>

      <ul className="grid gap-6 lg:grid-cols-3">
        {plans.data.map((plan) => {
          const choice = { planId: plan.id, billingCycle: cycle };
          const mine = held?.planId === plan.id;
          return (
            <li key={plan.id}>
              <Card
                aria-labelledby={`plan-${plan.id}`}
                role="article"
                className={cn(
                  'grid h-full content-start gap-4 p-6',
                  plan.recommended && 'border-2 border-leaf',
                )}
              >
                <div className="flex flex-wrap items-center gap-2">
                  <h2 id={`plan-${plan.id}`} className="font-semibold text-ink text-xl">
                    {plan.name}
                  </h2>
                  {plan.recommended && <Badge tone="leaf">Recommended</Badge>}
                  {mine && <Badge tone="harvest">Your plan</Badge>}
                </div>
                <p className="text-ink-muted text-sm">{plan.description}</p>
                <PlanPrice plan={plan} cycle={cycle} />
                <ul className="grid gap-1.5 text-sm">
                  <li className="font-medium">Up to {plan.maxProducts} products</li>
                  <li className="font-medium">
                    {formatStorage(plan.storageLimit)} of photo storage
                  </li>
                  {/* The catalogue's features open with the three limits, two of them said above. */}
                  {plan.features.slice(3).map((feature) => (
                    <li key={feature} className="flex gap-2">
                      <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-leaf" />
                      {feature}
                    </li>
                  ))}
                </ul>
                {!held && (
                  <div className="mt-auto grid gap-2">
                    <Button
                      loading={pending === `trial-${plan.id}`}
                      disabled={pending !== null}
                      onClick={() => void trial(choice, plan)}
                    >
                      Start {plan.trialDays}-day free trial
                    </Button>
                    {farmId && (
                      <Button
                        variant="secondary"
                        loading={pending === `card-${plan.id}`}
                        disabled={pending !== null}
                        onClick={() => void pay(choice, farmId)}
                      >
                        <CreditCard aria-hidden className="size-4" />
                        Pay by card
                      </Button>
                    )}
                  </div>
                )}
              </Card>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function PlanPrice({ plan, cycle }: { plan: PlanOffer; cycle: BillingCycle }) {
  const monthly = dollarsToCents(plan.monthlyPrice);
  const annual = dollarsToCents(plan.annualPrice);
  if (cycle === 'monthly') {
    return (
      <p>
        <span className="font-semibold text-3xl text-ink">{formatUsd(monthly)}</span>
        <span className="text-ink-muted"> a month</span>
      </p>
    );
  }
  const saving = annualSavingsCents(getPlan(plan.id));
  return (
    <div className="grid gap-1">
      <p>
        <span className="font-semibold text-3xl text-ink">{formatUsd(annual)}</span>
        <span className="text-ink-muted"> a year</span>
      </p>
      <p className="text-leaf-ink text-sm">
        Save {formatUsd(saving)} a year ({Math.round((saving / (monthly * 12)) * 100)}%)
      </p>
    </div>
  );
}
