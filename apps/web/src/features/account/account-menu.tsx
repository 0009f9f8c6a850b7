import { LogIn } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session';

// The menu's library (a dropdown with its positioning) is fetched only once someone is signed in.
const SignedInMenu = lazy(() =>
  import('./signed-in-menu').then((module) => ({ default: module.SignedInMenu })),
);

/** The header's account corner: the signed-in user's name with a menu, or a "Sign in" link. */
export function AccountMenu() {
  const { user, loading } = useSession();

  if (loading && !user) return <Skeleton className="h-8 w-24 rounded-lg" />;
  if (!user) {
    return (
      <Button asChild variant="ghost" size="sm">
        <Link to={paths.login}>
          <LogIn aria-hidden className="size-4" />
          Sign in
        </Link>
      </Button>
    );
  }

  return (
    <Suspense fallback={<Skeleton className="h-8 w-24 rounded-lg" />}>
      <SignedInMenu user={user} />
    </Suspense>
  );
}
