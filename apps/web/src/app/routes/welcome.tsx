import { Link } from 'react-router';
import { LazyAreaAlertForm } from '../../features/area-alerts/lazy-area-alert-form';
import { AddToCartButton } from '../../features/cart/add-to-cart-button';
import { toCartProduct } from '../../features/cart/cart-product';
import { NearbyEvents } from '../../features/events/nearby-events';
import { LocationBar } from '../../features/location/location-bar';
import { useChosenLocation } from '../../features/location/use-chosen-location';
import { LazyOpenOrders } from '../../features/orders/lazy-open-orders';
import { ProductBrowser } from '../../features/products/product-browser';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session';

/** A signed-in shopper's home: what is under way, then what is fresh near them. */
export function WelcomeScreen() {
  const { user } = useSession();
  const [location, setLocation] = useChosenLocation();
  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-6 px-4 py-4 sm:px-6">
      <title>Furrow · Welcome</title>
      {/* One column as wide as the page: the place line truncates instead of pushing "Change" out. */}
      <div className="grid grid-cols-1 gap-3">
        <h1 className="font-semibold text-3xl text-ink tracking-tight">
          {user ? `Welcome back, ${user.firstName}` : 'Welcome to Furrow'}
        </h1>
        <LocationBar compact location={location} onChange={setLocation} />
      </div>
      {user?.role === 'customer' && <LazyOpenOrders />}
      <ProductBrowser
        near={location}
        cartAction={(product, describedBy) => (
          <AddToCartButton product={toCartProduct(product)} describedBy={describedBy} />
        )}
        noFarmsNear={(near) => <LazyAreaAlertForm near={near} />}
      />
      <NearbyEvents near={location} />
      {user?.role === 'customer' && (
        <p className="text-ink-muted text-sm">
          Waiting for a harvest?{' '}
          <Link to={paths.preorders} className="text-leaf-ink underline underline-offset-4">
            See your pre-orders
          </Link>
        </p>
      )}
    </div>
  );
}
