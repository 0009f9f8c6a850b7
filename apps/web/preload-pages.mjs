// Pages whose screen is a lazy chunk but who are opened straight from an address (a bookmark, a
// sign-in's redirect): the bare app with `<link rel="modulepreload">` for that screen's code, so
// that the browser fetches it beside the app's own scripts rather than after they have run. The
// pages go to `dist/pages/<path>/index.html`, which the server sends for that path
// (`apps/server/src/app.ts`), like the prerendered ones (`prerender.mjs`).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const dist = new URL('./dist', import.meta.url).pathname;

// Each page's address and the modules it needs that the app does not load at once: a source file
// as Vite's manifest names it, or a shared chunk by its name. The farmer dashboard is only ever shown
// signed in, so its visit also loads the header's menu of a signed-in user and the schema of the
// session's check (`lib/session.tsx`).
const pages = [
  {
    path: '/farmers/dashboard',
    modules: [
      'src/app/routes/farmer-dashboard.tsx',
      'src/features/account/signed-in-menu.tsx',
      'users',
    ],
  },
];

const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const template = readFileSync(join(dist, 'index.html'), 'utf8');
// What the app's entry already loads, directly or as its own modulepreload links.
const loaded = new Set(
  [...template.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]),
);

/** The files of a module and of everything it imports statically, that the app has not loaded. */
function filesOf(key, found = new Set()) {
  const chunk =
    manifest[key] ?? Object.values(manifest).find((entry) => entry.name === key && !entry.src);
  if (!chunk) throw new Error(`${key} is not in Vite's manifest: was it renamed?`);
  if (loaded.has(chunk.file) || found.has(chunk.file)) return found;
  found.add(chunk.file);
  for (const imported of chunk.imports ?? []) filesOf(imported, found);
  return found;
}

for (const page of pages) {
  const files = new Set(page.modules.flatMap((key) => [...filesOf(key)]));
  const links = [...files].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
  const html = template.replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
  const file = join(dist, 'pages', page.path, 'index.html');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, html);
}
