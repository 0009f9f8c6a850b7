import type { UserRole } from '@furrow/domain/api/users';
import { hasRole, landingFor } from '@furrow/domain/roles';
import { LoaderCircle } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Page } from '../components/layout/page';
import { Button } from '../components/ui/button';
import { paths } from '../lib/paths';
import { rememberRedirect, useSession } from '../lib/session';

interface RequireRoleProps {
  /** Who may see the page. Admins may see every page, as the server lets them do every action. */
  roles: readonly UserRole[];
  /**
   * What a signed-in user of a given role sees instead of the page, asked before the role check so
   * that a page can point even an admin to their own screens.
   */
  otherwise?: Partial<Record<UserRole, ReactNode>>;
  children: ReactNode;
}

/**
 * Shows its children to a signed-in user of one of `roles`. A guest is sent to sign in and comes
 * back here afterwards; a signed-in user of another role is told the page is not for their account.
 * The server checks every call again: this guard is for comfort, not for safety.
 */
export function RequireRole({ roles, otherwise, children }: RequireRoleProps) {
  const { user, loading } = useSession();
  // Someone who signs out here is on their way elsewhere (the sign-out says where): this page must
  // neither remember itself as the way back nor send them to sign in.
  const wasSignedIn = useRef(false);
  useEffect(() => {
    if (!loading && user) wasSignedIn.current = true;
  }, [loading, user]);

  if (loading) return <SessionLoading />;
  if (!user) return wasSignedIn.current ? <SignedOut /> : <SendToSignIn />;
  const instead = otherwise?.[user.role];
  if (instead !== undefined) return instead;
  if (!hasRole(user.role, roles)) return <NotForYourAccount />;
  return children;
}

// As tall as the window, like a lazy screen's loading state: the footer stays below it rather than
// showing while the session is checked and then being pushed out of view by the page.
export function SessionLoading() {
  return (
    <div role="status" className="flex min-h-dvh items-center justify-center gap-2 text-ink-muted">
      <LoaderCircle aria-hidden className="size-5 animate-spin" />
      Checking your session…
    </div>
  );
}

function SendToSignIn() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    rememberRedirect(`${location.pathname}${location.search}${location.hash}`);
    navigate(paths.login, { replace: true });
  }, [location, navigate]);
  return <SessionLoading />;
}

function SignedOut() {
  return (
    <Page width="narrow" title="You are signed out">
      <Button asChild>
        <Link to={paths.login}>Sign in again</Link>
      </Button>
    </Page>
  );
}

function NotForYourAccount() {
  const { user } = useSession();
  return (
    <Page
      width="narrow"
      title="This page is not for your account"
      description={`You are signed in as ${user?.email ?? 'someone else'}, and this page belongs to another kind of account.`}
    >
      <div className="flex flex-wrap gap-2">
        <Button asChild>
          <Link to={user ? landingFor(user.role) : paths.home}>Go to your start page</Link>
        </Button>
        <Button asChild variant="secondary">
          <Link to={paths.home}>Browse food</Link>
        </Button>
      </div>
    </Page>
  );
}
