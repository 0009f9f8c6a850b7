import { commonFarmTimeZones } from '@furrow/domain/farm-time';

/** Every IANA zone the browser knows, or none where it cannot list them. */
function allZones(): string[] {
  const intl = Intl as { supportedValuesOf?: (key: 'timeZone') => string[] };
  return intl.supportedValuesOf?.('timeZone') ?? [];
}

/**
 * The farm form's time zones: the common US ones by name, then every other zone by its IANA id
 * (the farm's own first, if the browser does not list it), so that no farm is stuck with a zone
 * the list lacks.
 */
export function timeZoneOptions(current: string): {
  common: { id: string; label: string }[];
  others: string[];
} {
  const common = commonFarmTimeZones.map((zone) => ({ id: zone.id, label: zone.label }));
  const named = new Set<string>(common.map((zone) => zone.id));
  const others = allZones().filter((zone) => !named.has(zone));
  if (current && !named.has(current) && !others.includes(current)) others.unshift(current);
  return { common, others };
}
