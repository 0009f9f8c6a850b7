// Writes the drawings that product names call for (see packages/domain/product-pictures.ts) into
// public/product-pictures as small SVG files, from the Fluent Emoji (flat) set, MIT licensed by
// Microsoft. The files are committed; run again after adding a picture:
//   npx tsx apps/web/scripts/product-pictures.ts
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { productPictureNames } from '@furrow/domain/product-pictures';
import { icons } from '@iconify-json/fluent-emoji-flat';

const folder = new URL('../public/product-pictures/', import.meta.url);
rmSync(folder, { recursive: true, force: true });
mkdirSync(folder, { recursive: true });
const box = `0 0 ${icons.width ?? 16} ${icons.height ?? 16}`;
for (const name of productPictureNames) {
  const drawing = icons.icons[name];
  if (!drawing) throw new Error(`no such picture in the set: ${name}`);
  writeFileSync(
    new URL(`${name}.svg`, folder),
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${box}"><title>${name.replaceAll('-', ' ')}</title>${drawing.body}</svg>\n`,
  );
}
console.log(`${productPictureNames.length} pictures in ${folder.pathname}`);
