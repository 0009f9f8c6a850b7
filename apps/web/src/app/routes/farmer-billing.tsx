import { Link } from 'react-router';
import { Page } from '../../components/layout/page';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { LoadError } from '../../components/ui/load-error';
import { Skeleton } from '../../components/ui/skeleton';
import { useBillingSubscription } from '../../features/billing/billing-api';
import { BillingHistory } from '../../features/billing/billing-history';
import { FarmAnalytics } from '../../features/billing/farm-analytics';
import { MarketingPreferences } from '../../features/billing/marketing-preferences';
import { PaymentMethods } from '../../features/billing/payment-methods';
import { PlanSummary } from '../../features/billing/plan-summary';
import { UsageMeters } from '../../features/billing/usage-meters';
import { useMyFarms } from '../../features/farms/farms-api';
import { FarmPayouts } from '../../features/payouts/farm-payouts';
import { paths } from '../../lib/paths';
import { RequireRole } from '../require-role';

export function FarmerBillingScreen() {
  return (
    <RequireRole roles={['farmer']}>
      <FarmerBilling />
    </RequireRole>
  );
}

/**
 * The farmer's plan and everything it involves: usage, trading, charges, each farm's card payouts,
 * ways to pay, messages.
 */
function FarmerBilling() {
  const subscription = useBillingSubscription();
  const farms = useMyFarms();

  return (
    <Page title="Plan and billing" description="Your plan, what you use of it, and what you pay.">
      {subscription.isPending ? (
        <div className="grid gap-6">
          <Skeleton className="h-48" />
          <Skeleton className="h-32" />
        </div>
      ) : subscription.isError ? (
        <LoadError onRetry={() => void subscription.refetch()}>
          Your plan could not be loaded: {subscription.error.message}
        </LoadError>
      ) : subscription.data === null ? (
        <Card className="grid justify-items-start gap-3 p-6">
          <h2 className="font-semibold text-ink text-xl">You have no plan yet</h2>
          <p className="text-ink-muted">
            Choose one to publish products. Every plan starts with a 14-day free trial.
          </p>
          <Button asChild>
            <Link to={paths.farmerPlans}>See the plans</Link>
          </Button>
        </Card>
      ) : (
        <div className="grid gap-6">
          <PlanSummary subscription={subscription.data} />
          <UsageMeters subscription={subscription.data} />
          {farms.isPending ? (
            <Skeleton className="h-48" />
          ) : farms.isError ? (
            <LoadError onRetry={() => void farms.refetch()}>
              Your farms could not be loaded: {farms.error.message}
            </LoadError>
          ) : (
            <FarmAnalytics farms={farms.data} />
          )}
          <BillingHistory subscriptionId={subscription.data.id} />
          {farms.data?.map((farm) => (
            <FarmPayouts key={farm.id} farm={farm} />
          ))}
          <div className="grid gap-6 lg:grid-cols-2">
            <PaymentMethods planId={subscription.data.planId} />
            <MarketingPreferences subscription={subscription.data} />
          </div>
        </div>
      )}
    </Page>
  );
}
