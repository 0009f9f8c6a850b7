import { type CartProduct, quantityInCart } from '@furrow/domain/cart';
import { ShoppingBasket } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { paths } from '../../lib/paths';
import { useCart } from './cart-context';
import { QuantityStepper } from './quantity-stepper';
import { useAddToCart } from './use-add-to-cart';

/** The product page's "how many, then add": the stepper stops at what the cart can still take. */
export function AddToCartForm({ product }: { product: CartProduct }) {
  const { cart } = useCart();
  const addToCart = useAddToCart();
  const inCart = quantityInCart(cart, product.productId);
  const room = product.stock - inCart;
  const [wanted, setWanted] = useState(1);
  // Another tab, or the cart page, may have taken some of the room since the shopper chose.
  const quantity = Math.min(wanted, Math.max(room, 1));

  if (room <= 0) {
    return (
      <div className="grid gap-3">
        <p className="text-ink-muted">
          All {product.stock} they have {product.stock === 1 ? 'is' : 'are'} in your cart.
        </p>
        <Button asChild variant="secondary" className="w-fit">
          <Link to={paths.cart}>View cart</Link>
        </Button>
      </div>
    );
  }

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <QuantityStepper
          value={quantity}
          min={1}
          max={room}
          onChange={setWanted}
          name={product.name}
        />
        <Button
          size="lg"
          className="flex-1 sm:flex-none"
          onClick={() => {
            if (addToCart(product, quantity)) setWanted(1);
          }}
        >
          <ShoppingBasket aria-hidden className="size-5" />
          Add to cart
        </Button>
      </div>
      {inCart > 0 && (
        <p className="text-ink-muted text-sm">
          {inCart} already in your{' '}
          <Link to={paths.cart} className="text-leaf-ink underline underline-offset-4">
            cart
          </Link>
          .
        </p>
      )}
    </div>
  );
}
