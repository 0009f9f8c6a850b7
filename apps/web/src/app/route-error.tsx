import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Page } from '../components/layout/page';
import { Button } from '../components/ui/button';
import { NotFoundScreen } from './routes/not-found';

/** Shown instead of a page that failed to render, so a bug never leaves a blank screen. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen />;
  return (
    <Page
      width="narrow"
      title="Something went wrong"
      description="This page ran into a problem. Reloading usually helps; if it doesn't, try again later."
    >
      <Button onClick={() => window.location.reload()}>Reload the page</Button>
    </Page>
  );
}
