import { Component, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Page } from '../components/layout/page';
import { Button } from '../components/ui/button';

/**
 * The pages of the app, each behind an error boundary: a page that throws is replaced inside the
 * shell, so header and navigation stay usable, and going to another page clears the error.
 */
export function RouteErrors() {
  const { pathname } = useLocation();
  return (
    <PageErrorBoundary pathname={pathname}>
      <Outlet />
    </PageErrorBoundary>
  );
}

interface BoundaryProps {
  pathname: string;
  children: ReactNode;
}

interface BoundaryState {
  failed: boolean;
  pathname: string;
}

class PageErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, pathname: this.props.pathname };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(
    props: BoundaryProps,
    state: BoundaryState,
  ): Partial<BoundaryState> | null {
    return props.pathname === state.pathname ? null : { failed: false, pathname: props.pathname };
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}

/** Shown instead of a page that failed to render, so a bug never leaves a blank screen. */
function RouteError() {
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
