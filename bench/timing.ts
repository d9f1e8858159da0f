/** The p-th percentile (nearest rank) of some measurements. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Runs `work` `runs` times in a row and returns the median and p95 durations in ms (after one untimed run if `warmUp`). */
export async function timed(
  runs: number,
  work: (i: number) => Promise<unknown>,
  options: { warmUp?: boolean } = {},
): Promise<{ p50: number; p95: number }> {
  if (options.warmUp) await work(0);
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    await work(i);
    times.push(performance.now() - start);
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}
