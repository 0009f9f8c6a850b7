/**
 * Every route of the web app, as data: the fixed sign-in and landing addresses plus Furrow's
 * screens. Build links to routes with parameters through react-router's `generatePath`, which
 * checks them: `generatePath(paths.farm, { id })`.
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
  sell: '/sell',
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
