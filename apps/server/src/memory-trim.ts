import { performance } from 'node:perf_hooks';

/** How often the server looks whether it is quiet and has grown since it last gave memory back. */
export const TRIM_CHECK_MS = 2_000;
/** Below this share of the last check's interval spent running code, the server counts as quiet. */
export const QUIET_UTILIZATION = 0.05;
/** How much the resident memory must have grown since the last trim for another to be worth it. */
export const TRIM_GROWTH_BYTES = 8 * 2 ** 20;

export interface TrimReadings {
  /** The share of the time since the last reading that the event loop spent running code. */
  utilization(): number;
  /** The process's resident memory, in bytes. */
  rss(): number;
}

/**
 * Gives the C library's free memory back to the operating system whenever the server is quiet and
 * has grown since it last did: once the start is done, and after each busy spell. glibc keeps what
 * it once held: V8's scratch memory for compiling PGlite's WebAssembly as the server starts, and
 * the buffers of a spell of requests, freed but still counted as the server's own (decision 43).
 * Returns a function that stops it; the timer never keeps the process alive.
 */
export function trimMemoryWhenQuiet(
  trim: () => void,
  readings: TrimReadings = processReadings(),
): () => void {
  // Nothing given back yet: the first quiet moment after the start trims.
  let rssAfterTrim = 0;
  const timer = setInterval(() => {
    // Read every time, so that each reading covers one interval.
    const quiet = readings.utilization() < QUIET_UTILIZATION;
    if (!quiet || readings.rss() - rssAfterTrim < TRIM_GROWTH_BYTES) return;
    trim();
    rssAfterTrim = readings.rss();
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
  };
}
