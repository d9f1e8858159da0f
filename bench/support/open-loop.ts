import { performance } from "node:perf_hooks";

/** When the i-th request of an open loop at `rate` per second is due, in ms after its start. */
export function dueOffset(index: number, rate: number): number {
  return (index * 1000) / rate;
}

/**
 * Open loop: sends `send(i)` every 1/`rate` s for `seconds`, whatever the answers' speed (a slow server shows as
 * latency, not as fewer requests); resolves with every answer once all have come back.
 */
export async function openLoop<T>(seconds: number, rate: number, send: (index: number) => Promise<T>): Promise<T[]> {
  const results: Promise<T>[] = [];
  const start = performance.now();
  const total = Math.round(seconds * rate);
  for (let i = 0; i < total; i += 1) {
    const wait = start + dueOffset(i, rate) - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    results.push(send(i));
  }
  return Promise.all(results);
}
