import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "./database.server";
import { isDatabaseUnavailable } from "./database-errors";

describe("embedded database (PGlite, one connection)", () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase({ engine: "pglite", dataDir: "memory://", connectionWaitMs: 300 });
  });
  afterAll(() => handle.close());

  const one = () => handle.db.selectNoFrom(sql<number>`1`.as("one")).executeTakeFirstOrThrow();

  it("a query asking for the pool inside one of its transactions fails as unavailable, and the pool recovers", async () => {
    const nested = handle.db.transaction().execute(async (trx) => {
      await trx.selectNoFrom(sql<number>`1`.as("one")).execute();
      return one();
    });
    const error = await nested.then(
      () => null,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(error)).toBe(true);
    await expect(one()).resolves.toEqual({ one: 1 });
  });
});
