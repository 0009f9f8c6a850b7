import { centsToDollars, formatUsd } from './money';

/**
 * Every error Furrow reports, by code. The messages of docs/product-rules.md are kept word for
 * word; the rest name what went wrong in words a farmer or a shopper can act on. The HTTP status of
 * each code lives here too, so that the server maps codes in one place.
 */
export const errors = {
  // Generic transport errors.
  VALIDATION: { status: 400, message: 'Invalid request' },
  NOT_FOUND: { status: 404, message: 'Not found' },
  ROUTE_NOT_FOUND: { status: 404, message: 'Route not found' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'Request body is too large' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Unsupported content type' },
  RATE_LIMITED: { status: 429, message: 'Too many requests. Please wait a moment and try again.' },
  INTERNAL: { status: 500, message: 'Internal error' },
  UNAVAILABLE: {
    status: 503,
    message: 'Furrow cannot reach its database just now. Please try again in a moment.',
  },
  STORAGE_FULL: {
    status: 507,
    message:
      'Furrow has no room to store photos just now, so this one was not saved. Please try again later.',
  },

  // Sessions and permissions.
  NO_USER_DATA: { status: 401, message: 'No user data available' },
  NOT_LOGGED_IN: { status: 401, message: 'No user logged in' },
  UNAUTHORIZED_ACCESS: { status: 403, message: 'Unauthorized access' },
  PERMISSION_DENIED: {
    status: 403,
    message:
      "You don't have permission to perform this action. Please make sure you're logged in and have the right permissions.",
  },

  // Client-side defaults of the auth calls, shown when the server gives no message.
  REGISTER_FAILED: { status: 400, message: 'Failed to register user' },
  VERIFY_FAILED: { status: 400, message: 'Failed to verify user' },
  LOGIN_FAILED: { status: 400, message: 'Failed to login user' },
  FORGOT_FAILED: { status: 400, message: 'Failed to retrieve password' },
  UPDATE_USER_FAILED: { status: 400, message: 'Failed to update user' },

  // Accounts.
  EMAIL_TAKEN: { status: 409, message: 'An account with this e-mail already exists' },
  INVALID_CREDENTIALS: { status: 401, message: 'Invalid e-mail or password' },
  EMAIL_NOT_VERIFIED: {
    status: 403,
    message: 'Please verify your e-mail address first. We can send you a new code.',
  },
  INVALID_CODE: { status: 400, message: 'The verification code is wrong or has expired' },
  INVALID_RESET_TOKEN: { status: 400, message: 'This reset link is invalid or has expired' },
  WRONG_PASSWORD: { status: 400, message: 'Your current password is not correct' },
  INVALID_GOOGLE_TOKEN: { status: 401, message: 'Google sign-in could not be verified' },
  GOOGLE_DISABLED: { status: 404, message: 'Google sign-in is not enabled' },
  SESSION_EXPIRED: { status: 401, message: 'Your session has expired. Please sign in again.' },
  ACCOUNT_SUSPENDED: {
    status: 403,
    message: 'This account has been suspended. Please contact Furrow for help.',
  },
  VERIFICATION_EXPIRED: {
    status: 400,
    message: 'This verification step has expired. Please sign in to get a new code.',
  },
  ALREADY_VERIFIED: {
    status: 409,
    message: 'This e-mail address is already verified. Please sign in.',
  },
  NO_PASSWORD_SET: {
    status: 400,
    message: 'Your account has no password yet. Use "Forgot password" to set one.',
  },
  SAME_PASSWORD: { status: 400, message: 'Choose a password different from your current one' },

  // Farms and products (product rules: products and stock, word for word).
  LOGIN_TO_UPDATE_STOCK: { status: 401, message: 'You must be logged in to update stock' },
  LOGIN_TO_UPDATE_PRODUCT: { status: 401, message: 'You must be logged in to update a product' },
  LOGIN_TO_DELETE_PRODUCT: { status: 401, message: 'You must be logged in to delete a product' },
  PRODUCT_NOT_FOUND: { status: 404, message: 'Product not found' },
  NOT_OWNER_STOCK: { status: 403, message: 'You can only update stock for your own products' },
  NOT_OWNER_UPDATE: { status: 403, message: 'You can only update your own products' },
  NOT_OWNER_DELETE: { status: 403, message: 'You can only delete your own products' },
  INSUFFICIENT_STOCK: { status: 409, message: 'Insufficient stock' },
  PRODUCT_HAS_ORDERS: { status: 409, message: 'Cannot delete product with active orders' },
  /** A hidden product in a checkout or a pre-order; details name each product. */
  PRODUCT_HIDDEN: { status: 409, message: 'This product is not for sale right now' },
  FARM_NOT_FOUND: { status: 404, message: 'Farm not found' },
  FARMER_NOT_FOUND: { status: 404, message: 'Farmer not found' },
  NOT_OWNER_FARM: { status: 403, message: 'You can only change your own farms' },
  INVALID_IMAGE: { status: 400, message: 'Images must be JPEG, PNG or WebP' },
  IMAGE_TOO_LARGE: { status: 413, message: 'Images may be at most 5 MB' },
  // Farms and products: further cases, phrased like the messages above.
  LOGIN_TO_MANAGE_FARMS: { status: 401, message: 'You must be logged in to manage farms' },
  LOGIN_TO_CREATE_PRODUCT: { status: 401, message: 'You must be logged in to create a product' },
  LOGIN_TO_EDIT_FARMER_PROFILE: {
    status: 401,
    message: 'You must be logged in to edit your farmer profile',
  },
  NOT_OWNER_CREATE_PRODUCT: { status: 403, message: 'You can only add products to your own farms' },
  STOCK_TOO_HIGH: { status: 400, message: 'Stock may be at most 1,000,000' },
  TOO_MANY_IMAGES: { status: 400, message: 'A product may have at most 8 photos' },
  IMAGE_NOT_FOUND: { status: 404, message: 'Photo not found' },
  IMAGE_MISSING: { status: 400, message: 'Choose a JPEG, PNG or WebP image to upload' },
  IMAGE_NOT_YOURS: { status: 400, message: 'Photos must be ones you uploaded to Furrow' },
  PLACE_NOT_FOUND: {
    status: 404,
    message: 'We could not find that place. Try a 5-digit ZIP code or "City, ST".',
  },

  // Farm events.
  EVENT_NOT_FOUND: { status: 404, message: 'Event not found' },
  LOGIN_TO_MANAGE_EVENTS: { status: 401, message: 'You must be logged in to manage events' },
  NOT_OWNER_EVENT: { status: 403, message: 'You can only change events of your own farms' },

  // Farmer account deletion.
  LOGIN_TO_DELETE_ACCOUNT: { status: 401, message: 'You must be logged in to delete your account' },
  ACCOUNT_HAS_OPEN_ORDERS: {
    status: 409,
    message:
      'Your farms still have open orders. Complete or cancel them before deleting your account.',
  },

  // Subscriptions (word for word).
  INVALID_PLAN: { status: 400, message: 'Invalid plan selected' },
  // Subscriptions: further cases.
  LOGIN_TO_MANAGE_PLAN: { status: 401, message: 'You must be logged in to manage your plan' },
  SUBSCRIPTION_NOT_FOUND: { status: 404, message: 'Subscription not found' },
  SUBSCRIPTION_EXISTS: {
    status: 409,
    message: 'You already have a plan. Change your plan instead of starting a new one.',
  },
  SUBSCRIPTION_CANCELLED: {
    status: 409,
    message: 'This subscription is cancelled. Choose a plan to start a new subscription.',
  },
  PLAN_REQUIRED: {
    status: 402,
    message: 'Choose a plan to publish products. Every plan starts with a 14-day free trial.',
  },
  // The message names the plan and the way up; these are the fallbacks.
  PRODUCT_LIMIT: { status: 403, message: 'Your plan allows no more products' },
  STORAGE_LIMIT: { status: 413, message: 'Your plan has no more photo storage' },
  PAYMENT_METHOD_NOT_FOUND: { status: 404, message: 'Payment method not found' },
  PAYMENT_METHOD_NOT_ALLOWED: {
    status: 400,
    message: 'Your plan does not accept this payment method',
  },
  WEBHOOK_INVALID: { status: 400, message: 'Webhook signature could not be verified' },

  // Checkout. INSUFFICIENT_STOCK above is the answer when a line cannot be served; its
  // details name each product that fell short (`stockShortfallDetail`).
  LOGIN_TO_ORDER: { status: 401, message: 'You must be logged in to place an order' },
  IDEMPOTENCY_KEY_REQUIRED: {
    status: 400,
    message: 'An Idempotency-Key header is required to place an order',
  },
  IDEMPOTENCY_KEY_REUSED: {
    status: 409,
    message: 'This Idempotency-Key was already used for a different order',
  },
  /** A line's product belongs to a farm that is suspended; details name the product. */
  FARM_NOT_ACTIVE: { status: 409, message: 'This farm is not taking orders right now' },
  CARD_NOT_ACCEPTED: {
    status: 409,
    message: 'This farm does not take card payments yet; choose pay at pickup',
  },
  PAYMENT_UNAVAILABLE: {
    status: 503,
    message: 'Card payment is not available right now. Please try again or pay at pickup.',
  },
  /** The provider that bills the plan did not take the change; Furrow's record is unchanged. */
  PLAN_CHANGE_UNAVAILABLE: {
    status: 502,
    message:
      'Your plan could not be changed because the payment provider did not answer. Your plan is unchanged; please try again in a few minutes.',
  },
  /** A line carried the price the shopper saw and it is no longer the price (`priceChangedDetail`). */
  PRICE_CHANGED: {
    status: 409,
    message: 'Some prices have changed since you added them to your cart',
  },
  FULFILMENT_MISSING: {
    status: 400,
    message: 'Choose pickup or delivery for every farm in your cart',
  },
  PICKUP_NOT_OFFERED: { status: 409, message: 'This farm does not offer pickup' },
  PICKUP_SLOT_REQUIRED: { status: 400, message: 'Choose a pickup time' },
  /** Not one of the farm's windows, past its cut-off, or beyond the dates checkout offers. */
  PICKUP_SLOT_UNAVAILABLE: {
    status: 409,
    message: 'This pickup time can no longer be chosen. Please choose another.',
  },
  PICKUP_WINDOW_FULL: { status: 409, message: 'This pickup time is full. Please choose another.' },
  DELIVERY_NOT_OFFERED: { status: 409, message: 'This farm does not deliver' },
  OUTSIDE_DELIVERY_RADIUS: {
    status: 409,
    message: "This address is outside the farm's delivery area",
  },
  UNDER_DELIVERY_MINIMUM: { status: 409, message: 'This order is under the minimum for delivery' },

  // Orders after checkout.
  ORDER_NOT_FOUND: { status: 404, message: 'Order not found' },
  /** A move the transition table or the caller's role does not allow; details list the allowed. */
  INVALID_STATUS_MOVE: { status: 409, message: 'This order cannot move to that status' },
  CANCEL_REASON_REQUIRED: {
    status: 400,
    message: 'Tell the customer why the order is cancelled',
  },

  // Pre-orders.
  LOGIN_TO_PREORDER: { status: 401, message: 'You must be logged in to pre-order' },
  PREORDER_NOT_FOUND: { status: 404, message: 'Pre-order not found' },
  PREORDER_NOT_ALLOWED: {
    status: 409,
    message: 'Pre-orders are only for products that are sold out or not yet harvested',
  },
  PREORDER_NOT_PENDING: {
    status: 409,
    message: 'This pre-order has already been filled or cancelled',
  },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof errors;

/**
 * One thing wrong with a request. `field` and `message` are always there; checkout's and the
 * order lifecycle's errors add what a client needs to show the shopper exactly what changed.
 */
export interface ErrorDetail {
  field: string;
  message: string;
  productId?: string;
  name?: string;
  requested?: number;
  available?: number;
  /** The current price in US dollars, as the API carries money. */
  price?: number;
  /** The statuses an order may move to instead. */
  allowed?: string[];
}

/** The one error type rules and services throw; the server maps it to `{ message, code, details }`. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: ErrorDetail[] | undefined;

  constructor(code: ErrorCode, message?: string, details?: ErrorDetail[]) {
    super(message ?? errors[code].message);
    this.name = 'AppError';
    this.code = code;
    this.status = errors[code].status;
    this.details = details;
  }
}

export interface StockShortfall {
  productId: string;
  name: string;
  requested: number;
  available: number;
}

/** One product of an 'Insufficient stock' answer: what was asked for and what is left. */
export function stockShortfallDetail(shortfall: StockShortfall): ErrorDetail {
  const message =
    shortfall.available === 0
      ? `${shortfall.name} is sold out`
      : `Only ${shortfall.available} left of ${shortfall.name}`;
  return { field: 'items', message, ...shortfall };
}

/** One product of a PRICE_CHANGED answer, with the price to show instead. */
export function priceChangedDetail(product: {
  productId: string;
  name: string;
  priceCents: number;
}): ErrorDetail {
  return {
    field: 'items',
    message: `The price of ${product.name} is now ${formatUsd(product.priceCents)}`,
    productId: product.productId,
    name: product.name,
    price: centsToDollars(product.priceCents),
  };
}
