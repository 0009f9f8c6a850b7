import type { Farm } from '@furrow/domain/api/farms';
import { useQueryClient } from '@tanstack/react-query';
import { ClipboardList, Plus, Receipt, RefreshCw } from 'lucide-react';
import { useDeferredValue, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Page } from '../../components/layout/page';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { preloadsOnIntent } from '../../components/ui/lazy-dialog';
import { FarmEventsManager } from '../../features/events/farm-events-manager';
import { myFarmerProfileQuery } from '../../features/farmer-profile/farmer-profile-api';
import { MyFarmerProfile } from '../../features/farmer-profile/my-farmer-profile';
import { FarmFormDialog } from '../../features/farms/farm-form-dialog-on-demand';
import { FarmList, FarmListSkeleton, FirstFarmEmptyState } from '../../features/farms/farm-list';
import { myFarmsQuery, useMyFarms } from '../../features/farms/farms-api';
import { FarmPayouts } from '../../features/payouts/farm-payouts';
import { PlanPanel } from '../../features/plans/plan-panel';
import { currentSubscriptionQuery } from '../../features/plans/plans-api';
import { FarmProducts } from '../../features/products/farm-products';
import {
  AdminOnFarmersDashboard,
  ShopperOnFarmersDashboard,
} from '../../features/selling/farmers-dashboard-for-others';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { RequireRole } from '../require-role';

export function FarmerDashboardScreen() {
  const { user } = useSession();
  useFirstQueriesEarly(user?.role === 'farmer');
  return (
    <RequireRole
      roles={['farmer']}
      // Farmer onboarding would be of no use to either: each is told what the page is and where to go.
      otherwise={{
        customer: <ShopperOnFarmersDashboard email={user?.email ?? ''} />,
        admin: <AdminOnFarmersDashboard />,
      }}
    >
      <FarmerDashboard />
    </RequireRole>
  );
}

/**
 * While the stored session is being checked, a farmer's dashboard already asks for what its first
 * screen shows, so that the answers come back with the check's rather than one round trip after it.
 * Should the check refuse the session, these answers are 401s that nobody is shown.
 */
function useFirstQueriesEarly(storedFarmer: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!storedFarmer) return;
    void queryClient.prefetchQuery(currentSubscriptionQuery);
    void queryClient.prefetchQuery(myFarmerProfileQuery);
    void queryClient.prefetchQuery(myFarmsQuery);
  }, [storedFarmer, queryClient]);
}

/**
 * The farmer's profile, their farms, and the products of the one chosen (kept in `?farm=` so a
 * reload keeps it).
 */
function FarmerDashboard() {
  const farms = useMyFarms();
  const [searchParams, setSearchParams] = useSearchParams();
  const [editing, setEditing] = useState<Farm | 'new' | null>(null);
  const list = farms.data ?? [];
  const selected = list.find((farm) => farm.id === searchParams.get('farm')) ?? list[0];
  // The chosen farm's panels (payouts, products, events) are drawn in a transition of their own,
  // which yields to the browser as it works: drawn with the rest, the dashboard's first screen was
  // one long task on a slow phone. They are below the fold there.
  const panelsFarm = useDeferredValue(selected ?? null, null);

  function select(farm: Farm) {
    setSearchParams({ farm: farm.id }, { replace: true });
  }

  return (
    <Page
      title="Your farm dashboard"
      description="Your profile, your farms, what you sell and how much is left, all in one place."
    >
      <div className="grid gap-12">
        <div className="flex flex-wrap gap-3">
          <Button asChild className="w-fit">
            <Link to={paths.farmerOrders}>
              <ClipboardList aria-hidden className="size-4" />
              Orders and pick list
            </Link>
          </Button>
          <Button asChild variant="secondary" className="w-fit">
            <Link to={paths.farmerBilling}>
              <Receipt aria-hidden className="size-4" />
              Plan and billing
            </Link>
          </Button>
        </div>
        <PlanPanel />
        <MyFarmerProfile />

        <section aria-labelledby="your-farms" className="grid gap-4">
          <div className="flex flex-wrap items-center justify-between gap-4">
            <h2 id="your-farms" className="font-semibold text-2xl text-ink">
              Your farms
            </h2>
            {list.length > 0 && (
              <Button
                variant="secondary"
                {...preloadsOnIntent(FarmFormDialog)}
                onClick={() => setEditing('new')}
              >
                <Plus aria-hidden className="size-4" />
                New farm
              </Button>
            )}
          </div>
          {farms.isPending ? (
            <FarmListSkeleton />
          ) : farms.isError ? (
            <Card role="alert" className="grid justify-items-start gap-3 p-6">
              <p className="text-ink">Your farms could not be loaded: {farms.error.message}</p>
              <Button variant="secondary" onClick={() => void farms.refetch()}>
                <RefreshCw aria-hidden className="size-4" />
                Try again
              </Button>
            </Card>
          ) : list.length === 0 ? (
            <FirstFarmEmptyState onCreate={() => setEditing('new')} />
          ) : (
            <FarmList
              farms={list}
              selectedId={selected?.id}
              onSelect={select}
              onEdit={(farm) => setEditing(farm)}
            />
          )}
        </section>

        {panelsFarm && <FarmPayouts key={`payouts-${panelsFarm.id}`} farm={panelsFarm} />}
        {panelsFarm && <FarmProducts key={panelsFarm.id} farm={panelsFarm} />}
        {panelsFarm && <FarmEventsManager key={`events-${panelsFarm.id}`} farm={panelsFarm} />}
      </div>

      {/* Made when it opens: closed, its form and the list of every time zone it offers were built
          with the rest of the dashboard, a long task on a slow phone. */}
      {editing !== null && (
        <FarmFormDialog
          open
          onOpenChange={(open) => !open && setEditing(null)}
          farm={editing === 'new' ? undefined : editing}
          onSaved={select}
        />
      )}
    </Page>
  );
}
