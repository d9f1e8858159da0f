import { describe, expect, it } from "vitest";
import { queueOutageReporter, retryDelaySeconds } from "./jobs.server";

describe("retryDelaySeconds", () => {
  it("doubles from the base and stops at the cap", () => {
    expect([1, 2, 3, 4, 5].map((attempt) => retryDelaySeconds(attempt, 30, 3600))).toEqual([30, 60, 120, 240, 480]);
    expect(retryDelaySeconds(20, 30, 3600)).toBe(3600);
    expect(retryDelaySeconds(3, 0, 3600)).toBe(0);
  });
});

describe("queueOutageReporter", () => {
  it("logs the first failure, one reminder a minute, and the return once", () => {
    const lines: string[] = [];
    const log = {
      error: (_: object, message: string) => lines.push(`error ${message}`),
      warn: (fields: object, message: string) => lines.push(`warn ${message} ${JSON.stringify(fields).match(/"failures":\d+/)?.[0]}`),
      info: (fields: object, message: string) => lines.push(`info ${message} ${JSON.stringify(fields)}`),
    };
    let clock = 0;
    const reporter = queueOutageReporter(log, () => clock, 60_000);
    reporter.succeeded();
    for (let second = 0; second <= 130; second += 1) {
      clock = second * 1000;
      reporter.failed(new Error("connect ECONNREFUSED"));
    }
    clock = 131_000;
    reporter.succeeded();
    reporter.succeeded();
    expect(lines).toEqual([
      "error la file de tâches est injoignable",
      'warn la file de tâches est toujours injoignable "failures":61',
      'warn la file de tâches est toujours injoignable "failures":121',
      'info la file de tâches est de nouveau joignable {"failures":131,"downForSeconds":131}',
    ]);
    clock = 200_000;
    reporter.failed(new Error("again"));
    expect(lines.at(-1)).toBe("error la file de tâches est injoignable");
  });
});
