import type { RouteObject } from 'react-router';
import { paths } from '../lib/paths';
import { AppShell } from './app-shell';
import { RequireRole } from './require-role';
import { RouteError } from './route-error';
import { AccountSettingsScreen } from './routes/account-settings';
import { AdminScreen } from './routes/admin';
import { CartScreen } from './routes/cart';
import { CheckoutScreen } from './routes/checkout';
import { FarmScreen } from './routes/farm';
import { FarmerBillingScreen } from './routes/farmer-billing';
import { FarmerDashboardScreen } from './routes/farmer-dashboard';
import { FarmerOrdersScreen } from './routes/farmer-orders';
import { FarmerPlansScreen } from './routes/farmer-plans';
import { ForgotPasswordScreen } from './routes/forgot-password';
import { HomeScreen } from './routes/home';
import { LoginScreen } from './routes/login';
import { NotFoundScreen } from './routes/not-found';
import { OrderScreen } from './routes/order';
import { OrderConfirmationScreen } from './routes/order-confirmation';
import { OrdersScreen } from './routes/orders';
import { OtpVerifyScreen } from './routes/otp-verify';
import { PreordersScreen } from './routes/preorders';
import { ProductScreen } from './routes/product';
import { ProfileSetupScreen } from './routes/profile-setup';
import { RegisterScreen } from './routes/register';
import { ResetPasswordScreen } from './routes/reset-password';
import { WelcomeScreen } from './routes/welcome';

/** Every route of the app; `main.tsx` hands them to a browser router, tests to a memory router. */
export const routes: RouteObject[] = [
  {
    Component: AppShell,
    children: [
      {
        // A page that throws is replaced inside the shell, so header and navigation stay usable.
        ErrorBoundary: RouteError,
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
          { path: paths.farmerDashboard, Component: FarmerDashboardScreen },
          { path: paths.farmerOrders, Component: FarmerOrdersScreen },
          { path: paths.farmerPlans, Component: FarmerPlansScreen },
          { path: paths.farmerBilling, Component: FarmerBillingScreen },
          {
            path: paths.admin,
            element: (
              <RequireRole roles={['admin']}>
                <AdminScreen />
              </RequireRole>
            ),
          },
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
