import { lazyRequire } from './lazy-require';

const koffi = lazyRequire<typeof import('koffi')>('koffi');

/**
 * The C library's `malloc_trim(0)`, where the process runs on glibc: it hands back to the operating
 * system every whole page that lies free inside malloc's arenas, which `free()` alone never does
 * (it only shortens an arena from its top). Undefined elsewhere (macOS, Windows, musl), where there
 * is nothing to call. Bound through koffi, whose compiled binding comes with its npm package, so
 * that no install needs a C compiler.
 */
export function loadMallocTrim(): (() => void) | undefined {
  if (process.platform !== 'linux') return undefined;
  try {
    const mallocTrim = koffi().load('libc.so.6').func('int malloc_trim(size_t pad)');
    return () => {
      mallocTrim(0);
    };
  } catch {
    // No binding for this processor, or not glibc (musl has no libc.so.6): memory stays as it is.
    return undefined;
  }
}
