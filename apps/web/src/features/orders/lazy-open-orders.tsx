import { lazy, Suspense } from 'react';

// Only a signed-in customer has orders to show: a guest's welcome page, and every landing page,
// come without the orders' code.
const OpenOrders = lazy(() =>
  import('./open-orders').then((module) => ({ default: module.OpenOrders })),
);

/** A customer's orders under way, loaded when the welcome page is a customer's. */
export function LazyOpenOrders() {
  return (
    <Suspense>
      <OpenOrders />
    </Suspense>
  );
}
