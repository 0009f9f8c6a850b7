import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { AccountMenu } from '../features/account/account-menu';
import { CartLink } from '../features/cart/cart-link';
import { paths } from '../lib/paths';
import { useSession } from '../lib/session';
import { LogoMark } from './logo-mark';

export function SiteHeader() {
  const { user } = useSession();
  return (
    <header className="sticky top-0 z-30 border-line border-b bg-surface/95 backdrop-blur print:hidden">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3 sm:px-6">
        <Link
          to={paths.home}
          className="flex items-center gap-2 rounded-lg font-semibold text-ink text-xl tracking-tight"
        >
          <LogoMark />
          Furrow
        </Link>
        {/* On a phone the nav drops to its own row under the logo and the actions. */}
        <nav aria-label="Main" className="order-last w-full sm:order-none sm:w-auto">
          <ul className="flex gap-1">
            <NavItem to={paths.home}>Shop</NavItem>
            {user?.role === 'customer' && (
              <>
                <NavItem to={paths.orders}>Orders</NavItem>
                <NavItem to={paths.preorders}>Pre-orders</NavItem>
              </>
            )}
            {user?.role === 'farmer' && <NavItem to={paths.farmerOrders}>Orders</NavItem>}
            {/* Guests and shoppers learn what selling involves; a farmer goes to their farm. */}
            {user?.role === 'farmer' ? (
              <NavItem to={paths.farmerDashboard}>For farmers</NavItem>
            ) : (
              user?.role !== 'admin' && <NavItem to={paths.sell}>For farmers</NavItem>
            )}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <AccountMenu />
          <CartLink />
        </div>
      </div>
    </header>
  );
}

function NavItem({ to, children }: { to: string; children: ReactNode }) {
  return (
    <li>
      <NavLink
        to={to}
        end
        className="inline-flex h-10 items-center rounded-lg px-3 font-medium text-ink-muted text-sm hover:bg-sunken hover:text-ink aria-[current=page]:bg-leaf-soft aria-[current=page]:text-leaf-ink"
      >
        {children}
      </NavLink>
    </li>
  );
}
