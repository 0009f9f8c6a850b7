import { isOpenOrder } from '@furrow/domain/orders';
import { Store } from 'lucide-react';
import { generatePath, Link } from 'react-router';
import { paths } from '../../lib/paths';
import { OrderCard } from './order-card';
import { useMyOrders } from './orders-api';

const SHOWN = 3;

/**
 * A customer's home: the orders still under way, and the farms they have bought from. Nothing while
 * they load or when there are none, so that a first-time shopper sees the food first.
 */
export function OpenOrders() {
  const orders = useMyOrders(0);
  const all = orders.data?.orders ?? [];
  const open = all.filter((order) => isOpenOrder(order.status));
  // A farm that has left Furrow keeps its name on past orders but has no page to link to.
  const farms = [
    ...new Map(
      all.flatMap(({ farm }) => (farm.id ? [[farm.id, { id: farm.id, name: farm.name }]] : [])),
    ).values(),
  ];
  if (all.length === 0) return null;
  return (
    <div className="grid gap-8">
      {open.length > 0 && (
        <section aria-labelledby="open-orders" className="grid gap-3">
          <div className="flex items-baseline justify-between gap-2">
            <h2 id="open-orders" className="font-semibold text-ink text-xl">
              Your orders under way
            </h2>
            <Link to={paths.orders} className="text-leaf-ink text-sm underline underline-offset-4">
              All orders
            </Link>
          </div>
          <ul className="grid gap-3 lg:grid-cols-3">
            {open.slice(0, SHOWN).map((order) => (
              <li key={order.id}>
                <OrderCard order={order} />
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="bought-from" className="grid gap-3">
        <h2 id="bought-from" className="font-semibold text-ink text-xl">
          Farms you bought from
        </h2>
        <ul className="flex flex-wrap gap-2">
          {farms.map((farm) => (
            <li key={farm.id}>
              <Link
                to={generatePath(paths.farm, { id: farm.id })}
                className="inline-flex h-10 items-center gap-2 rounded-full border border-line-strong bg-surface px-4 font-medium text-ink text-sm hover:bg-sunken"
              >
                <Store aria-hidden className="size-4 text-leaf" />
                {farm.name}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
