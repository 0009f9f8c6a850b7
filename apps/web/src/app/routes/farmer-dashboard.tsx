import type { Farm } from '@furrow/domain/api/farms';
import { ClipboardList, Plus, Receipt, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Page } from '../../components/layout/page';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { FarmEventsManager } from '../../features/events/farm-events-manager';
import { MyFarmerProfile } from '../../features/farmer-profile/my-farmer-profile';
import { FarmFormDialog } from '../../features/farms/farm-form-dialog';
import { FarmList, FarmListSkeleton, FirstFarmEmptyState } from '../../features/farms/farm-list';
import { useMyFarms } from '../../features/farms/farms-api';
import { FarmPayouts } from '../../features/payouts/farm-payouts';
import { PlanPanel } from '../../features/plans/plan-panel';
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
 * The farmer's profile, their farms, and the products of the one chosen (kept in `?farm=` so a
 * reload keeps it).
 */
function FarmerDashboard() {
  const farms = useMyFarms();
  const [searchParams, setSearchParams] = useSearchParams();
  const [editing, setEditing] = useState<Farm | 'new' | null>(null);
  const list = farms.data ?? [];
  const selected = list.find((farm) => farm.id === searchParams.get('farm')) ?? list[0];

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
              <Button variant="secondary" onClick={() => setEditing('new')}>
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

        {selected && <FarmPayouts key={`payouts-${selected.id}`} farm={selected} />}
        {selected && <FarmProducts key={selected.id} farm={selected} />}
        {selected && <FarmEventsManager key={`events-${selected.id}`} farm={selected} />}
      </div>

      <FarmFormDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        farm={editing === 'new' || editing === null ? undefined : editing}
        onSaved={select}
      />
    </Page>
  );
}
