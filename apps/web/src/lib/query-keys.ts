import type { CategorySlug } from '@furrow/domain/categories';

/**
 * Every query key of the web app. They live together because a write in one feature changes what
 * another shows (a new product changes the product counts of the farm list), and features do not
 * import each other. Each family starts with its own first element, so invalidating `all` reaches
 * every query of that family and nothing else.
 */

export const authConfigKey = ['auth-config'] as const;

export const farmKeys = {
  all: ['farms'] as const,
  mine: () => ['farms', 'mine'] as const,
  page: (id: string) => ['farms', id, 'page'] as const,
  /** The farm page's products beyond the first page, or those of a category or search. */
  products: (id: string, filters: { categorySlug?: CategorySlug; q?: string }) =>
    ['farms', id, 'products', filters] as const,
};

/** A farm's payouts connection, read from the payment provider. */
export const payoutKeys = {
  farm: (farmId: string) => ['payouts', farmId] as const,
};

export const farmerKeys = {
  all: ['farmers'] as const,
  me: () => ['farmers', 'me'] as const,
};

export const farmProductKeys = {
  farm: (farmId: string) => ['farm-products', farmId] as const,
  /** The stock steppers' mutations, counted to re-read the list once the last click settles. */
  stockChanges: ['farm-products', 'stock'] as const,
};

/** Every product query (nearby lists, product pages): stock changes when orders are placed. */
export const productKeys = { all: ['products'] as const };

export const nearbyProductKeys = {
  near: (
    near: { lat: number; lng: number },
    categorySlug: CategorySlug | undefined,
    options: { q?: string; sort?: string; radiusKm?: number } = {},
  ) => ['products', 'nearby', { lat: near.lat, lng: near.lng, categorySlug, ...options }] as const,
};

/**
 * Orders are one family for customers and farmers alike: a status change by either side must
 * refresh every list and page that shows the order.
 */
export const orderKeys = {
  all: ['orders'] as const,
  list: (filters: Record<string, string | number | undefined>) =>
    ['orders', 'list', filters] as const,
  one: (id: string) => ['orders', id] as const,
  pickList: (farmId: string, date: string) => ['orders', 'pick-list', farmId, date] as const,
};

/** The next pickup slots a farm offers at checkout; orders taken change the room left in them. */
export const pickupSlotKeys = {
  all: ['pickup-slots'] as const,
  farm: (farmId: string) => ['pickup-slots', farmId] as const,
};

/** Pre-orders of the farmer's products, waiting for stock. */
export const farmPreorderKeys = {
  pending: ['farm-preorders', 'pending'] as const,
};

export const adminKeys = {
  all: ['admin'] as const,
  overview: () => ['admin', 'overview'] as const,
  farms: (query: object) => ['admin', 'farms', query] as const,
  audit: (query: object) => ['admin', 'audit', query] as const,
};

export const eventKeys = {
  all: ['events'] as const,
  farm: (farmId: string) => ['events', 'farm', farmId] as const,
  near: (near: { lat: number; lng: number }) => ['events', 'near', near] as const,
};

export const featuredFarmKeys = { all: ['featured-farms'] as const };

/** The plan catalogue, and the farmer's current plan, which starting a trial or paying changes. */
export const planKeys = {
  catalogue: ['plans'] as const,
  /** Every subscription query: a cancel or a change of plan refreshes them all. */
  all: ['subscriptions'] as const,
  current: ['subscriptions', 'current'] as const,
  mine: ['subscriptions', 'mine'] as const,
  billingHistory: (id: string) => ['subscriptions', id, 'billing-history'] as const,
  paymentMethods: ['payment-methods'] as const,
};

/** A farm's views, orders and revenue per day; orders placed change them. */
export const farmAnalyticsKeys = {
  farm: (farmId: string) => ['farm-analytics', farmId] as const,
};
