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
