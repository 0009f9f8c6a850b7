import { ShoppingBasket } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { Button } from '../components/ui/button';
import { AccountMenu } from '../features/account/account-menu';
import { LogoMark } from './logo-mark';
import { paths } from './paths';

export function SiteHeader() {
  return (
    <header className="sticky top-0 z-30 border-line border-b bg-surface/95 backdrop-blur">
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
            <NavItem to={paths.farmerDashboard}>For farmers</NavItem>
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <AccountMenu />
          {/* The cart feature puts its button here; until it exists the button shows, disabled. */}
          <Button variant="secondary" size="icon" disabled aria-label="Cart (coming soon)">
            <ShoppingBasket aria-hidden className="size-5" />
          </Button>
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
