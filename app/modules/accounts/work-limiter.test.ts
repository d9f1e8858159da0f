import { describe, expect, it } from "vitest";
import { createWorkLimiter, WorkLimiterFullError } from "./work-limiter";

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe("createWorkLimiter", () => {
  it("runs at most `concurrency` at once, queues up to the limit, refuses beyond it, and drains in order", async () => {
    const limiter = createWorkLimiter(2, 1);
    const gates = [deferred(), deferred(), deferred()];
    const order: number[] = [];
    const runs = gates.map((gate, index) =>
      limiter.run(async () => {
        order.push(index);
        await gate.promise;
        return index;
      }),
    );
    await Promise.resolve();
    expect(limiter.running).toBe(2);
    expect(limiter.waiting).toBe(1);
    expect(limiter.isFull()).toBe(true);
    await expect(limiter.run(async () => 99)).rejects.toBeInstanceOf(WorkLimiterFullError);
    gates[0]!.resolve();
    await runs[0];
    await new Promise((r) => setTimeout(r, 0));
    expect(order).toEqual([0, 1, 2]);
    gates[1]!.resolve();
    gates[2]!.resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2]);
    expect(limiter.running).toBe(0);
  });

  it("frees its slot when the work fails", async () => {
    const limiter = createWorkLimiter(1, 0);
    await expect(limiter.run(async () => Promise.reject(new Error("x")))).rejects.toThrow("x");
    expect(await limiter.run(async () => "ok")).toBe("ok");
  });
});
