import { Page } from '../../components/layout/page';
import { CartView } from '../../features/cart/cart-view';

export function CartScreen() {
  return (
    <Page title="Your cart">
      <CartView />
    </Page>
  );
}
