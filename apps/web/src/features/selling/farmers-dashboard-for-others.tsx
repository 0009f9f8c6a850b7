import { TRIAL_DAYS } from '@furrow/domain/plans';
import { ShieldCheck, ShoppingBasket, Sprout } from 'lucide-react';
import { Link } from 'react-router';
import { Page } from '../../components/layout/page';
import { Button } from '../../components/ui/button';
import { paths } from '../../lib/paths';

/**
 * `/farmers/dashboard` opened by a shopper: not farmer onboarding they cannot use from their
 * account, but what the page is, the way to start selling, and the way back to the food.
 */
export function ShopperOnFarmersDashboard({ email }: { email: string }) {
  return (
    <Page
      width="narrow"
      title="This is the farmers' dashboard"
      description="Farmers run their farms here: products and stock, orders and pick lists, plans and payouts."
    >
      <div className="grid gap-6">
        <p className="text-ink-muted">
          You are signed in as <strong className="text-ink">{email}</strong>, a shopper's account. A
          farm is run from a farmer account of its own: see what selling on Furrow involves, the
          plans and the {TRIAL_DAYS}-day free trial, and start from there.
        </p>
        <div className="flex flex-wrap gap-3">
          <Button asChild>
            <Link to={paths.sell}>
              <Sprout aria-hidden className="size-4" />
              Start selling
            </Link>
          </Button>
          <Button asChild variant="secondary">
            <Link to={paths.welcome}>
              <ShoppingBasket aria-hidden className="size-4" />
              Back to shopping
            </Link>
          </Button>
        </div>
      </div>
    </Page>
  );
}

/** `/farmers/dashboard` opened by an admin, who looks after farms from the admin screens. */
export function AdminOnFarmersDashboard() {
  return (
    <Page
      width="narrow"
      title="This is the farmers' dashboard"
      description="Each farmer runs their own farms here. As an administrator you look after every farm from the admin screens."
    >
      <div className="grid gap-6">
        <p className="text-ink-muted">
          Farm management lists every farm with its plan and status, to review, feature, suspend or
          reinstate it, beside the audit log of what was done.
        </p>
        <Button asChild className="justify-self-start">
          <Link to={paths.admin}>
            <ShieldCheck aria-hidden className="size-4" />
            Go to farm management
          </Link>
        </Button>
      </div>
    </Page>
  );
}
