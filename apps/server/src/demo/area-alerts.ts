/**
 * Shoppers in towns with no demo farm yet who asked to hear when one opens ("Tell me when farms
 * near me join"). A farm made near either in the demo queues its e-mail to the dev outbox.
 */
export const demoAreaAlerts = [
  { email: 'reno.shopper@example.com', lat: 39.53, lng: -119.81 },
  { email: 'boise.shopper@example.com', lat: 43.62, lng: -116.2 },
] as const;
