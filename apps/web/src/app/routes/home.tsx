import type { Product } from '@furrow/domain/api/products';
import { useToast } from '../../components/ui/use-toast';
import { Hero } from '../../features/landing/hero';
import { LocationBar } from '../../features/location/location-bar';
import { useChosenLocation } from '../../features/location/use-chosen-location';
import { ProductBrowser } from '../../features/products/product-browser';

export function HomeScreen() {
  const [location, setLocation] = useChosenLocation();
  const { toast } = useToast();

  // Until the cart feature lands, adding only confirms with a toast.
  function addToCart(product: Product) {
    toast({ title: 'Added to cart', description: product.name });
  }

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-12 px-4 py-6 sm:px-6 sm:py-10">
      <title>Furrow · Fresh food from farms near you</title>
      <Hero>
        <LocationBar location={location} onChange={setLocation} />
      </Hero>
      <ProductBrowser near={location} onAddToCart={addToCart} />
    </div>
  );
}
