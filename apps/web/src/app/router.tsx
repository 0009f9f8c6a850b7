import { matchRoutes, type RouteObject, useRoutes } from 'react-router';
import { paths } from '../lib/paths';
import { AppShell } from './app-shell';
import { type LazyScreen, lazyScreen } from './lazy-screen';
import { RouteErrors } from './route-error';
import { HomeScreen } from './routes/home';
import { NotFoundScreen } from './routes/not-found';
import { WelcomeScreen } from './routes/welcome';

// The landing, welcome and "not found" screens come with the app; every other screen is its own chunk.
const AccountSettingsScreen = lazyScreen(() =>
  import('./routes/account-settings').then((m) => m.AccountSettingsScreen),
);
const AdminScreen = lazyScreen(() => import('./routes/admin').then((m) => m.AdminScreen));
const CartScreen = lazyScreen(() => import('./routes/cart').then((m) => m.CartScreen));
const CheckoutScreen = lazyScreen(() => import('./routes/checkout').then((m) => m.CheckoutScreen));
const FarmScreen = lazyScreen(() => import('./routes/farm').then((m) => m.FarmScreen));
const FarmerBillingScreen = lazyScreen(() =>
  import('./routes/farmer-billing').then((m) => m.FarmerBillingScreen),
);
const FarmerDashboardScreen = lazyScreen(() =>
  import('./routes/farmer-dashboard').then((m) => m.FarmerDashboardScreen),
);
const FarmerOrdersScreen = lazyScreen(() =>
  import('./routes/farmer-orders').then((m) => m.FarmerOrdersScreen),
);
const FarmerPlansScreen = lazyScreen(() =>
  import('./routes/farmer-plans').then((m) => m.FarmerPlansScreen),
);
const ForgotPasswordScreen = lazyScreen(() =>
  import('./routes/forgot-password').then((m) => m.ForgotPasswordScreen),
);
const LoginScreen = lazyScreen(() => import('./routes/login').then((m) => m.LoginScreen));
const OrderConfirmationScreen = lazyScreen(() =>
  import('./routes/order-confirmation').then((m) => m.OrderConfirmationScreen),
);
const OrderScreen = lazyScreen(() => import('./routes/order').then((m) => m.OrderScreen));
const OrdersScreen = lazyScreen(() => import('./routes/orders').then((m) => m.OrdersScreen));
const OtpVerifyScreen = lazyScreen(() =>
  import('./routes/otp-verify').then((m) => m.OtpVerifyScreen),
);
const PreordersScreen = lazyScreen(() =>
  import('./routes/preorders').then((m) => m.PreordersScreen),
);
const ProductScreen = lazyScreen(() => import('./routes/product').then((m) => m.ProductScreen));
const ProfileSetupScreen = lazyScreen(() =>
  import('./routes/profile-setup').then((m) => m.ProfileSetupScreen),
);
const RegisterScreen = lazyScreen(() => import('./routes/register').then((m) => m.RegisterScreen));
const ResetPasswordScreen = lazyScreen(() =>
  import('./routes/reset-password').then((m) => m.ResetPasswordScreen),
);
const SellScreen = lazyScreen(() => import('./routes/sell').then((m) => m.SellScreen));

/**
 * Every route of the app; `main.tsx` renders them in a browser router, tests in a memory router. No
 * route loads data before it renders (screens ask through TanStack Query), so the app needs none of
 * the data router's code, which would cost the first screen about 17 KB gzipped.
 */
export const routes: RouteObject[] = [
  {
    Component: AppShell,
    children: [
      {
        Component: RouteErrors,
        children: [
          { path: paths.home, Component: HomeScreen },
          { path: paths.welcome, Component: WelcomeScreen },
          { path: paths.login, Component: LoginScreen },
          { path: paths.register, Component: RegisterScreen },
          { path: paths.otpVerify, Component: OtpVerifyScreen },
          { path: paths.otpAuth, Component: OtpVerifyScreen },
          { path: paths.forgotPassword, Component: ForgotPasswordScreen },
          { path: paths.resetPassword, Component: ResetPasswordScreen },
          { path: paths.profileSetup, Component: ProfileSetupScreen },
          { path: paths.account, Component: AccountSettingsScreen },
          { path: paths.sell, Component: SellScreen },
          { path: paths.farmerDashboard, Component: FarmerDashboardScreen },
          { path: paths.farmerOrders, Component: FarmerOrdersScreen },
          { path: paths.farmerPlans, Component: FarmerPlansScreen },
          { path: paths.farmerBilling, Component: FarmerBillingScreen },
          { path: paths.admin, Component: AdminScreen },
          { path: paths.farm, Component: FarmScreen },
          { path: paths.product, Component: ProductScreen },
          { path: paths.cart, Component: CartScreen },
          { path: paths.checkout, Component: CheckoutScreen },
          { path: paths.orderConfirmation, Component: OrderConfirmationScreen },
          { path: paths.orders, Component: OrdersScreen },
          { path: paths.order, Component: OrderScreen },
          { path: paths.preorders, Component: PreordersScreen },
          { path: '*', Component: NotFoundScreen },
        ],
      },
    ],
  },
];

/**
 * Fetches and runs the code of the screen an address shows, so that the app's first render draws it
 * rather than "Loading…". Nothing to wait for on the screens that come with the app.
 */
export async function preloadScreen(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(({ route }) => (route.Component as Partial<LazyScreen> | undefined)?.preload?.()),
  );
}

/** The page for the current address. */
export function AppRoutes() {
  return useRoutes(routes);
}
