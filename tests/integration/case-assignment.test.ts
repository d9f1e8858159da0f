import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { assignCase, AUTOMATIC_ASSIGNMENT_REASON } from "~/modules/cases/case-assignment.server";
import type { UserActor } from "~/platform/actor";
import { db } from "~/platform/runtime.server";
import { allocationAlerts, saveAllocation } from "~/modules/cases/allocation.server";
import { allocationMessages, percentageField } from "~/modules/cases/allocation.schema";
import { giveBarDetails, insertSubmittedCase, resetAllocations, seedActor, setAllocation } from "../support/cases";
import { startTestRuntime, testEngines } from "../support/test-database";

describe.each(testEngines())("automatic assignment on %s", (engine) => {
  let stop: () => Promise<void>;
  let client: UserActor;
  let admin: UserActor;
  const lawyers: UserActor[] = [];

  beforeAll(async () => {
    ({ stop } = await startTestRuntime(engine));
    client = await seedActor("user", "Jeanne", "Durand");
    admin = await seedActor("admin", "Adèle", "Martin");
    for (const name of ["Alain", "Béatrice", "Charles"]) lawyers.push(await seedActor("lawyer", name, `Avocat${name}`));
  });
  afterAll(async () => {
    await stop?.();
  });
  beforeEach(async () => {
    await resetAllocations();
  });

  const assign = (caseId: string) => db().transaction().execute((trx) => assignCase(trx, caseId));

  async function jobsFor(caseNumber: string) {
    const jobs = await db().selectFrom("jobs").select("payload").where("kind", "=", "email").execute();
    return jobs
      .map((job) => job.payload as { to: string; template: string; variables: Record<string, string> })
      .filter((payload) => payload.variables.numero_dossier === caseNumber);
  }

  it("assigns to the only lawyer at 100 %, records the platform in the history, sets the client's lawyer, queues both emails", async () => {
    await setAllocation(lawyers[0]!.userId, 100);
    const { id, caseNumber } = await insertSubmittedCase(client.userId);
    expect(await assign(id)).toEqual({ lawyerId: lawyers[0]!.userId });

    const stored = await db().selectFrom("cases").select(["status", "assigned_lawyer_id", "assigned_at", "opened_at"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(stored.status).toBe("assigned");
    expect(stored.assigned_lawyer_id).toBe(lawyers[0]!.userId);
    expect(stored.assigned_at).toBeInstanceOf(Date);
    expect(stored.opened_at).toBeNull();

    const history = await db().selectFrom("case_status_history").selectAll().where("case_id", "=", id).orderBy("id").execute();
    expect(history.map((row) => [row.from_status, row.to_status])).toEqual([
      [null, "submitted"],
      ["submitted", "assigned"],
    ]);
    expect(history[1]).toMatchObject({ changed_by: null, system_reason: AUTOMATIC_ASSIGNMENT_REASON, lawyer_id: lawyers[0]!.userId, note: null });

    const profile = await db().selectFrom("profiles").select("assigned_lawyer_id").where("id", "=", client.userId).executeTakeFirstOrThrow();
    expect(profile.assigned_lawyer_id).toBe(lawyers[0]!.userId);

    const emails = await jobsFor(caseNumber);
    expect(emails.map((email) => [email.to, email.template]).sort()).toEqual(
      [
        [client.email, "dossier-assigne"],
        [lawyers[0]!.email, "dossier-confie-avocat"],
      ].sort(),
    );
    expect(emails.find((email) => email.template === "dossier-assigne")!.variables.avocat).toBe("Maître Alain AvocatAlain");
  });

  it("keeps the client's existing lawyer on their profile, and is idempotent for an assigned case", async () => {
    await setAllocation(lawyers[1]!.userId, 100);
    const other = await seedActor("user", "Paul");
    await db().updateTable("profiles").set({ assigned_lawyer_id: lawyers[2]!.userId }).where("id", "=", other.userId).execute();
    const { id } = await insertSubmittedCase(other.userId);
    expect(await assign(id)).toEqual({ lawyerId: lawyers[1]!.userId });
    expect(await assign(id)).toEqual({ lawyerId: lawyers[1]!.userId });
    const profile = await db().selectFrom("profiles").select("assigned_lawyer_id").where("id", "=", other.userId).executeTakeFirstOrThrow();
    expect(profile.assigned_lawyer_id).toBe(lawyers[2]!.userId);
    const rows = await db().selectFrom("case_status_history").select("id").where("case_id", "=", id).execute();
    expect(rows).toHaveLength(2);
  });

  it("leaves drafts alone", async () => {
    await setAllocation(lawyers[0]!.userId, 100);
    const draft = await db().insertInto("cases").values({ user_id: client.userId }).returning("id").executeTakeFirstOrThrow();
    expect(await assign(draft.id)).toBeNull();
    const stored = await db().selectFrom("cases").select(["status", "assigned_lawyer_id"]).where("id", "=", draft.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ status: "draft", assigned_lawyer_id: null });
  });

  it("with no active lawyer above 0 %, the case stays submitted and every admin is emailed", async () => {
    await setAllocation(lawyers[0]!.userId, 0);
    await setAllocation(lawyers[1]!.userId, 60, false);
    const { id, caseNumber } = await insertSubmittedCase(client.userId);
    expect(await assign(id)).toBeNull();
    const stored = await db().selectFrom("cases").select(["status", "assigned_lawyer_id"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ status: "submitted", assigned_lawyer_id: null });
    const emails = await jobsFor(caseNumber);
    expect(emails.map((email) => [email.to, email.template])).toEqual([[admin.email, "dossier-sans-avocat"]]);
  });

  it("a lawyer whose role changed is not chosen, whatever their allocation", async () => {
    const former = await seedActor("lawyer", "Denis");
    await setAllocation(former.userId, 100);
    await db().updateTable("profiles").set({ role: "user" }).where("id", "=", former.userId).execute();
    const { id } = await insertSubmittedCase(client.userId);
    expect(await assign(id)).toBeNull();
  });

  it("a lawyer without a bar and a registration number gets no share and no case (module and database)", async () => {
    const unlisted = await seedActor("lawyer", "Émile", "SansBarreau");
    // The use case: a French field error on that lawyer's percentage, nothing stored.
    const refused = await saveAllocation(admin, [{ lawyerId: unlisted.userId, percentage: 40, active: true }]);
    expect(refused).toEqual({
      ok: false,
      status: 400,
      message: allocationMessages.barMissingForm,
      fieldErrors: { [percentageField(unlisted.userId)]: allocationMessages.barMissing },
    });
    // The database refuses it too, whoever writes.
    await expect(
      db().insertInto("lawyer_allocation").values({ lawyer_id: unlisted.userId, allocation_percentage: 40, active: true })
        .onConflict((oc) => oc.column("lawyer_id").doUpdateSet({ allocation_percentage: 40 })).execute(),
    ).rejects.toThrow(/no share above 0/);
    const { id } = await insertSubmittedCase(client.userId);
    expect(await assign(id)).toBeNull();
    // With both filled the share is taken; clearing the number takes it back to 0.
    await giveBarDetails(unlisted.userId, "Barreau de Lyon", "L-42");
    expect(await saveAllocation(admin, [{ lawyerId: unlisted.userId, percentage: 40, active: true }])).toEqual({ ok: true, changed: 1 });
    expect(await assign(id)).toEqual({ lawyerId: unlisted.userId });
    await db().updateTable("profiles").set({ bar_number: null }).where("id", "=", unlisted.userId).execute();
    const row = await db().selectFrom("lawyer_allocation").select("allocation_percentage").where("lawyer_id", "=", unlisted.userId).executeTakeFirstOrThrow();
    expect(row.allocation_percentage).toBe(0);
  });

  it("the admin's alerts name the lawyers at 0 % with the reason, and say when no lawyer can take a case", async () => {
    await setAllocation(lawyers[0]!.userId, 0);
    await setAllocation(lawyers[1]!.userId, 0, false);
    await giveBarDetails(lawyers[1]!.userId);
    let alerts = await allocationAlerts(admin);
    expect(alerts.takers).toBe(0);
    expect(alerts.idleCount).toBeGreaterThanOrEqual(3);
    await setAllocation(lawyers[2]!.userId, 100);
    alerts = await allocationAlerts(admin);
    expect(alerts.takers).toBe(1);
    expect(alerts.idleLawyers.map((lawyer) => lawyer.lawyerId)).not.toContain(lawyers[2]!.userId);
    const reasons = Object.fromEntries(alerts.idleLawyers.map((lawyer) => [lawyer.lawyerId, lawyer.reason]));
    expect(reasons[lawyers[1]!.userId]).toBe("inactive");
    await expect(allocationAlerts(lawyers[0]!)).rejects.toThrow();
  });

  it("tracks 50/30/20 exactly, deterministically, largest deficit first", async () => {
    await setAllocation(lawyers[0]!.userId, 50);
    await setAllocation(lawyers[1]!.userId, 30);
    await setAllocation(lawyers[2]!.userId, 20);
    const chosen: string[] = [];
    for (let i = 0; i < 20; i += 1) {
      const { id } = await insertSubmittedCase(client.userId);
      chosen.push((await assign(id))!.lawyerId);
    }
    const count = (lawyer: UserActor) => chosen.filter((id) => id === lawyer.userId).length;
    expect([count(lawyers[0]!), count(lawyers[1]!), count(lawyers[2]!)]).toEqual([10, 6, 4]);
    // The first ten follow the deficits: 50 % first, then 30 %, then 20 %, then 50 % again…
    expect(chosen.slice(0, 3)).toEqual([lawyers[0]!.userId, lawyers[1]!.userId, lawyers[2]!.userId]);
  });

  it("under concurrent submissions, every case gets exactly one lawyer and the shares stay exact", async () => {
    await setAllocation(lawyers[0]!.userId, 50);
    await setAllocation(lawyers[1]!.userId, 50);
    const cases = await Promise.all(Array.from({ length: 16 }, () => insertSubmittedCase(client.userId)));
    const results = await Promise.all(cases.map((c) => assign(c.id)));
    expect(results.every((result) => result !== null)).toBe(true);
    const counts = await db()
      .selectFrom("cases")
      .select(["assigned_lawyer_id", db().fn.countAll<number>().as("n")])
      .where("id", "in", cases.map((c) => c.id))
      .groupBy("assigned_lawyer_id")
      .execute();
    expect(counts.map((row) => Number(row.n)).sort()).toEqual([8, 8]);
    const history = await db()
      .selectFrom("case_status_history")
      .select(db().fn.countAll<number>().as("n"))
      .where("case_id", "in", cases.map((c) => c.id))
      .where("to_status", "=", "assigned")
      .executeTakeFirstOrThrow();
    expect(Number(history.n)).toBe(16);
  });

  it("two transactions assigning the same case at once assign it once", async () => {
    await setAllocation(lawyers[0]!.userId, 50);
    await setAllocation(lawyers[1]!.userId, 50);
    const { id, caseNumber } = await insertSubmittedCase(client.userId);
    const [a, b] = await Promise.all([assign(id), assign(id)]);
    expect(a).toEqual(b);
    const rows = await db().selectFrom("case_status_history").select("id").where("case_id", "=", id).where("to_status", "=", "assigned").execute();
    expect(rows).toHaveLength(1);
    expect((await jobsFor(caseNumber)).filter((email) => email.template === "dossier-confie-avocat")).toHaveLength(1);
  });

  it("on a tie of deficits, the lawyer with fewer active cases is chosen", async () => {
    await setAllocation(lawyers[0]!.userId, 50);
    await setAllocation(lawyers[1]!.userId, 50);
    await db().updateTable("cases").set({ status: "closed" }).where("status", "not in", ["draft", "closed"]).execute();
    // Lawyer 0 already works two cases assigned before this period.
    for (let i = 0; i < 2; i += 1) {
      const { id } = await insertSubmittedCase(client.userId);
      await db()
        .updateTable("cases")
        .set({ status: "in_progress", assigned_lawyer_id: lawyers[0]!.userId, assigned_at: new Date(Date.now() - 86_400_000) })
        .where("id", "=", id)
        .execute();
    }
    const { id } = await insertSubmittedCase(client.userId);
    expect(await assign(id)).toEqual({ lawyerId: lawyers[1]!.userId });
  });
});
