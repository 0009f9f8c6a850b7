import type { CartProduct } from '@furrow/domain/cart';
import { Link } from 'react-router';
import { ToastAction } from '../../components/ui/toast-action';
import { useToast } from '../../components/ui/use-toast';
import { paths } from '../../lib/paths';
import { useCart } from './cart-context';

/**
 * Adds to the cart and says what was added (adding an existing product increases its
 * quantity). An add past the stock changes nothing and says nothing (product rules: cart and
 * checkout).
 */
export function useAddToCart() {
  const { dispatch } = useCart();
  const { toast } = useToast();
  return (product: CartProduct, quantity = 1): boolean => {
    if (!dispatch({ type: 'add', item: product, quantity })) return false;
    toast({
      title: 'Added to cart',
      description: `${quantity} × ${product.name} from ${product.farmName}`,
      action: (
        <ToastAction asChild altText="Open the cart with the cart button in the header">
          <Link to={paths.cart}>View cart</Link>
        </ToastAction>
      ),
    });
    return true;
  };
}
