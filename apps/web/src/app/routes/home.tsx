import { LazyAreaAlertForm } from '../../features/area-alerts/lazy-area-alert-form';
import { AddToCartButton } from '../../features/cart/add-to-cart-button';
import { toCartProduct } from '../../features/cart/cart-product';
import { NearbyEvents } from '../../features/events/nearby-events';
import { FeaturedFarms } from '../../features/farms/featured-farms';
import { Hero } from '../../features/landing/hero';
import { LocationBar } from '../../features/location/location-bar';
import {
  useChosenLocation,
  useReturningShopper,
} from '../../features/location/use-chosen-location';
import { ProductBrowser } from '../../features/products/product-browser';

export function HomeScreen() {
  const [location, setLocation] = useChosenLocation();
  const returning = useReturningShopper();
  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-6 px-4 py-4 sm:px-6">
      <title>Furrow · Fresh food from farms near you</title>
      {returning ? (
        <>
          <h1 className="sr-only">Fresh food from farms near you</h1>
          <LocationBar compact location={location} onChange={setLocation} />
        </>
      ) : (
        <Hero>
          <LocationBar location={location} onChange={setLocation} />
        </Hero>
      )}
      <FeaturedFarms near={location} />
      <ProductBrowser
        near={location}
        cartAction={(product, describedBy) => (
          <AddToCartButton product={toCartProduct(product)} describedBy={describedBy} />
        )}
        noFarmsNear={(near) => <LazyAreaAlertForm near={near} />}
      />
      <NearbyEvents near={location} />
    </div>
  );
}
