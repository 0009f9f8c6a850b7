/**
 * Every route of the web app, as data (spec section 2 plus the screens DESIGN section 4 adds).
 * Build links to routes with parameters through react-router's `generatePath`, which checks them:
 * `generatePath(paths.farm, { id })`.
 */
export const paths = {
  home: '/',
  welcome: '/welcome',
  login: '/auth/login',
  register: '/auth/register',
  otpVerify: '/auth/otp-verify',
  otpAuth: '/auth/otp-auth',
  forgotPassword: '/auth/forgot-password',
  resetPassword: '/auth/reset-password',
  profileSetup: '/profile-setup',
  account: '/account',
  farmerDashboard: '/farmers/dashboard',
  farmerPlans: '/farmers/plans',
  farmerBilling: '/farmers/billing',
  admin: '/admin',
  farm: '/farms/:id',
  product: '/products/:id',
  cart: '/cart',
  checkout: '/checkout',
  orderConfirmation: '/checkout/confirmation',
  orders: '/orders',
  order: '/orders/:id',
  farmerOrders: '/farmers/orders',
  preorders: '/preorders',
} as const;
