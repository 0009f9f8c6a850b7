import { Link } from 'react-router';
import { paths } from '../lib/paths';
import { useSession } from '../lib/session';
import { LogoMark } from './logo-mark';

export function SiteFooter() {
  const { user } = useSession();
  return (
    <footer className="border-line border-t bg-sunken print:hidden">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-ink-muted text-sm sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p className="flex items-center gap-2">
          <LogoMark className="size-6" />
          Furrow: fresh food from farms near you.
        </p>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            <li>
              <Link to={paths.sell} className="underline-offset-4 hover:text-ink hover:underline">
                Sell on Furrow
              </Link>
            </li>
            {!user && (
              <li>
                <Link
                  to={paths.login}
                  className="underline-offset-4 hover:text-ink hover:underline"
                >
                  Sign in
                </Link>
              </li>
            )}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
