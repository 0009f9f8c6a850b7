import { Page } from '../../components/layout/page';
import { FarmOrdersBoard } from '../../features/farm-orders/farm-orders-board';
import { PickListPanel } from '../../features/farm-orders/pick-list-panel';
import { WaitingPreorders } from '../../features/farm-orders/waiting-preorders';
import { RequireRole } from '../require-role';

export function FarmerOrdersScreen() {
  return (
    <RequireRole roles={['farmer']}>
      <Page
        title="Orders"
        description="Confirm new orders, pack them and mark them ready; the pick list says what to gather."
      >
        <div className="grid gap-10">
          {/* New orders first: they are what a farmer opens the page for. */}
          <div className="print:hidden">
            <FarmOrdersBoard />
          </div>
          <section aria-labelledby="pick-list" className="grid gap-4">
            <h2 id="pick-list" className="font-semibold text-2xl text-ink print:hidden">
              Pick list
            </h2>
            <PickListPanel />
          </section>
          <section aria-labelledby="waiting-preorders" className="grid gap-4 print:hidden">
            <h2 id="waiting-preorders" className="font-semibold text-2xl text-ink">
              Pre-orders waiting for stock
            </h2>
            <WaitingPreorders />
          </section>
        </div>
      </Page>
    </RequireRole>
  );
}
