import type { SubscriptionAnswer } from '@furrow/domain/api/subscriptions';
import { formatLongDate } from '@furrow/domain/dates';
import { formatUsd } from '@furrow/domain/money';
import { formatCount } from '@furrow/domain/numbers';
import { type BillingCycle, formatStorage, type PlanId, plans } from '@furrow/domain/plans';
import { cycleChargeCents, defersChange } from '@furrow/domain/subscriptions';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { ChoiceCard } from '../../components/ui/choice-card';
import { DialogFooter, FormDialog } from '../../components/ui/dialog';
import { useToast } from '../../components/ui/use-toast';
import { messageOrFailedTo } from '../../lib/failure-message';
import { useChangePlan } from './billing-api';

/**
 * Another plan or billing cycle. As the server applies it: a move up (or any move during the
 * trial) at once, a move down when the period already paid for ends.
 */
export function ChangePlanDialog({ subscription }: { subscription: SubscriptionAnswer }) {
  const { toast } = useToast();
  const change = useChangePlan(subscription.id);
  const [open, setOpen] = useState(false);
  const [planId, setPlanId] = useState<PlanId>(subscription.planId);
  const [cycle, setCycle] = useState<BillingCycle>(subscription.billingCycle);

  function openDialog(next: boolean) {
    setOpen(next);
    if (next) {
      setPlanId(subscription.planId);
      setCycle(subscription.billingCycle);
    }
  }

  const unchanged = planId === subscription.planId && cycle === subscription.billingCycle;
  const later = defersChange(subscription, planId);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (unchanged) return;
    try {
      const answer = await change.mutateAsync({ planId, billingCycle: cycle });
      toast({ title: 'Plan changed', description: answer.message });
      setOpen(false);
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'The plan was not changed',
        description: messageOrFailedTo(error, 'change the plan'),
      });
    }
  }

  return (
    <>
      <Button onClick={() => openDialog(true)}>Change plan</Button>
      <FormDialog
        open={open}
        onOpenChange={openDialog}
        busy={change.isPending}
        title="Change your plan"
        description="Prices in US dollars. Limits count across all your farms."
      >
        <form className="grid gap-5" onSubmit={(event) => void submit(event)}>
          <fieldset className="grid gap-2">
            <legend className="mb-2 font-medium text-ink text-sm">Billing cycle</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {(['monthly', 'annual'] as const).map((option) => (
                <ChoiceCard
                  key={option}
                  name="billing-cycle"
                  value={option}
                  checked={cycle === option}
                  onChange={() => setCycle(option)}
                  title={option === 'annual' ? 'Annual' : 'Monthly'}
                />
              ))}
            </div>
          </fieldset>
          <fieldset className="grid gap-2">
            <legend className="mb-2 font-medium text-ink text-sm">Plan</legend>
            {plans.map((plan) => (
              <ChoiceCard
                key={plan.id}
                name="plan"
                value={plan.id}
                checked={planId === plan.id}
                onChange={() => setPlanId(plan.id)}
                title={`${plan.name}: ${formatUsd(cycleChargeCents(plan, cycle))} ${cycle === 'annual' ? 'a year' : 'a month'}`}
                description={`${plan.maxProducts} products, ${formatStorage(plan.storageLimit)} of photos, ${formatCount(plan.apiCallsLimit)} API calls a month`}
              />
            ))}
          </fieldset>
          <p className="text-ink-muted text-sm" aria-live="polite">
            {unchanged
              ? 'This is your plan now.'
              : later
                ? `A smaller plan starts when the period you paid for ends${subscription.nextBillingDate ? `, on ${formatLongDate(subscription.nextBillingDate)}` : ''}; until then you keep what you have.`
                : subscription.status === 'trial'
                  ? 'Your trial continues on the new plan.'
                  : 'The new plan starts now, with a new billing period.'}
          </p>
          <DialogFooter>
            <Button variant="secondary" onClick={() => setOpen(false)} disabled={change.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={change.isPending} disabled={unchanged}>
              {later ? 'Schedule change' : 'Change plan'}
            </Button>
          </DialogFooter>
        </form>
      </FormDialog>
    </>
  );
}
