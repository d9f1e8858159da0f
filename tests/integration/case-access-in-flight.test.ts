import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { caseAccess } from "~/modules/cases/case-access.server";
import { NotFoundError } from "~/platform/actor";
import { queryTally } from "~/platform/database.server";
import { db } from "~/platform/runtime.server";
import { insertSubmittedCase, seedActor } from "../support/cases";
import { startTestRuntime, testEngines } from "../support/test-database";

/** The case page's sections ask for the same case at once: one read answers them all, never a read from before a write. */
describe.each(testEngines())("case access read once while in flight on %s", (engine) => {
  let stop: () => Promise<void>;

  beforeAll(async () => {
    ({ stop } = await startTestRuntime(engine));
  });

  afterAll(async () => {
    await stop();
  });

  it("shares one query between concurrent calls of one actor, reads again once settled", async () => {
    const client = await seedActor("user", "Claire");
    const { id } = await insertSubmittedCase(client.userId);
    const before = queryTally.count;
    const answers = await Promise.all(Array.from({ length: 6 }, () => caseAccess(client, id)));
    expect(queryTally.count - before).toBe(1);
    expect(answers.every((answer) => answer.status === "submitted" && answer.viewer === "owner")).toBe(true);

    await db().updateTable("cases").set({ status: "closed" }).where("id", "=", id).execute();
    expect((await caseAccess(client, id)).status).toBe("closed");
  });

  it("keeps each actor's own answer, and the 404 for whoever may not see the case", async () => {
    const client = await seedActor("user", "Denis");
    const stranger = await seedActor("user", "Estelle");
    const { id } = await insertSubmittedCase(client.userId);
    const [mine, theirs] = await Promise.allSettled([caseAccess(client, id), caseAccess(stranger, id)]);
    expect(mine).toMatchObject({ status: "fulfilled", value: { viewer: "owner" } });
    expect(theirs).toMatchObject({ status: "rejected", reason: expect.any(NotFoundError) });
    const twice = await Promise.allSettled([caseAccess(stranger, id), caseAccess(stranger, id)]);
    expect(twice.every((result) => result.status === "rejected" && result.reason instanceof NotFoundError)).toBe(true);
  });
});
