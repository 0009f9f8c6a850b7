import { DAY_MS, formatLongDate, toDate } from '@furrow/domain/dates';
import { getPlan } from '@furrow/domain/plans';
import { AlertTriangle, EyeOff } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { LoadError } from '../../components/ui/load-error';
import { Skeleton } from '../../components/ui/skeleton';
import { useToast } from '../../components/ui/use-toast';
import { paths } from '../../lib/paths';
import { useCurrentSubscription, useProductsHiddenByPlan } from './plans-api';

/** Whole days from now until `end`, counting a part day as one: "1 day left" on the last day. */
function daysLeft(end: string, now: Date): number {
  return Math.max(0, Math.ceil((toDate(end).getTime() - now.getTime()) / DAY_MS));
}

/**
 * The farmer's plan on the dashboard: what they hold, until when, or that they need one; and which
 * products it keeps out of the shop.
 */
export function PlanPanel() {
  return (
    <div className="grid gap-4">
      <PlanSummary />
      <PlanHiddenNotice />
    </div>
  );
}

/** After a move to a smaller plan: the products past its limit, hidden (not deleted), by name. */
function PlanHiddenNotice() {
  const plan = useCurrentSubscription().data;
  const hidden = useProductsHiddenByPlan().data ?? [];
  if (!plan || hidden.length === 0) return null;
  const limit = getPlan(plan.planId).maxProducts;
  const count = hidden.length === 1 ? '1 product is' : `${hidden.length} products are`;
  return (
    <Card role="status" className="flex gap-3 border-harvest bg-harvest-soft p-6">
      <EyeOff aria-hidden className="size-5 shrink-0 text-harvest-ink" />
      <div className="grid gap-2">
        <h2 className="font-semibold text-ink text-xl">{count} hidden from your shop</h2>
        <p className="text-ink">
          Your {plan.planName} plan shows up to {limit} products, so the newest ones past that are
          hidden. Nothing is deleted: upgrade to show them again, or hide other products to make
          room.
        </p>
        <ul className="list-disc pl-5 text-ink">
          {hidden.map((product) => (
            <li key={product.id}>
              {product.name} <span className="text-ink-muted">({product.farmName})</span>
            </li>
          ))}
        </ul>
        <Button asChild variant="secondary" className="w-fit">
          <Link to={paths.farmerPlans}>See the plans</Link>
        </Button>
      </div>
    </Card>
  );
}

function PlanSummary() {
  const current = useCurrentSubscription();
  useCheckoutReturnToast();

  if (current.isPending) return <Skeleton className="h-24" />;
  if (current.isError)
    return (
      <LoadError onRetry={() => void current.refetch()}>
        Your plan could not be loaded: {current.error.message}
      </LoadError>
    );

  const plan = current.data;
  if (!plan) {
    return (
      <Card className="grid justify-items-start gap-3 border-harvest p-6">
        <h2 className="font-semibold text-ink text-xl">Choose a plan to publish products</h2>
        <p className="text-ink-muted">Every plan starts with a 14-day free trial.</p>
        <Button asChild>
          <Link to={paths.farmerPlans}>See the plans</Link>
        </Button>
      </Card>
    );
  }

  if (plan.status === 'past_due') {
    return (
      <Card role="alert" className="flex gap-3 border-danger bg-danger-soft p-6">
        <AlertTriangle aria-hidden className="size-5 shrink-0 text-danger" />
        <div className="grid gap-1">
          <h2 className="font-semibold text-danger text-xl">
            Your {plan.planName} plan is past due
          </h2>
          <p className="text-ink">
            The last payment did not go through. Your farms stay visible but take no orders until it
            is paid.
          </p>
        </div>
      </Card>
    );
  }

  const cycle = plan.billingCycle === 'annual' ? 'annual' : 'monthly';
  return (
    <Card className="grid gap-1 p-6">
      <h2 className="font-semibold text-ink text-xl">
        {plan.planName} plan, {cycle}
      </h2>
      {plan.status === 'trial' && plan.trialEndsAt ? (
        <p className="text-ink">
          Trial ends {formatLongDate(plan.trialEndsAt)} (
          {pluralDays(daysLeft(plan.trialEndsAt, new Date()))} left)
        </p>
      ) : (
        plan.nextBillingDate && (
          <p className="text-ink">Next billing date: {formatLongDate(plan.nextBillingDate)}</p>
        )
      )}
    </Card>
  );
}

function pluralDays(days: number): string {
  return days === 1 ? '1 day' : `${days} days`;
}

/**
 * The hosted checkout sends the farmer back with `?checkout=success`: say so once, then drop the
 * parameter so a reload does not say it again.
 */
function useCheckoutReturnToast() {
  const [searchParams, setSearchParams] = useSearchParams();
  const { toast } = useToast();
  const shown = useRef(false);
  const returned = searchParams.get('checkout') === 'success';

  useEffect(() => {
    if (!returned || shown.current) return;
    shown.current = true;
    toast({
      title: 'Payment details saved',
      description: 'Your plan starts with its 14-day free trial; the card is charged after it.',
    });
    setSearchParams(
      (params) => {
        params.delete('checkout');
        return params;
      },
      { replace: true },
    );
  }, [returned, toast, setSearchParams]);
}
