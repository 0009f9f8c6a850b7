import type { RouteObject } from 'react-router';
import { AppShell } from './app-shell';
import { paths } from './paths';
import { RequireRole } from './require-role';
import { RouteError } from './route-error';
import { AccountSettingsScreen } from './routes/account-settings';
import { AdminScreen } from './routes/admin';
import { FarmScreen } from './routes/farm';
import { FarmerDashboardScreen } from './routes/farmer-dashboard';
import { ForgotPasswordScreen } from './routes/forgot-password';
import { HomeScreen } from './routes/home';
import { LoginScreen } from './routes/login';
import { NotFoundScreen } from './routes/not-found';
import { OtpVerifyScreen } from './routes/otp-verify';
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
          {
            path: paths.admin,
            element: (
              <RequireRole roles={['admin']}>
                <AdminScreen />
              </RequireRole>
            ),
          },
          { path: paths.farm, Component: FarmScreen },
          { path: '*', Component: NotFoundScreen },
        ],
      },
    ],
  },
];
