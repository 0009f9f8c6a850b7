import { type CartProduct, canAddToCart } from '@furrow/domain/cart';
import { ShoppingBasket } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { useCart } from './cart-context';
import { useAddToCart } from './use-add-to-cart';

interface AddToCartButtonProps {
  product: CartProduct;
  /** The id of the product's name, so that each card's "Add to cart" is told apart. */
  describedBy?: string;
}

/** One more of the product into the cart; disabled once the cart holds all of its stock. */
export function AddToCartButton({ product, describedBy }: AddToCartButtonProps) {
  const { cart } = useCart();
  const addToCart = useAddToCart();
  const allInCart = !canAddToCart(cart, product);
  return (
    <Button
      className="w-full"
      disabled={allInCart}
      aria-describedby={describedBy}
      onClick={() => addToCart(product)}
    >
      <ShoppingBasket aria-hidden className="size-4" />
      {allInCart ? 'All in your cart' : 'Add to cart'}
    </Button>
  );
}
