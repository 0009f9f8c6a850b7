import type { SinkAttempt } from './smtp-sink';

export interface OrderMailCount {
  /** "Order F-10001 from <farm> is placed", to the customer. */
  customer: number;
  /** "New order F-10001 from <customer>", to the farm. */
  farm: number;
}

/** How many of each new-order e-mail reached the mail server, by order number; other mail is left out. */
export function countOrderMails(delivered: SinkAttempt[]): Map<string, OrderMailCount> {
  const counts = new Map<string, OrderMailCount>();
  const countFor = (number: string) => {
    const existing = counts.get(number);
    if (existing) return existing;
    const fresh = { customer: 0, farm: 0 };
    counts.set(number, fresh);
    return fresh;
  };
  for (const { subject } of delivered) {
    const placed = /^Order (F-\d+) from .* is placed$/.exec(subject);
    if (placed?.[1]) countFor(placed[1]).customer++;
    const farm = /^New order (F-\d+) from /.exec(subject);
    if (farm?.[1]) countFor(farm[1]).farm++;
  }
  return counts;
}

/** Both e-mails of every order in `numbers` have arrived at least once. */
export function allOrdersMailed(numbers: string[], delivered: SinkAttempt[]): boolean {
  const counts = countOrderMails(delivered);
  return numbers.every((number) => {
    const count = counts.get(number);
    return Boolean(count && count.customer > 0 && count.farm > 0);
  });
}
