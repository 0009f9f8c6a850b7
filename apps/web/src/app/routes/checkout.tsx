import type { Order } from '@furrow/domain/api/orders';
import { ShoppingBasket } from 'lucide-react';
import { createSearchParams, Link, useNavigate } from 'react-router';
import { Page } from '../../components/layout/page';
import { Button } from '../../components/ui/button';
import { useCart } from '../../features/cart/cart-context';
import { CheckoutForm } from '../../features/checkout/checkout-form';
import { useChosenLocation } from '../../features/location/use-chosen-location';
import { ORDER_IDS_PARAM } from '../../features/orders/order-confirmation';
import { paths } from '../../lib/paths';
import { RequireRole } from '../require-role';

/** Checkout for signed-in customers; a guest signs in first and comes back to the same cart. */
export function CheckoutScreen() {
  return (
    <RequireRole roles={['customer']}>
      <Checkout />
    </RequireRole>
  );
}

function Checkout() {
  const { cart, dispatch } = useCart();
  const [location] = useChosenLocation();
  const navigate = useNavigate();

  function showConfirmation(orders: Order[]) {
    const search = createSearchParams({
      [ORDER_IDS_PARAM]: orders.map((order) => order.id).join(','),
    });
    navigate({ pathname: paths.orderConfirmation, search: `?${search}` }, { replace: true });
  }

  return (
    <Page
      title="Checkout"
      description="Choose how each farm hands over your food, then place your order."
    >
      {cart.items.length === 0 ? (
        <div className="grid justify-items-center gap-4 rounded-2xl border border-line border-dashed bg-surface px-6 py-12 text-center text-ink-muted">
          <ShoppingBasket aria-hidden className="size-8 text-leaf" />
          <h2 className="font-semibold text-ink text-xl">Your cart is empty</h2>
          <p>Add food from farms near you, then come back here to order it.</p>
          <Button asChild>
            <Link to={paths.home}>Browse food near you</Link>
          </Button>
        </div>
      ) : (
        <CheckoutForm
          cart={cart}
          dispatch={dispatch}
          knownLocation={location}
          onPlaced={showConfirmation}
          onPay={(url) => window.location.assign(url)}
        />
      )}
    </Page>
  );
}
