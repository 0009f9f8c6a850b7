import type { User } from '@furrow/domain/api/users';
import { landingFor } from '@furrow/domain/roles';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, LayoutDashboard, LogOut, Receipt, Settings, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { paths } from '../../lib/paths';
import { useSignOut } from './use-sign-out';

/** The signed-in user's name with their menu; its own chunk, since a guest never opens it. */
export function SignedInMenu({ user }: { user: User }) {
  const signOut = useSignOut();
  const home = landingFor(user.role);
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <Button variant="ghost" size="sm" aria-label={`Account menu for ${user.name}`}>
          <UserRound aria-hidden className="size-4" />
          <span className="max-w-40 truncate">{user.name || user.email}</span>
          <ChevronDown aria-hidden className="size-4" />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-56 rounded-xl border border-line bg-surface p-1 text-ink shadow-lg"
        >
          <DropdownMenu.Label className="px-3 py-2 text-ink-muted text-xs">
            Signed in as
            <span className="block truncate font-medium text-ink text-sm">{user.email}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-line" />
          {home !== paths.welcome && (
            <MenuLink to={home} icon={<LayoutDashboard aria-hidden className="size-4" />}>
              {user.role === 'admin' ? 'Farm management' : 'Farm dashboard'}
            </MenuLink>
          )}
          {user.role === 'farmer' && (
            <MenuLink to={paths.farmerBilling} icon={<Receipt aria-hidden className="size-4" />}>
              Plan and billing
            </MenuLink>
          )}
          <MenuLink to={paths.account} icon={<Settings aria-hidden className="size-4" />}>
            Account settings
          </MenuLink>
          <DropdownMenu.Separator className="my-1 h-px bg-line" />
          <DropdownMenu.Item
            onSelect={signOut}
            className="flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm outline-none data-highlighted:bg-sunken"
          >
            <LogOut aria-hidden className="size-4" />
            Sign out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function MenuLink({ to, icon, children }: { to: string; icon: ReactNode; children: ReactNode }) {
  return (
    <DropdownMenu.Item asChild>
      <Link
        to={to}
        className="flex items-center gap-2 rounded-lg px-3 py-2 text-sm outline-none data-highlighted:bg-sunken"
      >
        {icon}
        {children}
      </Link>
    </DropdownMenu.Item>
  );
}
