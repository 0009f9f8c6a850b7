import { cartCount } from '@furrow/domain/cart';
import { ShoppingBasket } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { paths } from '../../lib/paths';
import { useCart } from './cart-context';

/** The header's way to the cart, with the number of units in it. */
export function CartLink() {
  const { cart } = useCart();
  const count = cartCount(cart);
  const label = count === 0 ? 'Cart, empty' : `Cart, ${count} ${count === 1 ? 'item' : 'items'}`;
  return (
    <Button asChild variant="secondary" size="icon" className="relative">
      <Link to={paths.cart} aria-label={label}>
        <ShoppingBasket aria-hidden className="size-5" />
        {count > 0 && (
          <span
            aria-hidden
            className="-top-1.5 -right-1.5 absolute flex h-5 min-w-5 items-center justify-center rounded-full bg-harvest px-1 font-semibold text-white text-xs tabular-nums"
          >
            {count > 99 ? '99+' : count}
          </span>
        )}
      </Link>
    </Button>
  );
}
