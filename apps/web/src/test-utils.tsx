import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { ToastStoreProvider } from './components/ui/use-toast';
import { SessionProvider } from './lib/session';

/**
 * Renders routes in a memory router inside the app's providers. Queries do not retry, so an
 * error state shows at once instead of after the production back-off.
 */
export function renderRoutes(routes: RouteObject[], initialPath = '/') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  render(
    <QueryClientProvider client={queryClient}>
      <ToastStoreProvider>
        <SessionProvider>
          <RouterProvider router={router} />
        </SessionProvider>
      </ToastStoreProvider>
    </QueryClientProvider>,
  );
  return { router };
}

/** Renders one element at `initialPath`, for components that use links or search params. */
export function renderWithProviders(element: ReactNode, initialPath = '/') {
  return renderRoutes([{ path: '*', element }], initialPath);
}
