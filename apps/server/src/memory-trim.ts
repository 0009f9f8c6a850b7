import { performance } from 'node:perf_hooks';

/** How often the server looks whether it is quiet and has grown since it last gave memory back. */
export const TRIM_CHECK_MS = 2_000;
/** Below this share of the last check's interval spent running code, the server counts as quiet. */
export const QUIET_UTILIZATION = 0.05;
/** How much the resident memory must have grown since the last trim for another to be worth it. */
export const TRIM_GROWTH_BYTES = 8 * 2 ** 20;
/**
 * Up to this much live JavaScript, a full collection is short: 16 to 30 ms for the idle server's
 * 31 MB. A large catalogue's heap would hold the server far longer; V8 shrinks it on its own.
 */
export const SMALL_HEAP_BYTES = 64 * 2 ** 20;

export interface GiveBack {
  /** Hands the C library's free pages back to the operating system. */
  trim(): void;
  /**
   * A full garbage collection: frees the heap's dead objects and the native memory they held. The
   * heap keeps its emptied pages until V8 shrinks it on its own (decision 44).
   */
  collect?(): void;
}

export interface TrimReadings {
  /** The share of the time since the last reading that the event loop spent running code. */
  utilization(): number;
  /** The process's resident memory, in bytes. */
  rss(): number;
  /** The JavaScript heap's live objects, in bytes. */
  heapUsed(): number;
}

/**
 * Gives the process's free memory back to the operating system whenever the server is quiet and
 * has grown since it last did: once the start is done, and after each busy spell. glibc keeps what
 * it once held: V8's scratch memory for compiling PGlite's WebAssembly as the server starts, and
 * the buffers of a spell of requests, freed but still counted as the server's own (decision 43).
 * V8 keeps the heap's garbage until its next collection, which on a quiet server comes seconds
 * later; collecting it first also frees the native memory its objects held (decision 44).
 * Growth is counted from the lowest reading since the last trim, since a collection of V8's own
 * can lower the memory that the C library's arenas then grow into again.
 * Returns a function that stops it; the timer never keeps the process alive.
 */
export function trimMemoryWhenQuiet(
  giveBack: GiveBack,
  readings: TrimReadings = processReadings(),
): () => void {
  // Nothing given back yet: the first quiet moment after the start trims.
  let lowest = 0;
  const timer = setInterval(() => {
    // Read every time, so that each reading covers one interval.
    const quiet = readings.utilization() < QUIET_UTILIZATION;
    const rss = readings.rss();
    lowest = Math.min(lowest, rss);
    if (!quiet || rss - lowest < TRIM_GROWTH_BYTES) return;
    if (readings.heapUsed() < SMALL_HEAP_BYTES) giveBack.collect?.();
    giveBack.trim();
    lowest = readings.rss();
  }, TRIM_CHECK_MS);
  timer.unref();
  return () => clearInterval(timer);
}

function processReadings(): TrimReadings {
  let last = performance.eventLoopUtilization();
  return {
    utilization() {
      const now = performance.eventLoopUtilization();
      const { utilization } = performance.eventLoopUtilization(now, last);
      last = now;
      return utilization;
    },
    rss: () => process.memoryUsage.rss(),
    heapUsed: () => process.memoryUsage().heapUsed,
  };
}
