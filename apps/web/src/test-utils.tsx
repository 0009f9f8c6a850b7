import type { User } from '@furrow/domain/api/users';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, Outlet, type RouteObject, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { Toaster } from './components/ui/toaster';
import { ToastStoreProvider } from './components/ui/use-toast';
import { CartProvider } from './features/cart/cart-context';
import { PreordersProvider } from './features/preorders/preorders-context';
import { TOKEN_STORAGE_KEY } from './lib/api-client';
import { SessionProvider, USER_STORAGE_KEY } from './lib/session';

interface RenderOptions {
  /** Also renders the toast area, for screens that report through toasts. */
  toaster?: boolean;
}

/**
 * Renders routes in a memory router inside the app's providers. Queries do not retry, so an
 * error state shows at once instead of after the production back-off.
 */
export function renderRoutes(
  routes: RouteObject[],
  initialPath = '/',
  { toaster = false }: RenderOptions = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // The toast area sits inside the router, as in the app shell, so that toast actions can be links.
  const withToaster: RouteObject[] = [
    {
      element: (
        <>
          <Outlet />
          <Toaster />
        </>
      ),
      children: routes,
    },
  ];
  const router = createMemoryRouter(toaster ? withToaster : routes, {
    initialEntries: [initialPath],
  });
  render(
    <QueryClientProvider client={queryClient}>
      <ToastStoreProvider>
        <SessionProvider>
          <CartProvider>
            <PreordersProvider>
              <RouterProvider router={router} />
            </PreordersProvider>
          </CartProvider>
        </SessionProvider>
      </ToastStoreProvider>
    </QueryClientProvider>,
  );
  return { router };
}

/** Renders one element at `initialPath`, for components that use links or search params. */
export function renderWithProviders(
  element: ReactNode,
  initialPath = '/',
  options: RenderOptions = {},
) {
  return renderRoutes([{ path: '*', element }], initialPath, options);
}

/** The toasts on screen, once the toast area has appeared with the first of them. */
export const notifications = async () =>
  within(await screen.findByRole('region', { name: /Notifications/ }));

/** Answers fetch calls in order, one answer each. */
export function stubFetch(...answers: Response[]) {
  const fetchMock = vi.fn<typeof fetch>();
  for (const answer of answers) fetchMock.mockResolvedValueOnce(answer);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/**
 * Answers fetch calls in order, each entry the JSON body and status of one answer. Any further call
 * (a re-read after a change) gets the last answer again.
 */
export function stubJsonAnswers(...answers: Array<{ status?: number; body: unknown }>) {
  const fetchMock = vi.fn<typeof fetch>();
  for (const { status = 200, body } of answers) {
    fetchMock.mockResolvedValueOnce(Response.json(body, { status }));
  }
  const last = answers.at(-1);
  fetchMock.mockImplementation(async () =>
    Response.json(last?.body ?? {}, { status: last?.status ?? 200 }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The JSON body of the `call`-th fetch call. */
export function sentBody(fetchMock: ReturnType<typeof stubFetch>, call: number): unknown {
  return JSON.parse(String(fetchMock.mock.calls[call]?.[1]?.body));
}

/** A session as a sign-in leaves it in local storage; the app checks it with `/api/me` on load. */
export function storeSession(user: User, token = 'stored.token.value') {
  localStorage.setItem(TOKEN_STORAGE_KEY, token);
  localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(user));
}

/**
 * Loads every screen's module (and the signed-in header menu) ahead of a test that renders the app's routes: screens are fetched
 * on first show, and the first transform of one can take longer than a query's patience.
 */
export async function loadScreens(): Promise<void> {
  const modules = import.meta.glob([
    './app/routes/*.tsx',
    '!./app/routes/*.test.tsx',
    './features/account/signed-in-menu.tsx',
  ]);
  await Promise.all(Object.values(modules).map((load) => load()));
}
