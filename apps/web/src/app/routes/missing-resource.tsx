import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ApiError } from '../../lib/api-client';
import { paths } from '../../lib/paths';

interface MissingResourceProps {
  error: Error;
  /** What the page shows, as in "Farm not found" and "This farm could not be loaded". */
  noun: string;
  /** Why a link to it may lead nowhere, said when the server does not know it. */
  goneHint: string;
}

/**
 * A page whose record could not be read: a link that no longer leads anywhere (404, or an id that is
 * not one) reads differently from a server that failed, which is worth trying again.
 */
export function MissingResource({ error, noun, goneHint }: MissingResourceProps) {
  const notFound = error instanceof ApiError && (error.status === 404 || error.status === 400);
  const title = `${noun.charAt(0).toUpperCase()}${noun.slice(1)} not found`;
  return (
    <Card role="alert" className="grid justify-items-start gap-3 p-6 sm:p-8">
      <h1 className="font-semibold text-2xl text-ink">
        {notFound ? title : `This ${noun} could not be loaded`}
      </h1>
      <p className="text-ink-muted">
        {notFound ? goneHint : `${error.message} Please try again in a moment.`}
      </p>
      <Button asChild>
        <Link to={paths.home}>Browse food near you</Link>
      </Button>
    </Card>
  );
}
