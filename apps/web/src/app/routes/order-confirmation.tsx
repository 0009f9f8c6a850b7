import { Page } from '../../components/layout/page';
import { OrderConfirmation } from '../../features/orders/order-confirmation';
import { RequireRole } from '../require-role';

export function OrderConfirmationScreen() {
  return (
    <RequireRole roles={['customer']}>
      <Page title="Thank you for your order">
        <OrderConfirmation />
      </Page>
    </RequireRole>
  );
}
