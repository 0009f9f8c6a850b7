// `npm start`: builds the web app and the server only when their sources changed since the last
// build, then runs the built server. A fresh clone has no build and builds once; later starts
// begin serving in about a second instead of waiting for Vite and esbuild.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { serverProcess } from './server-process.mjs';

const root = new URL('..', import.meta.url).pathname;
const serverDir = join(root, 'apps/server');
// Beside the server's bundle: a build that replaces the bundle also removes the stamp.
const stampFile = join(serverDir, 'dist/.sources-hash');
const builtFiles = [join(serverDir, 'dist/main.js'), join(root, 'apps/web/dist/index.html')];

// Everything a build reads: the three packages' sources and settings, and the locked dependencies.
const inputs = ['apps/web', 'apps/server', 'packages/domain', 'package.json', 'package-lock.json'];
const skipped = new Set(['node_modules', 'dist', 'data', 'coverage', 'test-results']);

function* files(path) {
  const full = join(root, path);
  if (!existsSync(full)) return;
  if (statSync(full).isFile()) {
    yield path;
    return;
  }
  const entries = readdirSync(full, { withFileTypes: true });
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (skipped.has(entry.name) || entry.name.startsWith('.')) continue;
    const child = join(path, entry.name);
    if (entry.isDirectory()) yield* files(child);
    else if (entry.isFile()) yield child;
  }
}

/** One hash of every input file's path and content: any edit, addition or removal changes it. */
function sourcesHash() {
  const hash = createHash('sha256');
  for (const input of inputs) {
    for (const file of files(input)) {
      hash.update(`${file}\0`);
      hash.update(readFileSync(join(root, file)));
      hash.update('\0');
    }
  }
  return hash.digest('hex');
}

const current = sourcesHash();
const built =
  builtFiles.every((file) => existsSync(file)) &&
  existsSync(stampFile) &&
  readFileSync(stampFile, 'utf8').trim() === current;

if (built) {
  console.log('The build is current: starting it.');
} else {
  console.log('Sources changed since the last build (or nothing is built yet): building.');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  writeFileSync(stampFile, `${current}\n`);
}

// The server runs from its own folder: DATA_DIR defaults to apps/server/data.
const { execArgv, env } = serverProcess(process.env);
const server = spawn(process.execPath, [...execArgv, 'dist/main.js'], {
  cwd: serverDir,
  stdio: 'inherit',
  env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
