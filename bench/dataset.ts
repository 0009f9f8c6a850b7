// A national marketplace of made-up farms at real US population centres: about 50 products a farm,
// farms placed around cities in proportion to their population, reproducible from a seed.
import { randomUUID } from 'node:crypto';
import type { CategorySlug } from '@furrow/domain/categories';
import { type DemoProduct, demoFarms } from '../apps/server/src/demo/catalogue';
import { type City, usCities } from './us-cities';

export const PRODUCTS_PER_FARM = 50;
/** Customers who sign in and check out during the run; they share one password. */
export const BENCH_CUSTOMERS = 200;
export const BENCH_PASSWORD = 'bench-harvest-2026';
/** Products every checkout competes for: few, so that checkouts wait on the same rows. */
export const HOT_PRODUCTS = 5;
export const HOT_PRODUCT_STOCK = 400;
/** The big farm's catalogue, on top of the products of the size asked for: its page must stay fast. */
export const BIG_FARM_PRODUCTS = 10_000;

export interface FarmRow {
  id: string;
  farmerId: string;
  name: string;
  description: string;
  city: string;
  region: string;
  lat: number;
  lng: number;
  timeZone: string;
  deliveryEnabled: boolean;
  deliveryRadiusKm: number;
  deliveryFeeCents: number;
  status: 'active' | 'suspended';
  suspendedReason: string | null;
}

export interface ProductRow {
  id: string;
  farmId: string;
  farmerId: string;
  name: string;
  description: string;
  priceCents: number;
  unit: string;
  categorySlug: CategorySlug;
  stock: number;
}

export interface Dataset {
  farms: FarmRow[];
  products: ProductRow[];
  /** Products checkout competes for, with their starting stock. */
  hotProductIds: string[];
  /** The one farm with `BIG_FARM_PRODUCTS` products, active. */
  bigFarmId: string;
}

/** mulberry32: small, fast and good enough to place farms; the same seed gives the same country. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Picks a city with probability proportional to its population. */
export function cityPicker(random: () => number): () => City {
  const total = usCities.reduce((sum, city) => sum + city.population, 0);
  const cumulative: number[] = [];
  let running = 0;
  for (const city of usCities) {
    running += city.population;
    cumulative.push(running / total);
  }
  return () => {
    const u = random();
    const index = cumulative.findIndex((edge) => u < edge);
    return usCities[index === -1 ? usCities.length - 1 : index] as City;
  };
}

const KM_PER_DEGREE = 111.32;

/** A point `km` from a centre on a bearing, close enough to the sphere for tens of kilometres. */
export function offset(
  centre: { lat: number; lng: number },
  km: number,
  bearing: number,
): { lat: number; lng: number } {
  const lat = centre.lat + (km * Math.cos(bearing)) / KM_PER_DEGREE;
  const lng =
    centre.lng +
    (km * Math.sin(bearing)) / (KM_PER_DEGREE * Math.cos((centre.lat * Math.PI) / 180));
  return { lat: round6(lat), lng: round6(lng) };
}

/** A point where people live: near a city chosen by population, within `maxKm` of its centre. */
export function populatedPoint(
  random: () => number,
  pickCity: () => City,
  maxKm: number,
): { lat: number; lng: number } {
  return offset(pickCity(), maxKm * Math.sqrt(random()), random() * 2 * Math.PI);
}

function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

const farmWords = {
  first: [
    'Green',
    'Willow',
    'Red Barn',
    'Cedar',
    'Sunny',
    'Maple',
    'Oak',
    'River',
    'Stone',
    'Blue Sky',
    'Golden',
    'Hidden',
    'Wild',
    'Clover',
    'Misty',
    'Prairie',
    'Old Mill',
    'Copper',
    'Juniper',
    'Fern',
  ],
  second: [
    'Acres',
    'Hollow',
    'Meadow',
    'Ridge',
    'Creek',
    'Valley',
    'Orchard',
    'Fields',
    'Hill',
    'Grove',
    'Gardens',
    'Bend',
    'Springs',
    'Homestead',
    'Pastures',
  ],
};
const varieties = ['', 'Organic ', 'Heirloom ', 'Local ', 'Heritage '];

/** Every product the demo farms sell, each with its category, drawn from at random per farm. */
const catalogue: DemoProduct[] = demoFarms.flatMap((farm) => farm.products);

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

/** A product drawn from the demo catalogue, priced around it, named `name(entry)`. */
function productOf(
  random: () => number,
  farm: FarmRow,
  entry: DemoProduct,
  name: string,
): ProductRow {
  return {
    id: randomUUID(),
    farmId: farm.id,
    farmerId: farm.farmerId,
    name,
    description: entry.description,
    // Prices vary by farm around the catalogue's, to the nearest 25 cents.
    priceCents: Math.max(25, Math.round((entry.priceCents * (0.7 + random() * 0.6)) / 25) * 25),
    unit: entry.unit,
    categorySlug: entry.categorySlug,
    stock: random() < 0.05 ? 0 : 1 + Math.floor(random() * 200),
  };
}

/**
 * `productCount` products over `productCount / 50` farms, and one more farm, the big farm, with
 * `BIG_FARM_PRODUCTS` of its own (a wholesale grower's whole list). About 2 % of farms are
 * suspended, so that browse has to leave some out, and about 5 % of products are sold out.
 */
export function generateDataset(productCount: number, seed = 2026): Dataset {
  const random = seededRandom(seed);
  const pickCity = cityPicker(random);
  const farmCount = Math.max(1, Math.round(productCount / PRODUCTS_PER_FARM));
  const farms: FarmRow[] = [];
  const products: ProductRow[] = [];
  for (let f = 0; f < farmCount; f++) {
    const city = pickCity();
    // Farms ring the city: few in its centre, most 15 to 80 km out.
    const at = offset(city, 5 + 75 * Math.sqrt(random()), random() * 2 * Math.PI);
    const suspended = random() < 0.02;
    const farm: FarmRow = {
      id: randomUUID(),
      farmerId: randomUUID(),
      name: `${pick(random, farmWords.first)} ${pick(random, farmWords.second)} Farm`,
      description: `A family farm outside ${city.name}, ${city.region}.`,
      city: city.name,
      region: city.region,
      ...at,
      timeZone: city.timeZone,
      deliveryEnabled: random() < 0.4,
      deliveryRadiusKm: 10 + Math.floor(random() * 40),
      deliveryFeeCents: 300 + Math.floor(random() * 8) * 100,
      status: suspended ? 'suspended' : 'active',
      suspendedReason: suspended ? 'Food safety certificate expired.' : null,
    };
    farms.push(farm);
    const remaining = productCount - products.length;
    const count = f === farmCount - 1 ? remaining : Math.min(remaining, PRODUCTS_PER_FARM);
    const names = new Set<string>();
    while (names.size < count) {
      const entry = pick(random, catalogue);
      const name = `${pick(random, varieties)}${entry.name}`;
      if (names.has(name)) continue;
      names.add(name);
      products.push(productOf(random, farm, entry, name));
    }
  }
  // Generated after the others, so that they stay what the same seed always gave.
  const bigCity = pickCity();
  const bigFarm: FarmRow = {
    id: randomUUID(),
    farmerId: randomUUID(),
    name: 'Big Valley Wholesale Farm',
    description: `A wholesale grower outside ${bigCity.name}, ${bigCity.region}, selling its whole list.`,
    city: bigCity.name,
    region: bigCity.region,
    ...offset(bigCity, 5 + 75 * Math.sqrt(random()), random() * 2 * Math.PI),
    timeZone: bigCity.timeZone,
    deliveryEnabled: true,
    deliveryRadiusKm: 50,
    deliveryFeeCents: 500,
    status: 'active',
    suspendedReason: null,
  };
  farms.push(bigFarm);
  for (let index = 0; index < BIG_FARM_PRODUCTS; index++) {
    const entry = pick(random, catalogue);
    // Lots of the same produce, told apart by number: 10,000 names from a catalogue of ~150.
    const name = `${pick(random, varieties)}${entry.name}, lot ${1 + Math.floor(random() * 999)}`;
    products.push(productOf(random, bigFarm, entry, name));
  }
  // The hot products are the first active farm's, with stock enough for a run.
  const hotFarm = farms.find((farm) => farm.status === 'active');
  const hot = products.filter((product) => product.farmId === hotFarm?.id).slice(0, HOT_PRODUCTS);
  const hotProductIds = hot.map((product) => {
    product.stock = HOT_PRODUCT_STOCK;
    return product.id;
  });
  return { farms, products, hotProductIds, bigFarmId: bigFarm.id };
}
