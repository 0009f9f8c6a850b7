import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  QUIET_UTILIZATION,
  SMALL_HEAP_BYTES,
  TRIM_CHECK_MS,
  TRIM_GROWTH_BYTES,
  trimMemoryWhenQuiet,
} from './memory-trim';

const MB = 2 ** 20;

/** A server whose busyness and memory the test sets, and what it gave back, in order. */
function server(rss: number) {
  const state = { utilization: 0, rss, heapUsed: 30 * MB, trims: 0, steps: [] as string[] };
  const stop = trimMemoryWhenQuiet(
    {
      trim() {
        state.trims++;
        state.steps.push('trim');
        state.rss -= 20 * MB;
      },
      collect() {
        state.steps.push('collect');
      },
    },
    {
      utilization: () => state.utilization,
      rss: () => state.rss,
      heapUsed: () => state.heapUsed,
    },
  );
  return { state, stop };
}

describe('trimMemoryWhenQuiet', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('gives memory back at the first quiet moment after the start', () => {
    const { state, stop } = server(190 * MB);
    state.utilization = 0.6;
    vi.advanceTimersByTime(TRIM_CHECK_MS);
    expect(state.trims).toBe(0);
    state.utilization = QUIET_UTILIZATION / 2;
    vi.advanceTimersByTime(TRIM_CHECK_MS);
    expect(state.trims).toBe(1);
    expect(state.rss).toBe(170 * MB);
    stop();
  });

  it('never trims while the server is busy, however much it grew', () => {
    const { state, stop } = server(400 * MB);
    state.utilization = QUIET_UTILIZATION;
    vi.advanceTimersByTime(TRIM_CHECK_MS * 10);
    expect(state.trims).toBe(0);
    stop();
  });

  it('trims again only once the server has grown since the last trim', () => {
    const { state, stop } = server(190 * MB);
    vi.advanceTimersByTime(TRIM_CHECK_MS);
    expect(state.trims).toBe(1);
    state.rss += TRIM_GROWTH_BYTES - 1;
    vi.advanceTimersByTime(TRIM_CHECK_MS * 5);
    expect(state.trims).toBe(1);
    state.rss += 1;
    vi.advanceTimersByTime(TRIM_CHECK_MS);
    expect(state.trims).toBe(2);
    stop();
  });

  it('counts the growth from the lowest reading since the last trim', () => {
    const { state, stop } = server(190 * MB);
    vi.advanceTimersByTime(TRIM_CHECK_MS);
    expect(state.trims).toBe(1);
    // A collection of V8's own lowers the memory, which then grows back to where the trim left it.
    state.rss -= 10 * MB;
    vi.advanceTimersByTime(TRIM_CHECK_MS);
    state.rss += 10 * MB;
    vi.advanceTimersByTime(TRIM_CHECK_MS);
    expect(state.trims).toBe(2);
    stop();
  });

  it('collects the heap before each trim while it is small', () => {
    const { state, stop } = server(190 * MB);
    vi.advanceTimersByTime(TRIM_CHECK_MS);
    expect(state.steps).toEqual(['collect', 'trim']);
    state.heapUsed = SMALL_HEAP_BYTES;
    state.rss += TRIM_GROWTH_BYTES;
    vi.advanceTimersByTime(TRIM_CHECK_MS);
    // A large heap is left to V8: a full collection of it would hold the server too long.
    expect(state.steps).toEqual(['collect', 'trim', 'trim']);
    stop();
  });

  it('stops when told to', () => {
    const { state, stop } = server(190 * MB);
    stop();
    vi.advanceTimersByTime(TRIM_CHECK_MS * 5);
    expect(state.trims).toBe(0);
  });
});
