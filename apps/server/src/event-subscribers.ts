import type { EventKind } from './domain-events/event-kind';
import { type Subscriber, subscribe } from './domain-events/subscribers';
import { countOrder, uncountOrder } from './modules/analytics';
import { tellSignUpsNear } from './modules/area-alerts';
import { farmOpened, farmsChanged } from './modules/farms';
import { productsChanged, stockAdded } from './modules/inventory';
import {
  onPaymentRefunded,
  onPaymentSucceeded,
  orderCancelled,
  orderPaid,
  orderPlaced,
} from './modules/orders';
import {
  paymentFailed,
  paymentRefunded,
  paymentSucceeded,
  payoutAccountUpdated,
  subscriptionCancelled,
  subscriptionPastDue,
  subscriptionRenewed,
} from './modules/payments';
import { onPayoutAccountUpdated } from './modules/payouts';
import { fillOnHarvestMoved, fillOnStockAdded } from './modules/preorders';
import { forgetFarmProducts, forgetFarms, harvestMoved } from './modules/products';
import {
  followProviderSubscription,
  onPlanPaymentFailed,
  onPlanPaymentSucceeded,
} from './modules/subscriptions';

/**
 * Every subscription of the server, in one list: what happens elsewhere when a module records an
 * event. A module publishes its events without knowing who listens; this file, like `app.ts`, is
 * the one place that composes modules. ARCHITECTURE.md lists the events.
 */
export function subscribeAll(links: { publicUrl: string }): void {
  for (const subscriber of subscribers(links)) subscribe(subscriber);
}

/** Checks one subscriber against its event's payload (taken from the event alone), then lists it. */
function on<Payload>(
  subscriber: Subscriber<NoInfer<Payload>> & { readonly event: EventKind<Payload> },
): Subscriber<unknown> {
  return subscriber as Subscriber<unknown>;
}

const subscribers = ({ publicUrl }: { publicUrl: string }): Subscriber<unknown>[] => [
  // Stock that arrives goes to waiting pre-orders before any shopper can take it.
  on({
    name: 'preorders.fill',
    event: stockAdded,
    when: 'in-transaction',
    handle: fillOnStockAdded,
  }),
  on({
    name: 'preorders.harvest',
    event: harvestMoved,
    when: 'in-transaction',
    handle: fillOnHarvestMoved,
  }),
  // Browse's copies are dropped with the change, and other processes' at its commit.
  on({
    name: 'browse.products',
    event: productsChanged,
    when: 'in-transaction',
    handle: (tx, change) => forgetFarmProducts(tx, change),
  }),
  on({
    name: 'browse.farms',
    event: farmsChanged,
    when: 'in-transaction',
    handle: (tx) => forgetFarms(tx),
  }),
  // Sign-ups near a farm that opens are told with it, and told once.
  on({
    name: 'area-alerts.tell',
    event: farmOpened,
    when: 'in-transaction',
    handle: async (tx, farm, now) => {
      await tellSignUpsNear(tx, farm, { publicUrl, now });
    },
  }),
  // The farm's figures move in the transaction that places, pays or cancels the order.
  on({ name: 'analytics.placed', event: orderPlaced, when: 'in-transaction', handle: countOrder }),
  on({ name: 'analytics.paid', event: orderPaid, when: 'in-transaction', handle: countOrder }),
  on({
    name: 'analytics.cancelled',
    event: orderCancelled,
    when: 'in-transaction',
    handle: uncountOrder,
  }),
  // What the payment provider said, applied in the transaction that records its webhook, so that
  // a replayed delivery changes nothing: the plan follows the provider's subscription, an order
  // its payment, a farm its payouts account.
  on({
    name: 'subscriptions.renewed',
    event: subscriptionRenewed,
    when: 'in-transaction',
    handle: followProviderSubscription,
  }),
  on({
    name: 'subscriptions.past-due',
    event: subscriptionPastDue,
    when: 'in-transaction',
    handle: followProviderSubscription,
  }),
  on({
    name: 'subscriptions.cancelled',
    event: subscriptionCancelled,
    when: 'in-transaction',
    handle: followProviderSubscription,
  }),
  on({
    name: 'subscriptions.invoice-paid',
    event: paymentSucceeded,
    when: 'in-transaction',
    handle: onPlanPaymentSucceeded,
  }),
  on({
    name: 'subscriptions.invoice-failed',
    event: paymentFailed,
    when: 'in-transaction',
    handle: onPlanPaymentFailed,
  }),
  on({
    name: 'orders.card-paid',
    event: paymentSucceeded,
    when: 'in-transaction',
    handle: onPaymentSucceeded,
  }),
  on({
    name: 'orders.card-refunded',
    event: paymentRefunded,
    when: 'in-transaction',
    handle: onPaymentRefunded,
  }),
  on({
    name: 'payouts.account',
    event: payoutAccountUpdated,
    when: 'in-transaction',
    handle: onPayoutAccountUpdated,
  }),
];
