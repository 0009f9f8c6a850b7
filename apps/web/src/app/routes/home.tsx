import { AddToCartButton } from '../../features/cart/add-to-cart-button';
import { toCartProduct } from '../../features/cart/cart-product';
import { NearbyEvents } from '../../features/events/nearby-events';
import { FeaturedFarms } from '../../features/farms/featured-farms';
import { Hero } from '../../features/landing/hero';
import { LocationBar } from '../../features/location/location-bar';
import { useChosenLocation } from '../../features/location/use-chosen-location';
import { ProductBrowser } from '../../features/products/product-browser';

export function HomeScreen() {
  const [location, setLocation] = useChosenLocation();
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-12 px-4 py-6 sm:px-6 sm:py-10">
      <title>Furrow · Fresh food from farms near you</title>
      <Hero>
        <LocationBar location={location} onChange={setLocation} />
      </Hero>
      <FeaturedFarms near={location} />
      <ProductBrowser
        near={location}
        cartAction={(product, describedBy) => (
          <AddToCartButton product={toCartProduct(product)} describedBy={describedBy} />
        )}
      />
      <NearbyEvents near={location} />
    </div>
  );
}
