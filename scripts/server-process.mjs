// How the built server's process is started, by `npm start` and by the benchmarks alike: settings
// that Node and the C library read as the process starts (docs/decisions/0030-memory-settings.md).

/**
 * The command-line flags and environment for `node apps/server/dist/main.js`, given the
 * environment it is started from; an operator's own values stand.
 *
 * @param {NodeJS.ProcessEnv} env
 * @returns {{ execArgv: string[], env: NodeJS.ProcessEnv }}
 */
export function serverProcess(env) {
  // glibc gives each thread that allocates (libuv's pool, V8's compilers, sharp's) an arena of its
  // own, up to 8 per core, and keeps what each arena once held: two arenas held 100 to 180 MB less
  // after the first start and about 20 MB less idle.
  const settings = { MALLOC_ARENA_MAX: '2' };
  if (env.DATABASE_URL) {
    // On PostgreSQL the process holds browse's large catalogue rather than a database: Node's
    // defaults stand, a grown young generation and four workers keeping its collections short.
    return { execArgv: [], env: { ...settings, ...env } };
  }
  // On the embedded database, measured on the demo data: one V8 worker thread compiles PGlite's
  // WebAssembly at start with less scratch memory at a time (idle 228 → 204 MB), and a young
  // generation held at 1 MB per semi-space instead of growing to 16 keeps 30 to 90 MB less after
  // a load; both, 156 to 177 MB idle.
  return {
    execArgv: ['--v8-pool-size=1', '--max-semi-space-size=1'],
    env: { ...settings, ...env },
  };
}
