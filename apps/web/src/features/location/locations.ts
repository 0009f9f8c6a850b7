/** Where the shopper looks for food. `label` is what the page shows ("Portland, OR"). */
export interface ShopperLocation {
  lat: number;
  lng: number;
  label: string;
}

/** The metros the demo farms are in; offered as quick picks until a typed search exists. */
export const demoMetros = [
  { label: 'Portland, OR', lat: 45.5152, lng: -122.6784 },
  { label: 'Austin, TX', lat: 30.2672, lng: -97.7431 },
] as const satisfies readonly ShopperLocation[];

export const DEFAULT_LOCATION: ShopperLocation = demoMetros[0];

/** The label of a location found through the browser's geolocation. */
export const CURRENT_POSITION_LABEL = 'Your location';
