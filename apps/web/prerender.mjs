// Draws the pages a first visit most often opens into the build, so that they paint before any
// JavaScript has run (`src/prerender.tsx`), and adds to each the small blocking script that checks
// they fit the visitor (`src/first-paint-script.ts`). The pages go to `dist/pages/<path>/index.html`,
// which the server sends for that path; every other address gets `dist/index.html` as before.
// A farm's page (`dist/pages/farms/[id]/index.html`, sent for every farm) is the app's page with
// what the farm screen needs fetched from the start: its scripts and its data.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

const web = new URL('.', import.meta.url).pathname;
const dist = join(web, 'dist');
const pages = ['/', '/welcome'];

// Inside the workspace, so that the server build finds React and the other packages it imports.
const cache = join(web, 'node_modules', '.cache');
mkdirSync(cache, { recursive: true });
const work = mkdtempSync(join(cache, 'prerender-'));
try {
  const common = { root: web, configFile: join(web, 'vite.config.ts'), logLevel: 'warn' };
  await build({
    ...common,
    build: {
      ssr: 'src/prerender.tsx',
      outDir: join(work, 'ssr'),
      manifest: false,
      copyPublicDir: false,
    },
  });
  // A script of its own for a page's head, hashed like the app's assets.
  const headScript = async (entry, name) => {
    const outDir = join(work, name);
    await build({
      ...common,
      build: {
        outDir,
        manifest: false,
        copyPublicDir: false,
        lib: {
          entry,
          formats: ['iife'],
          // It exports nothing: the name it would be given as a global is never used.
          name: name.replace(/-(\w)/g, (_, letter) => letter.toUpperCase()),
          fileName: () => `${name}.js`,
        },
        rolldownOptions: { output: { codeSplitting: false } },
      },
    });
    const script = readFileSync(join(outDir, `${name}.js`));
    const hash = createHash('sha256').update(script).digest('base64url').slice(0, 8);
    const path = `/assets/${name}-${hash}.js`;
    writeFileSync(join(dist, path), script);
    return path;
  };
  const scriptPath = await headScript('src/first-paint-script.ts', 'first-paint');

  const { renderPage, renderLoadedPage } = await import(
    pathToFileURL(join(work, 'ssr', 'prerender.js')).href
  );
  const template = readFileSync(join(dist, 'index.html'), 'utf8');
  for (const path of pages) {
    const file = join(dist, 'pages', path, 'index.html');
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, drawnPage(template, renderPage(path), scriptPath));
  }

  await writeFarmPage(
    template,
    await renderLoadedPage('/farms/[id]'),
    await headScript('src/farm-page-script.ts', 'farm-page'),
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}

/**
 * The template with a drawn page in its root, the page's <title> in its head, and `scriptPath`, a
 * blocking script, before the styles and the app: fetched alongside the stylesheet.
 */
function drawnPage(template, drawn, scriptPath) {
  // React writes the page's <title> where the page renders it; it belongs in the head.
  let title = '<title>Furrow</title>';
  const body = drawn.replace(/<title>[^<]*<\/title>/, (found) => {
    title = found;
    return '';
  });
  return template
    .replace(/<title>[^<]*<\/title>/, title)
    .replace(
      '<script type="module"',
      `<script src="${scriptPath}"></script>\n    <script type="module"`,
    )
    .replace('<div id="root"></div>', `<div id="root">${body}</div>`);
}

/**
 * The page for every farm: the header and the page's skeleton drawn ahead (`body`), so that they
 * paint before any script has run; a blocking script in the head that starts the farm's API
 * requests and says whether the drawn page fits the visitor (`src/farm-page-script.ts`); and
 * `modulepreload` links that fetch the farm screen's chunk beside the app's own, rather than after
 * them. So scripts and data arrive together, under a page already drawn.
 */
function writeFarmPage(template, body, scriptPath) {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
  const loaded = new Set(
    [...template.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]),
  );
  const chunks = [];
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || loaded.has(chunk.file)) return;
    loaded.add(chunk.file);
    chunks.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit('src/app/routes/farm.tsx');
  const links = [
    // No frame until the drawn page has been parsed whole: the parser may stop to let the browser
    // paint half a header (seen on this busy machine), which then moves as the rest comes.
    '<link rel="expect" href="#root" blocking="render">',
    ...chunks.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ];
  const html = drawnPage(template, body, scriptPath).replace(
    '</head>',
    `  ${links.join('\n    ')}\n  </head>`,
  );
  const file = join(dist, 'pages', 'farms', '[id]', 'index.html');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, html);
}
