import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/platform/runtime.server";
import { seedAccount } from "../support/accounts";
import { startTestRuntime, testEngines } from "../support/test-database";

describe.each(testEngines())("case numbers on %s", (engine) => {
  let stop: () => Promise<void>;
  let userId: string;

  beforeAll(async () => {
    ({ stop } = await startTestRuntime(engine));
    ({ userId } = await seedAccount("user", { firstName: "Jeanne", lastName: "Roux" }));
  });
  afterAll(async () => stop());

  const newCase = async () =>
    (await db().insertInto("cases").values({ user_id: userId }).returning("case_number").executeTakeFirstOrThrow()).case_number;

  it("pads to six digits, and keeps every digit past the millionth case (no truncation, no collision)", async () => {
    const year = new Intl.DateTimeFormat("fr-FR", { timeZone: "Europe/Paris", year: "numeric" }).format(new Date());
    expect(await newCase()).toBe(`RC-${year}-000001`);
    await sql`SELECT setval('case_number_seq', 999998)`.execute(db());
    expect(await newCase()).toBe(`RC-${year}-999999`);
    expect(await newCase()).toBe(`RC-${year}-1000000`);
    expect(await newCase()).toBe(`RC-${year}-1000001`);
  });
});
