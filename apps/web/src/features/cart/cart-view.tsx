import { type CartItem, cartCount, cartTotalCents, groupByFarm } from '@furrow/domain/cart';
import { formatUsd } from '@furrow/domain/money';
import { ShoppingBasket } from 'lucide-react';
import { generatePath, Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ToastAction } from '../../components/ui/toast-action';
import { useToast } from '../../components/ui/use-toast';
import { paths } from '../../lib/paths';
import { useCart } from './cart-context';
import { CartLine } from './cart-line';
import { ClearCartDialog } from './clear-cart-dialog';

/** The cart page: one section per farm (one order each at checkout), subtotals and the total. */
export function CartView() {
  const { cart, dispatch } = useCart();
  const { toast } = useToast();

  if (cart.items.length === 0) return <EmptyCart />;

  const groups = groupByFarm(cart.items);
  const count = cartCount(cart);

  function remove(item: CartItem) {
    if (!dispatch({ type: 'remove', productId: item.productId })) return;
    toast({
      title: 'Removed from cart',
      description: `${item.quantity} × ${item.name}`,
      action: (
        <ToastAction
          altText="Add it again from its product page"
          onClick={() => dispatch({ type: 'add', item, quantity: item.quantity })}
        >
          Undo
        </ToastAction>
      ),
    });
  }

  function clear() {
    if (dispatch({ type: 'clear' })) toast({ title: 'Your cart is empty' });
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_20rem] lg:items-start">
      <div className="grid gap-6">
        <p className="text-ink-muted">
          {count} {count === 1 ? 'item' : 'items'} from {groups.length}{' '}
          {groups.length === 1 ? 'farm' : 'farms'}
          {/* On a phone the total card is far below; the sum belongs in the first line too. */}
          <span className="lg:hidden"> · {formatUsd(cartTotalCents(cart))}</span>
        </p>
        {groups.map((group) => (
          <Card
            key={group.farmId}
            aria-labelledby={`farm-${group.farmId}`}
            role="region"
            className="px-4 sm:px-6"
          >
            <h2 id={`farm-${group.farmId}`} className="pt-4 font-semibold text-lg sm:pt-6">
              <Link
                to={generatePath(paths.farm, { id: group.farmId })}
                className="text-leaf-ink underline-offset-4 hover:underline"
              >
                {group.farmName}
              </Link>
            </h2>
            <ul className="divide-y divide-line">
              {group.items.map((item) => (
                <CartLine
                  key={item.productId}
                  item={item}
                  onQuantityChange={(quantity) =>
                    dispatch({ type: 'updateQuantity', productId: item.productId, quantity })
                  }
                  onRemove={() => remove(item)}
                />
              ))}
            </ul>
            <p className="flex justify-between border-line border-t py-4 text-ink-muted">
              <span>Subtotal from {group.farmName}</span>
              <span className="font-semibold text-ink tabular-nums">
                {formatUsd(group.subtotalCents)}
              </span>
            </p>
          </Card>
        ))}
      </div>
      <Card className="grid gap-4 p-4 sm:p-6 lg:sticky lg:top-24">
        <p className="flex items-baseline justify-between">
          <span className="font-semibold text-lg">Total</span>
          <span className="font-semibold text-2xl tabular-nums">
            {formatUsd(cartTotalCents(cart))}
          </span>
        </p>
        <Button asChild size="lg">
          <Link to={paths.checkout}>Checkout</Link>
        </Button>
        <div className="flex flex-wrap justify-between gap-2">
          <Button asChild variant="secondary">
            <Link to={paths.home}>Keep shopping</Link>
          </Button>
          <ClearCartDialog onConfirm={clear} />
        </div>
      </Card>
    </div>
  );
}

function EmptyCart() {
  return (
    <div className="grid justify-items-center gap-4 rounded-2xl border border-line border-dashed bg-surface px-6 py-12 text-center text-ink-muted">
      <ShoppingBasket aria-hidden className="size-8 text-leaf" />
      <h2 className="font-semibold text-ink text-xl">Your cart is empty</h2>
      <p>Find fresh food from farms near you and add it here.</p>
      <Button asChild>
        <Link to={paths.home}>Browse food near you</Link>
      </Button>
    </div>
  );
}
