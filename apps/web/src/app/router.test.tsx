import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { storeCart } from '../features/cart/cart-test-items';
import { paths } from '../lib/paths';
import { aProduct, farmer } from '../test-fixtures';
import { loadScreens, renderRoutes, storeSession, stubJsonAnswers } from '../test-utils';
import { routes } from './router';

describe('routes', () => {
  beforeAll(loadScreens);

  it.each([
    [paths.welcome, 'Welcome to Furrow'],
    [paths.login, 'Sign in'],
    [paths.register, 'Create your account'],
    [paths.otpVerify, 'Check your e-mail'],
    [paths.otpAuth, 'Check your e-mail'],
    [paths.forgotPassword, 'Forgot your password?'],
    [paths.resetPassword, 'Choose a new password'],
    ['/no/such/page', 'Page not found'],
  ])('%s shows "%s" inside the app shell', async (path, heading) => {
    renderRoutes(routes, path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toHaveTextContent('Furrow');
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    // The toast area comes with the first toast.
    expect(screen.queryByRole('region', { name: 'Notifications (F8)' })).not.toBeInTheDocument();
  });

  it('shows a farm page inside the app shell, and "Farm not found" for an unknown farm', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn<typeof fetch>()
        .mockResolvedValue(
          Response.json({ message: 'Farm not found', code: 'FARM_NOT_FOUND' }, { status: 404 }),
        ),
    );
    renderRoutes(routes, '/farms/1c9e4b2a-6f3d-4e8a-b7c1-5a2d9f0e3b4c');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Farm not found' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('banner')).toHaveTextContent('Furrow');
    expect(screen.getByRole('main')).toBeInTheDocument();
  });

  it('offers a skip link to the main content', () => {
    renderRoutes(routes, paths.login);
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveAttribute('href', `#${screen.getByRole('main').id}`);
  });

  it('links a guest to sign-in from the header', () => {
    renderRoutes(routes, paths.welcome);
    const header = within(screen.getByRole('banner'));
    expect(header.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', paths.login);
    expect(header.getByRole('link', { name: 'Shop' })).not.toHaveAttribute('aria-current');
  });

  it.each([paths.profileSetup, paths.farmerDashboard, paths.admin, paths.account])(
    'sends a guest from %s to sign in, remembering the way back',
    async (path) => {
      renderRoutes(routes, path);
      expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
      expect(localStorage.getItem('furrow.redirect')).toBe(path);
    },
  );

  it('shows the landing page, and a toast when a product is added to the cart', async () => {
    // The landing page also asks for featured farms and nearby events: none here.
    const products = () =>
      Response.json({
        products: [
          aProduct({
            name: 'Sourdough loaf',
            description: '',
            price: 8,
            unit: 'loaf',
            categorySlug: 'bakery',
            stock: 4,
            farm: {
              id: '1c9e4b2a-6f3d-4e8a-b7c1-5a2d9f0e3b4c',
              name: 'Rise Farm',
              city: 'Austin',
              region: 'TX',
            },
            distanceKm: 1.5,
          }),
        ],
      });
    vi.stubGlobal(
      'fetch',
      vi
        .fn<typeof fetch>()
        .mockImplementation(async (input) =>
          String(input).startsWith('/api/products')
            ? products()
            : Response.json({ shops: [], events: [] }),
        ),
    );
    const user = userEvent.setup();
    renderRoutes(routes, paths.home);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Fresh food from farms near you' }),
    ).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Add to cart' }));
    const toast = within(await screen.findByRole('region', { name: 'Notifications (F8)' }));
    expect(await toast.findByText('Added to cart')).toBeInTheDocument();
    expect(toast.getByText('1 × Sourdough loaf from Rise Farm')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cart, 1 item' })).toHaveAttribute('href', paths.cart);
  });

  it('keeps the cart through sign-out, for the next sign-in at this browser (product rules: cart and checkout)', async () => {
    storeCart();
    storeSession(farmer);
    stubJsonAnswers({ body: { user: farmer } }, { body: { products: [] } });
    const user = userEvent.setup();
    renderRoutes(routes, paths.cart);
    await user.click(await screen.findByRole('button', { name: 'Account menu for Ana Rivera' }));
    await user.click(screen.getByRole('menuitem', { name: 'Sign out' }));
    const header = within(screen.getByRole('banner'));
    expect(await header.findByRole('link', { name: 'Sign in' })).toBeInTheDocument();
    await user.click(header.getByRole('link', { name: 'Cart, 4 items' }));
    expect(screen.getByRole('region', { name: 'Green Acres' })).toBeInTheDocument();
  });
});
