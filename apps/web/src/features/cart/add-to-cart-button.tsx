import { type CartProduct, quantityInCart } from '@furrow/domain/cart';
import { ShoppingBasket } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { useCart } from './cart-context';
import { QuantityStepper } from './quantity-stepper';
import { useAddToCart } from './use-add-to-cart';

interface AddToCartButtonProps {
  product: CartProduct;
  /** The id of the product's name, so that each card's "Add to cart" is told apart. */
  describedBy?: string;
}

/**
 * A card's small cart control: "Add to cart", and once the product is in the cart a − quantity +
 * stepper that changes the cart's line (down to zero, which takes it out).
 */
export function AddToCartButton({ product, describedBy }: AddToCartButtonProps) {
  const { cart, dispatch } = useCart();
  const addToCart = useAddToCart();
  const inCart = quantityInCart(cart, product.productId);
  if (inCart > 0) {
    return (
      <QuantityStepper
        compact
        value={inCart}
        min={0}
        max={product.stock}
        name={product.name}
        onChange={(quantity) =>
          quantity === 0
            ? dispatch({ type: 'remove', productId: product.productId })
            : dispatch({ type: 'updateQuantity', productId: product.productId, quantity })
        }
      />
    );
  }
  return (
    <Button size="sm" aria-describedby={describedBy} onClick={() => addToCart(product)}>
      <ShoppingBasket aria-hidden className="size-4" />
      Add to cart
    </Button>
  );
}
