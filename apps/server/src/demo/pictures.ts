import type { CategorySlug } from '@furrow/domain/categories';
import { eq } from 'drizzle-orm';
import { MAX_WAITING_DECODES, rasterizeSvg } from '../adapters/images';
import { withTransaction } from '../db/transaction';
import { publish } from '../domain-events/publish';
import { farms } from '../modules/farms/farms.schema';
import { countStoredBytes, type ImageDeps, storeFarmerImage } from '../modules/images';
import { productsChanged } from '../modules/inventory';
import { products } from '../modules/products/products.schema';
import { type DemoFarm, demoFarms } from './catalogue';

// The demo's pictures: drawings from the Fluent Emoji (flat) set, MIT licensed by Microsoft, composed
// into a photo-like square for each product and a logo and a cover for each farm, then stored through
// the same path as a farmer's upload (decode, resize, WebP, the farmer's byte count), so that the demo
// shows and exercises the real thing.

/** A light background per category, so that a page of cards reads like a market table, not a list. */
const categoryTints: Record<CategorySlug, string> = {
  vegetables: '#e3efd9',
  fruit: '#fbe4d9',
  herbs: '#dcefe2',
  'eggs-dairy': '#e9eef4',
  'meat-poultry': '#f5e2dc',
  bakery: '#f4e7d2',
  'honey-preserves': '#fbefc8',
  pantry: '#eee4d6',
  'flowers-plants': '#f4e2ef',
};

type IconSet = { icons: Record<string, { body: string }>; width?: number; height?: number };

let iconSet: Promise<IconSet> | undefined;

/** The set is large (9 MB of JSON): loaded once, and only when the demo is being loaded. */
function loadIcons(): Promise<IconSet> {
  iconSet ??= import('@iconify-json/fluent-emoji-flat').then((module) => module.icons as IconSet);
  return iconSet;
}

async function icon(name: string, x: number, y: number, size: number): Promise<string> {
  const set = await loadIcons();
  const drawing = set.icons[name];
  if (!drawing) throw new Error(`no such demo picture: ${name}`);
  const box = `0 0 ${set.width ?? 16} ${set.height ?? 16}`;
  return `<svg x="${x}" y="${y}" width="${size}" height="${size}" viewBox="${box}">${drawing.body}</svg>`;
}

const svg = (width: number, height: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;

/** A square "photo" of one product: the drawing on a soft, lit background with a shadow under it. */
export async function productPicture(picture: string, tint: string): Promise<Buffer> {
  return rasterizeSvg(
    svg(
      640,
      640,
      `<defs><radialGradient id="light" cx="50%" cy="38%" r="70%"><stop offset="0" stop-color="#fffdf8"/><stop offset="1" stop-color="${tint}"/></radialGradient></defs>
      <rect width="640" height="640" fill="url(#light)"/>
      <ellipse cx="320" cy="512" rx="192" ry="27" fill="#3b2f22" opacity="0.10"/>
      ${await icon(picture, 120, 104, 400)}`,
    ),
  );
}

/** A farm's logo: its signature drawing in a ring on the farm's colour. */
export async function farmLogo(farm: Pick<DemoFarm, 'logo' | 'tint'>): Promise<Buffer> {
  return rasterizeSvg(
    svg(
      400,
      400,
      `<rect width="400" height="400" fill="${farm.tint}"/>
      <circle cx="200" cy="200" r="176" fill="#fffdf8" stroke="#2f5d3a" stroke-width="14"/>
      ${await icon(farm.logo, 90, 90, 220)}`,
    ),
  );
}

/** A farm's cover: a field under a morning sky, the farmhouse, and what the farm sells in front. */
export async function farmCover(farm: Pick<DemoFarm, 'tint' | 'products'>): Promise<Buffer> {
  const pictures = [...new Set(farm.products.map((product) => product.picture))].slice(0, 5);
  const size = 170;
  const gap = (1200 - 160 - pictures.length * size) / Math.max(1, pictures.length - 1);
  const crops = await Promise.all(
    pictures.map((picture, position) =>
      icon(picture, 80 + position * (size + gap), 300 - (position % 2) * 22, size),
    ),
  );
  return rasterizeSvg(
    svg(
      1200,
      500,
      `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#cfe6f2"/><stop offset="1" stop-color="#fdf6e7"/></linearGradient></defs>
      <rect width="1200" height="500" fill="url(#sky)"/>
      <circle cx="1040" cy="92" r="52" fill="#f6c453" opacity="0.9"/>
      <path d="M0 300 C 220 220 420 250 640 280 S 1000 230 1200 260 V 500 H 0 Z" fill="#9cc58a"/>
      <path d="M0 360 C 260 320 520 350 760 370 S 1060 330 1200 350 V 500 H 0 Z" fill="${farm.tint}"/>
      <path d="M0 440 C 300 410 700 430 1200 420 V 500 H 0 Z" fill="#6f9e5b" opacity="0.35"/>
      ${await icon('house-with-garden', 880, 96, 160)}
      ${crops.join('')}`,
    ),
  );
}

/**
 * Gives every demo farm a logo and a cover and every demo product its picture, for the rows that have
 * none yet. Run after `seedDemoData`; safe to run again.
 */
export async function addDemoPictures(deps: ImageDeps): Promise<{ images: number }> {
  const { db } = deps;
  const rendered = new Map<string, Promise<Buffer>>();
  const once = (key: string, draw: () => Promise<Buffer>) => {
    let picture = rendered.get(key);
    if (!picture) {
      picture = draw();
      rendered.set(key, picture);
    }
    return picture;
  };
  let images = 0;
  const store = async (farmerId: string, picture: Buffer) => {
    const stored = await storeFarmerImage(deps, farmerId, picture);
    await countStoredBytes(db, farmerId, stored.bytes);
    images += 1;
    return stored.url;
  };

  for (const demo of demoFarms) {
    const [farm] = await db
      .select({
        id: farms.id,
        farmerId: farms.farmerId,
        logo: farms.logoPath,
        cover: farms.coverPath,
      })
      .from(farms)
      .where(eq(farms.contactEmail, `${demo.slug}@farms.furrow.test`));
    if (!farm) continue;
    const rows = await db
      .select({ id: products.id, name: products.name, images: products.images })
      .from(products)
      .where(eq(products.farmId, farm.id));
    // One farm at a time, its pictures a batch at once: sharp works on its own threads, and the
    // decode queue refuses what waits beyond its length.
    const work: (() => Promise<void>)[] = [
      async () => {
        if (farm.logo) return;
        const url = await store(farm.farmerId, await farmLogo(demo));
        await db.update(farms).set({ logoPath: url }).where(eq(farms.id, farm.id));
      },
      async () => {
        if (farm.cover) return;
        const url = await store(farm.farmerId, await farmCover(demo));
        await db.update(farms).set({ coverPath: url }).where(eq(farms.id, farm.id));
      },
      ...rows.map((row) => async () => {
        const product = demo.products.find((candidate) => candidate.name === row.name);
        if (!product || row.images.length > 0) return;
        const tint = categoryTints[product.categorySlug];
        const picture = await once(`${product.picture}:${tint}`, () =>
          productPicture(product.picture, tint),
        );
        const url = await store(farm.farmerId, picture);
        await db
          .update(products)
          .set({ images: [url] })
          .where(eq(products.id, row.id));
      }),
    ];
    for (let start = 0; start < work.length; start += MAX_WAITING_DECODES) {
      await Promise.all(work.slice(start, start + MAX_WAITING_DECODES).map((run) => run()));
    }
    await withTransaction(db, (tx) =>
      publish(tx, productsChanged, { farmIds: [farm.id] }, new Date()),
    );
  }
  return { images };
}
