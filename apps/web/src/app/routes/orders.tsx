import { Page } from '../../components/layout/page';
import { OrderList } from '../../features/orders/order-list';
import { RequireRole } from '../require-role';

export function OrdersScreen() {
  return (
    <RequireRole roles={['customer']}>
      <Page title="Your orders" description="Every order with its status and pickup or delivery.">
        <OrderList />
      </Page>
    </RequireRole>
  );
}
