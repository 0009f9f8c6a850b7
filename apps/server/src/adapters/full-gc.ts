import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * V8's full garbage collection, the one `node --expose-gc` offers as `gc()`: it collects and
 * compacts the whole heap, and frees the native memory that its dead objects held. The flag set from
 * the code reaches only contexts made after it, so the function is taken from a new one, as Jest's
 * leak detection does; it collects the process's one heap whichever context asks.
 */
export function loadFullGc(): () => void {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  return () => gc();
}
