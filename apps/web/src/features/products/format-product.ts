import { dollarsToCents, formatUsd } from '@furrow/domain/money';

/** "$4.50 / lb", "$6.00 / half dozen", "$3.00 each". The API sends prices in dollars. */
export function formatPricePerUnit(price: number, unit: string): string {
  const amount = formatUsd(dollarsToCents(price));
  return unit === 'each' ? `${amount} each` : `${amount} / ${unit.replaceAll('-', ' ')}`;
}

/**
 * "3.2 km away"; whole kilometres from 10 km on, where a decimal is noise. Without `Intl`: the
 * first `Intl` formatter a page makes loads the browser's locale data, and product cards are on the
 * landing page (see `formatUsd`).
 */
export function formatDistance(km: number): string {
  if (km < 0.1) return 'Less than 0.1 km away';
  const shown = km < 10 ? km.toFixed(1) : String(Math.round(km)).replace(/\B(?=(\d{3})+$)/g, ',');
  return `${shown} km away`;
}

/** "Hillsboro, OR · 3.2 km away", leaving out whatever the farm has not told. */
export function formatWhere(
  farm: { city: string; region: string },
  distanceKm: number | null,
): string {
  const place = [farm.city, farm.region].filter(Boolean).join(', ');
  return [place, distanceKm === null ? '' : formatDistance(distanceKm)].filter(Boolean).join(' · ');
}

/** At or below this many, the stock label is highlighted so shoppers know to hurry. */
export const LOW_STOCK = 5;

export function formatStock(stock: number): string {
  if (stock <= 0) return 'Sold out';
  return stock <= LOW_STOCK ? `Only ${stock} left` : `${stock} left`;
}
