// Draws the pages a first visit most often opens into the build, so that they paint before any
// JavaScript has run (`src/prerender.tsx`), and adds to each the small blocking script that checks
// they fit the visitor (`src/first-paint-script.ts`). The pages go to `dist/pages/<path>/index.html`,
// which the server sends for that path; every other address gets `dist/index.html` as before.
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
  await build({
    ...common,
    build: {
      outDir: join(work, 'script'),
      manifest: false,
      copyPublicDir: false,
      lib: {
        entry: 'src/first-paint-script.ts',
        formats: ['iife'],
        name: 'furrowFirstPaint',
        fileName: () => 'first-paint.js',
      },
      rolldownOptions: { output: { codeSplitting: false } },
    },
  });

  const script = readFileSync(join(work, 'script', 'first-paint.js'));
  const hash = createHash('sha256').update(script).digest('base64url').slice(0, 8);
  const scriptPath = `/assets/first-paint-${hash}.js`;
  writeFileSync(join(dist, scriptPath), script);

  const { renderPage } = await import(pathToFileURL(join(work, 'ssr', 'prerender.js')).href);
  const template = readFileSync(join(dist, 'index.html'), 'utf8');
  for (const path of pages) {
    let body = renderPage(path);
    // React writes the page's <title> where the page renders it; it belongs in the head.
    let title = '<title>Furrow</title>';
    body = body.replace(/<title>[^<]*<\/title>/, (found) => {
      title = found;
      return '';
    });
    const html = template
      .replace(/<title>[^<]*<\/title>/, title)
      // Before the styles and the app: a blocking script, fetched alongside the stylesheet.
      .replace(
        '<script type="module"',
        `<script src="${scriptPath}"></script>\n    <script type="module"`,
      )
      .replace('<div id="root"></div>', `<div id="root">${body}</div>`);
    const file = join(dist, 'pages', path, 'index.html');
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, html);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
