import { setFlagsFromString } from 'node:v8';

/**
 * V8's young generation starts at 1 MB per semi-space and doubles up to 16 MB as the process
 * allocates: 32 MB that the server kept for good once started, over a tenth of its memory. Kept at
 * its first size, it costs more frequent, shorter scavenges; neither the start nor browsing got
 * slower (docs/decisions/0032). Node's `--max-semi-space-size` would do the same, but only where
 * the command line says so, which `node dist/main.js` does not; this flag is read at each growth,
 * so it works set from the code, provided it is set before the first library loads.
 */
export function keepYoungGenerationSmall(): void {
  setFlagsFromString('--semi-space-growth-factor=1');
}

/**
 * V8's own growth of the young generation (doubling, up to 16 MB per semi-space), for a server that
 * holds a large catalogue: there the memory that matters is browse's copies, up to 200,000
 * products, and with 1 MB semi-spaces the objects of the requests in flight outlived their
 * scavenges and filled the old generation, whose collections then traced every copy. At 1,000,000
 * products on PostgreSQL browse near spent a fifth more CPU a request (docs/decisions/0036); at
 * 100,000 on the embedded database its p99 was 53-59 ms against 38-43 (decision 43).
 */
export function letYoungGenerationGrow(): void {
  setFlagsFromString('--semi-space-growth-factor=2');
}

/**
 * From how many products held in browse's memory the embedded server lets its young generation
 * grow: at 10,000 browse near was as fast either way, and a small server keeps the memory.
 */
export const LARGE_CATALOGUE_PRODUCTS = 50_000;
