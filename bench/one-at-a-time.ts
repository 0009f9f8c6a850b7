// Requests one after another on an idle server: what each costs without waiting in line behind
// others, which is what a load test's latencies mostly measure once the server is saturated.

/** `times` requests one after another, each to the address `url()` gives: each answer's time in ms. */
export async function timeAlone(url: () => string, times: number): Promise<number[]> {
  const took: number[] = [];
  for (let run = 0; run < times; run++) {
    const address = url();
    const started = performance.now();
    const answer = await fetch(address);
    await answer.arrayBuffer();
    if (!answer.ok) throw new Error(`${address}: ${answer.status}`);
    took.push(Math.round((performance.now() - started) * 100) / 100);
  }
  return took;
}

/** The value that `share` of `values` lie at or under (nearest rank). */
export function percentile(values: number[], share: number): number {
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(share * sorted.length) - 1)] ?? Number.NaN;
}
