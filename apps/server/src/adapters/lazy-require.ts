import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * A library loaded the first time it is used instead of when the server starts. For the heavy ones
 * only some requests or settings need (Stripe, sharp, Redis, the ZIP code gazetteer): loading them
 * all at start took seconds and over 100 MB before the first request could be answered.
 */
export function lazyRequire<T>(name: string, onLoad?: (library: T) => void): () => T {
  let loaded: T | undefined;
  return () => {
    if (loaded === undefined) {
      loaded = require(name) as T;
      onLoad?.(loaded);
    }
    return loaded;
  };
}
