// How the built server's process is started, by `npm start` and by the benchmarks alike: the
// settings that Node and the C library read as the process starts, which the server's own code
// therefore cannot set (docs/decisions/0032 and 0042).

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
  if (env.DATABASE_URL) return { execArgv: [], env: { ...settings, ...env } };
  // On the embedded database V8 compiles PGlite's WebAssembly as the server starts, on its worker
  // threads, in scratch memory that it frees at once but glibc keeps: one worker instead of four
  // keeps less of it at a time. glibc maps blocks of 128 KB and more on their own and unmaps them
  // when freed, but raises that threshold each time such a block is freed, up to 32 MB; PGlite's
  // start frees several, after which the larger blocks stay in the arenas. A fixed threshold keeps
  // giving them back. On PostgreSQL, where the process holds browse's large catalogue rather than
  // a database, Node's defaults stand: the same workers run the garbage collector's parallel work,
  // and these settings were measured on the embedded database only.
  return {
    execArgv: ['--v8-pool-size=1'],
    env: { ...settings, MALLOC_MMAP_THRESHOLD_: '131072', ...env },
  };
}
