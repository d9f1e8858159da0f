import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { adminCaseList, assignCaseByAdmin } from "~/modules/cases/admin-cases.server";
import { adminCaseMessages, adminCaseQuerySchema } from "~/modules/cases/admin-cases.schema";
import { allocationOverview, saveAllocation } from "~/modules/cases/allocation.server";
import { allocationMessages, allocationQuerySchema, parseAllocationForm } from "~/modules/cases/allocation.schema";
import { assignCase } from "~/modules/cases/case-assignment.server";
import { caseFor } from "~/modules/cases/cases.server";
import { changeCaseStatusByLawyer, lawyerCaseList, lawyerClients, markCaseOpened } from "~/modules/cases/lawyer-cases.server";
import { lawyerCaseMessages, lawyerCaseQuerySchema, lawyerClientQuerySchema, statusChangeSchema } from "~/modules/cases/lawyer-cases.schema";
import { ForbiddenError, NotFoundError, type UserActor } from "~/platform/actor";
import { db } from "~/platform/runtime.server";
import { giveBarDetails, insertSubmittedCase, resetAllocations, seedActor, setAllocation } from "../support/cases";
import { startTestRuntime, testEngines } from "../support/test-database";

describe.each(testEngines())("the staff side of cases on %s", (engine) => {
  let stop: () => Promise<void>;
  let client: UserActor;
  let admin: UserActor;
  let lawyerA: UserActor;
  let lawyerB: UserActor;

  beforeAll(async () => {
    ({ stop } = await startTestRuntime(engine));
    client = await seedActor("user", "Jeanne", "Durand");
    admin = await seedActor("admin", "Adèle", "Martin");
    lawyerA = await seedActor("lawyer", "Alain", "Avocat");
    lawyerB = await seedActor("lawyer", "Bérénice", "Barreau");
    // Without a bar and a number a lawyer's share stays at 0 (issue 29).
    for (const lawyer of [lawyerA, lawyerB]) await giveBarDetails(lawyer.userId);
  });
  afterAll(async () => {
    await stop?.();
  });
  beforeEach(async () => {
    await resetAllocations();
  });

  const journal = (action: string) =>
    db().selectFrom("staff_audit_log").selectAll().where("action", "=", action).orderBy("id", "desc").execute();

  async function submittedAndAssigned(lawyer: UserActor) {
    await setAllocation(lawyer.userId, 100);
    const created = await insertSubmittedCase(client.userId);
    await db().transaction().execute((trx) => assignCase(trx, created.id));
    return created;
  }

  describe("allocation", () => {
    it("lists every lawyer, each at 0 and active until an admin sets them", async () => {
      const overview = await allocationOverview(admin);
      expect(overview.rows.map((row) => row.lawyerId).sort()).toEqual([lawyerA.userId, lawyerB.userId].sort());
      expect(overview.rows.every((row) => row.percentage === 0 && row.active)).toBe(true);
    });

    it("gives a new lawyer, or a profile becoming a lawyer's, its allocation row from the database; viewing writes nothing", async () => {
      const rowOf = (id: string) =>
        db().selectFrom("lawyer_allocation").select(["allocation_percentage", "active"]).where("lawyer_id", "=", id).executeTakeFirst();
      const newcomer = await seedActor("lawyer", "Noémie", "Nouvelle");
      const promoted = await seedActor("user", "Paul", "Promu");
      try {
        expect(await rowOf(newcomer.userId)).toEqual({ allocation_percentage: 0, active: true });
        expect(await rowOf(promoted.userId)).toBeUndefined();
        await db().updateTable("profiles").set({ role: "lawyer" }).where("id", "=", promoted.userId).execute();
        expect(await rowOf(promoted.userId)).toEqual({ allocation_percentage: 0, active: true });
        // A row already there (a lawyer made a client then a lawyer again) keeps its values.
        await setAllocation(promoted.userId, 10, false);
        await db().updateTable("profiles").set({ role: "user" }).where("id", "=", promoted.userId).execute();
        await db().updateTable("profiles").set({ role: "lawyer" }).where("id", "=", promoted.userId).execute();
        expect(await rowOf(promoted.userId)).toEqual({ allocation_percentage: 10, active: false });
        const before = await db().selectFrom("lawyer_allocation").select(["lawyer_id", "updated_at"]).orderBy("lawyer_id").execute();
        const overview = await allocationOverview(admin);
        expect(overview.rows.map((row) => row.lawyerId)).toEqual(expect.arrayContaining([newcomer.userId, promoted.userId]));
        expect(await db().selectFrom("lawyer_allocation").select(["lawyer_id", "updated_at"]).orderBy("lawyer_id").execute()).toEqual(before);
      } finally {
        await sql`DELETE FROM "user" WHERE id IN (${newcomer.userId}, ${promoted.userId})`.execute(db());
      }
    });

    it("saves, journals the change and starts a new allocation period", async () => {
      const before = await db().selectFrom("case_assignment_state").select("allocation_changed_at").executeTakeFirstOrThrow();
      const result = await saveAllocation(admin, [
        { lawyerId: lawyerA.userId, percentage: 70, active: true },
        { lawyerId: lawyerB.userId, percentage: 30, active: true },
      ]);
      expect(result).toEqual({ ok: true, changed: 2 });
      const after = await db().selectFrom("case_assignment_state").select("allocation_changed_at").executeTakeFirstOrThrow();
      expect(after.allocation_changed_at.getTime()).toBeGreaterThan(before.allocation_changed_at.getTime());
      const [entry] = await journal("allocation.saved");
      expect(entry).toMatchObject({ actor_id: admin.userId, target_type: "allocation" });
      expect(entry!.after).toMatchObject({ [lawyerA.userId]: { percentage: 70, active: true } });
      // The same values again change nothing and journal nothing.
      const count = (await journal("allocation.saved")).length;
      expect(await saveAllocation(admin, [{ lawyerId: lawyerA.userId, percentage: 70, active: true }])).toEqual({ ok: true, changed: 0 });
      expect(await journal("allocation.saved")).toHaveLength(count);
    });

    it("refuses a total of 101 among active lawyers, in the module, and changes nothing", async () => {
      await saveAllocation(admin, [
        { lawyerId: lawyerA.userId, percentage: 50, active: true },
        { lawyerId: lawyerB.userId, percentage: 50, active: true },
      ]);
      const result = await saveAllocation(admin, [{ lawyerId: lawyerA.userId, percentage: 51, active: true }]);
      expect(result).toMatchObject({ ok: false, status: 400, message: allocationMessages.sumTooHigh });
      const rows = await db().selectFrom("lawyer_allocation").select(["lawyer_id", "allocation_percentage"]).execute();
      expect(rows.find((row) => row.lawyer_id === lawyerA.userId)!.allocation_percentage).toBe(50);
      // An inactive lawyer's percentage does not count.
      expect(await saveAllocation(admin, [
        { lawyerId: lawyerA.userId, percentage: 60, active: true },
        { lawyerId: lawyerB.userId, percentage: 50, active: false },
      ])).toMatchObject({ ok: true });
    });

    it("refuses negative, fractional and too large percentages, and unknown or non-lawyer ids", async () => {
      expect(await saveAllocation(admin, [{ lawyerId: lawyerA.userId, percentage: -5, active: true }])).toMatchObject({ ok: false, status: 400, message: allocationMessages.range });
      expect(await saveAllocation(admin, [{ lawyerId: lawyerA.userId, percentage: 12.5, active: true }])).toMatchObject({ ok: false, status: 400 });
      expect(await saveAllocation(admin, [{ lawyerId: client.userId, percentage: 10, active: true }])).toMatchObject({ ok: false, message: allocationMessages.unknownLawyer });
      const parsed = parseAllocationForm({ [`avocat:${lawyerA.userId}`]: "1", [`pourcentage:${lawyerA.userId}`]: "-5", [`actif:${lawyerA.userId}`]: "on" });
      expect(parsed).toEqual({ ok: false, fieldErrors: { [`pourcentage:${lawyerA.userId}`]: allocationMessages.range } });
      expect(parseAllocationForm({ [`avocat:${lawyerA.userId}`]: "1", [`pourcentage:${lawyerA.userId}`]: "101" }).ok).toBe(false);
      expect(parseAllocationForm({ [`avocat:${lawyerA.userId}`]: "1", [`pourcentage:${lawyerA.userId}`]: "" })).toEqual({
        ok: true,
        rows: [{ lawyerId: lawyerA.userId, percentage: 0, active: false }],
      });
    });

    it("is for admins only", async () => {
      await expect(allocationOverview(lawyerA)).rejects.toBeInstanceOf(ForbiddenError);
      await expect(saveAllocation(lawyerA, [{ lawyerId: lawyerA.userId, percentage: 100, active: true }])).rejects.toBeInstanceOf(ForbiddenError);
    });

    it("shows the share actually assigned over the last 30 days", async () => {
      await setAllocation(lawyerA.userId, 100);
      await setAllocation(lawyerB.userId, 0);
      const created = await insertSubmittedCase(client.userId);
      await db().transaction().execute((trx) => assignCase(trx, created.id));
      const overview = await allocationOverview(admin);
      const a = overview.rows.find((row) => row.lawyerId === lawyerA.userId)!;
      expect(a.assignedRecently).toBeGreaterThan(0);
      expect(a.actualShare).toBeGreaterThan(0);
      expect(overview.rows.reduce((sum, row) => sum + (row.actualShare ?? 0), 0)).toBeCloseTo(100, 0);
    });
  });

  describe("allocation at scale", () => {
    const countsOf = (lawyer: UserActor) =>
      allocationOverview(admin, allocationQuerySchema.parse({ q: lawyer.email })).then((overview) => {
        const row = overview.rows.find((r) => r.lawyerId === lawyer.userId)!;
        return { active: row.activeCases, recent: row.assignedRecently, all: overview.assignedRecently };
      });
    const snapshot = async () => ({
      counts: await db().selectFrom("lawyer_case_counts").select(["lawyer_id", "active_cases"]).where("active_cases", "<>", 0).orderBy("lawyer_id").execute(),
      days: await db().selectFrom("lawyer_assignment_days").select(["lawyer_id", "day", "assigned"]).where("assigned", "<>", 0).orderBy("lawyer_id").orderBy("day").execute(),
    });
    // Every lawyer's assignments per day (migration 0110) against the per-lawyer rows summed: the oracle.
    const dayTotalsExact = async () => {
      const kept = await sql<{ day: string; n: string }>`
        SELECT day::text AS day, sum(n) AS n FROM daily_counts WHERE name = 'assignments' GROUP BY day HAVING sum(n) <> 0 ORDER BY day`.execute(db());
      const summed = await sql<{ day: string; n: string }>`
        SELECT day::text AS day, sum(assigned) AS n FROM lawyer_assignment_days GROUP BY day HAVING sum(assigned) <> 0 ORDER BY day`.execute(db());
      expect(kept.rows.map((row) => [row.day, Number(row.n)])).toEqual(summed.rows.map((row) => [row.day, Number(row.n)]));
    };

    it("keeps each lawyer's counts in step with the cases (triggers), as a full recount finds them", async () => {
      const a0 = await countsOf(lawyerA);
      const b0 = await countsOf(lawyerB);
      const first = await submittedAndAssigned(lawyerA);
      const second = await submittedAndAssigned(lawyerA);
      expect(await countsOf(lawyerA)).toEqual({ active: a0.active + 2, recent: a0.recent + 2, all: a0.all + 2 });

      await db().updateTable("cases").set({ status: "in_progress" }).where("id", "=", first.id).execute();
      await db().updateTable("cases").set({ status: "closed" }).where("id", "=", first.id).execute();
      expect(await countsOf(lawyerA)).toMatchObject({ active: a0.active + 1, recent: a0.recent + 2 });

      await db().updateTable("cases").set({ assigned_lawyer_id: lawyerB.userId, assigned_at: new Date() }).where("id", "=", second.id).execute();
      expect(await countsOf(lawyerA)).toMatchObject({ active: a0.active, recent: a0.recent + 1 });
      expect(await countsOf(lawyerB)).toMatchObject({ active: b0.active + 1, recent: b0.recent + 1 });

      // Reopened, then deleted: the counts come back.
      await db().updateTable("cases").set({ status: "in_progress" }).where("id", "=", first.id).execute();
      expect(await countsOf(lawyerA)).toMatchObject({ active: a0.active + 1 });
      await db().deleteFrom("cases").where("id", "in", [first.id, second.id]).execute();
      expect(await countsOf(lawyerA)).toEqual({ active: a0.active, recent: a0.recent, all: a0.all });
      expect(await countsOf(lawyerB)).toMatchObject({ active: b0.active, recent: b0.recent });
      await dayTotalsExact();

      // An assignment older than the window counts as active but not as recent.
      const old = await submittedAndAssigned(lawyerA);
      await db().updateTable("cases").set({ assigned_at: sql<Date>`now() - interval '45 days'` }).where("id", "=", old.id).execute();
      expect(await countsOf(lawyerA)).toMatchObject({ active: a0.active + 1, recent: a0.recent });

      await dayTotalsExact();
      const kept = await snapshot();
      await sql`SELECT recount_lawyer_cases()`.execute(db());
      expect(await snapshot()).toEqual(kept);
      await dayTotalsExact();
      await sql`UPDATE daily_counts SET n = n + 3`.execute(db());
      await sql`SELECT refresh_daily_counts()`.execute(db());
      await dayTotalsExact();
    });

    it("pages and searches the lawyers, those taking cases first, the total over every page", async () => {
      await sql`INSERT INTO "user" (id, name, email, "emailVerified")
        SELECT 'bulk-lawyer-' || n, 'Avocat ' || n, 'bulk' || n || '@lawyers.test', true FROM generate_series(1, 55) n`.execute(db());
      await sql`INSERT INTO profiles (id, email, first_name, last_name, role, bar_name, bar_number)
        SELECT 'bulk-lawyer-' || n, 'bulk' || n || '@lawyers.test', 'Prénom', 'Masse' || lpad(n::text, 2, '0'), 'lawyer', 'Barreau de Lyon', 'L' || n
        FROM generate_series(1, 55) n`.execute(db());
      try {
        await setAllocation(lawyerB.userId, 40);
        await setAllocation("bulk-lawyer-55", 30, false);
        const first = await allocationOverview(admin, allocationQuerySchema.parse({}));
        expect(first).toMatchObject({ matching: 57, page: 1, pageCount: 2, total: 40 });
        expect(first.rows).toHaveLength(50);
        expect(first.rows.slice(0, 2).map((row) => row.lawyerId)).toEqual([lawyerB.userId, "bulk-lawyer-55"]);
        const second = await allocationOverview(admin, allocationQuerySchema.parse({ page: "2" }));
        expect(second).toMatchObject({ page: 2, total: 40 });
        expect(new Set([...first.rows, ...second.rows].map((row) => row.lawyerId)).size).toBe(57);
        expect((await allocationOverview(admin, allocationQuerySchema.parse({ page: "99" }))).page).toBe(2);

        const byName = await allocationOverview(admin, allocationQuerySchema.parse({ q: " masse07 " }));
        expect(byName.rows.map((row) => row.lawyerId)).toEqual(["bulk-lawyer-7"]);
        expect(byName.matching).toBe(1);
        const byEmail = await allocationOverview(admin, allocationQuerySchema.parse({ q: lawyerA.email }));
        expect(byEmail.rows.map((row) => row.lawyerId)).toEqual([lawyerA.userId]);
        expect((await allocationOverview(admin, allocationQuerySchema.parse({ q: "100%_introuvable" }))).rows).toEqual([]);
        expect(allocationQuerySchema.parse({ page: "-3", q: "x".repeat(500) })).toEqual({ page: 1, q: "" });

        // Saving one page's rows is checked against every other page's stored percentages.
        expect(await saveAllocation(admin, [{ lawyerId: "bulk-lawyer-1", percentage: 61, active: true }])).toMatchObject({ ok: false, message: allocationMessages.sumTooHigh });
        expect(await saveAllocation(admin, [{ lawyerId: "bulk-lawyer-1", percentage: 60, active: true }])).toMatchObject({ ok: true, changed: 1 });
        expect((await allocationOverview(admin, allocationQuerySchema.parse({}))).total).toBe(100);
      } finally {
        await sql`DELETE FROM "user" WHERE id LIKE 'bulk-lawyer-%'`.execute(db());
      }
    });
  });

  describe("admin case list and assignment", () => {
    it("lists cases waiting for a lawyer first, then newest first, with owner and lawyer; searches and filters", async () => {
      const assigned = await submittedAndAssigned(lawyerA);
      await resetAllocations();
      const waiting = await insertSubmittedCase(client.userId, { scamType: "romance_scam" });
      const page = await adminCaseList(admin, adminCaseQuerySchema.parse({}));
      expect(page.rows[0]!.id).toBe(waiting.id);
      expect(page.rows[0]!.waitingForLawyer).toBe(true);
      expect(page.waitingCount).toBeGreaterThan(0);
      const row = page.rows.find((r) => r.id === assigned.id)!;
      expect(row.client).toEqual({ email: client.email, firstName: "Jeanne", lastName: "Durand" });
      expect(row.lawyer).toMatchObject({ id: lawyerA.userId, lastName: "Avocat" });
      // No fee agreement proposed yet (issue 30).
      expect(row.agreement).toBe("none");

      // The lawyer list is sent only with the one case being assigned (?assign=<id>), not with every row.
      expect(page.lawyers).toEqual([]);
      const assigning = await adminCaseList(admin, adminCaseQuerySchema.parse({ assign: waiting.id }));
      expect(assigning.lawyers.map((lawyer) => lawyer.id)).toEqual(expect.arrayContaining([lawyerA.userId, lawyerB.userId]));
      expect(assigning.lawyers.map((lawyer) => lawyer.id)).not.toContain(client.userId);
      expect(adminCaseQuerySchema.parse({ assign: "' OR 1=1 --" }).assign).toBeUndefined();

      const byNumber = await adminCaseList(admin, adminCaseQuerySchema.parse({ q: waiting.caseNumber }));
      expect(byNumber.rows.map((r) => r.id)).toEqual([waiting.id]);
      const byLabel = await adminCaseList(admin, adminCaseQuerySchema.parse({ q: "sentimentale" }));
      expect(byLabel.rows.map((r) => r.id)).toContain(waiting.id);
      expect(byLabel.rows.every((r) => r.scamType === "romance_scam")).toBe(true);
      const byEmail = await adminCaseList(admin, adminCaseQuerySchema.parse({ q: client.email.toUpperCase() }));
      expect(byEmail.rows.length).toBeGreaterThanOrEqual(2);
      // A whole number or address is an exact lookup (any case); a whole one that is nobody's, or a part of one,
      // goes on to the contains search.
      const search = async (q: string, extra: Record<string, string> = {}) =>
        (await adminCaseList(admin, adminCaseQuerySchema.parse({ q, ...extra }))).rows.map((r) => r.id);
      expect(await search(waiting.caseNumber.toLowerCase())).toEqual([waiting.id]);
      expect(await search(waiting.caseNumber, { status: "closed" })).toEqual([]);
      expect(await search(waiting.caseNumber.slice(3))).toEqual([waiting.id]);
      expect(await search("RC-1999-000000")).toEqual([]);
      const clientCases = byEmail.rows.map((r) => r.id);
      expect(clientCases).toEqual(expect.arrayContaining([waiting.id, assigned.id]));
      expect(await search(client.email)).toEqual(clientCases);
      expect(await search(client.email.slice(1))).toEqual(clientCases);
      expect(await search(`${client.email.split("@")[0]!}@`)).toEqual(clientCases);
      expect(await search(client.email, { filter: "non-assignes" })).toEqual([waiting.id]);
      expect(await search(lawyerA.email)).toEqual([]);
      const unassigned = await adminCaseList(admin, adminCaseQuerySchema.parse({ filter: "non-assignes" }));
      expect(unassigned.rows.every((r) => r.lawyer === null && r.status !== "draft")).toBe(true);
      const wildcard = await adminCaseList(admin, adminCaseQuerySchema.parse({ q: "%" }));
      expect(wildcard.rows).toEqual([]);
    });

    it("pages with a keyset cursor: no case twice, none missed", async () => {
      for (let i = 0; i < 30; i += 1) await insertSubmittedCase(client.userId);
      const seen: string[] = [];
      let cursor = "";
      for (let guard = 0; guard < 50; guard += 1) {
        const page = await adminCaseList(admin, adminCaseQuerySchema.parse({ after: cursor }));
        seen.push(...page.rows.map((row) => row.id));
        if (!page.nextCursor) break;
        cursor = page.nextCursor;
      }
      const total = await db().selectFrom("cases").select(db().fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen).toHaveLength(Number(total.n));
      // A tampered cursor is ignored (first page), never an error.
      const tampered = await adminCaseList(admin, adminCaseQuerySchema.parse({ after: "bm9wZQ" }));
      expect(tampered.rows.length).toBeGreaterThan(0);
    });

    it("assigns then reassigns: status, lawyer, history naming the admin, journal, client's lawyer, emails", async () => {
      const created = await insertSubmittedCase(client.userId);
      await db().updateTable("profiles").set({ assigned_lawyer_id: null }).where("id", "=", client.userId).execute();
      expect(await assignCaseByAdmin(admin, { caseId: created.id, lawyerId: lawyerA.userId })).toMatchObject({ ok: true, reassigned: false });
      expect(await assignCaseByAdmin(admin, { caseId: created.id, lawyerId: lawyerB.userId })).toMatchObject({ ok: true, reassigned: true });
      const stored = await db().selectFrom("cases").select(["status", "assigned_lawyer_id", "opened_at"]).where("id", "=", created.id).executeTakeFirstOrThrow();
      expect(stored).toEqual({ status: "assigned", assigned_lawyer_id: lawyerB.userId, opened_at: null });
      const history = await db().selectFrom("case_status_history").selectAll().where("case_id", "=", created.id).orderBy("id").execute();
      expect(history.slice(1).map((row) => [row.from_status, row.to_status, row.changed_by, row.lawyer_id])).toEqual([
        ["submitted", "assigned", admin.userId, lawyerA.userId],
        ["assigned", "assigned", admin.userId, lawyerB.userId],
      ]);
      expect((await journal("case.assigned"))[0]).toMatchObject({ target_id: created.id, actor_id: admin.userId });
      expect((await journal("case.reassigned"))[0]).toMatchObject({ target_id: created.id, before: { lawyerId: lawyerA.userId, status: "assigned" } });
      const profile = await db().selectFrom("profiles").select("assigned_lawyer_id").where("id", "=", client.userId).executeTakeFirstOrThrow();
      expect(profile.assigned_lawyer_id).toBe(lawyerB.userId);
      const emails = (await db().selectFrom("jobs").select("payload").execute())
        .map((job) => job.payload as { to: string; template: string; variables: Record<string, string> })
        .filter((p) => p.variables.numero_dossier === created.caseNumber);
      expect(emails.filter((p) => p.template === "dossier-confie-avocat").map((p) => p.to)).toEqual([lawyerA.email, lawyerB.email]);
    });

    it("refuses drafts, finished cases, non-lawyers and the same lawyer twice; an unknown case is 404; lawyers are refused", async () => {
      const draft = await db().insertInto("cases").values({ user_id: client.userId }).returning("id").executeTakeFirstOrThrow();
      expect(await assignCaseByAdmin(admin, { caseId: draft.id, lawyerId: lawyerA.userId })).toEqual({ ok: false, status: 409, message: adminCaseMessages.draft });
      const created = await insertSubmittedCase(client.userId);
      expect(await assignCaseByAdmin(admin, { caseId: created.id, lawyerId: client.userId })).toEqual({ ok: false, status: 400, message: adminCaseMessages.unknownLawyer });
      expect(await assignCaseByAdmin(admin, { caseId: created.id, lawyerId: lawyerA.userId })).toMatchObject({ ok: true });
      expect(await assignCaseByAdmin(admin, { caseId: created.id, lawyerId: lawyerA.userId })).toMatchObject({ ok: false, status: 409 });
      await db().updateTable("cases").set({ status: "closed" }).where("id", "=", created.id).execute();
      expect(await assignCaseByAdmin(admin, { caseId: created.id, lawyerId: lawyerB.userId })).toEqual({ ok: false, status: 409, message: adminCaseMessages.finished });
      await expect(assignCaseByAdmin(admin, { caseId: "6f1c2a4e-8b7d-4c3a-9e21-0d5b7a3c9f10", lawyerId: lawyerA.userId })).rejects.toBeInstanceOf(NotFoundError);
      await expect(assignCaseByAdmin(lawyerA, { caseId: created.id, lawyerId: lawyerA.userId })).rejects.toBeInstanceOf(ForbiddenError);
      await expect(adminCaseList(lawyerA, adminCaseQuerySchema.parse({}))).rejects.toBeInstanceOf(ForbiddenError);
    });
  });

  describe("lawyer side", () => {
    it("'Nouveaux dossiers' holds assigned cases not opened yet; opening takes it out", async () => {
      const created = await submittedAndAssigned(lawyerA);
      const fresh = await lawyerCaseList(lawyerA, lawyerCaseQuerySchema.parse({ view: "nouveaux" }));
      expect(fresh.rows.map((row) => row.id)).toContain(created.id);
      expect(fresh.rows.every((row) => row.isNew)).toBe(true);
      await markCaseOpened(lawyerA, created.id);
      const after = await lawyerCaseList(lawyerA, lawyerCaseQuerySchema.parse({ view: "nouveaux" }));
      expect(after.rows.map((row) => row.id)).not.toContain(created.id);
      expect(after.newCount).toBe(fresh.newCount - 1);
      await expect(markCaseOpened(lawyerB, created.id)).rejects.toBeInstanceOf(NotFoundError);
    });

    it("the assigned lawyer reading the case page opens it; an admin reading it does not", async () => {
      const created = await submittedAndAssigned(lawyerA);
      await caseFor(admin, created.id);
      expect((await lawyerCaseList(lawyerA, lawyerCaseQuerySchema.parse({ view: "nouveaux" }))).rows.map((row) => row.id)).toContain(created.id);
      await caseFor(lawyerA, created.id);
      expect((await lawyerCaseList(lawyerA, lawyerCaseQuerySchema.parse({ view: "nouveaux" }))).rows.map((row) => row.id)).not.toContain(created.id);
      await expect(caseFor(lawyerB, created.id)).rejects.toBeInstanceOf(NotFoundError);
    });

    it("searches by case number or client name, filters by status, and shows only the lawyer's cases", async () => {
      const created = await submittedAndAssigned(lawyerA);
      const byNumber = await lawyerCaseList(lawyerA, lawyerCaseQuerySchema.parse({ q: created.caseNumber }));
      expect(byNumber.rows.map((row) => row.id)).toEqual([created.id]);
      const byName = await lawyerCaseList(lawyerA, lawyerCaseQuerySchema.parse({ q: "jeanne durand" }));
      expect(byName.rows.map((row) => row.id)).toContain(created.id);
      const other = await lawyerCaseList(lawyerB, lawyerCaseQuerySchema.parse({ q: created.caseNumber }));
      expect(other.rows).toEqual([]);
      const inProgress = await lawyerCaseList(lawyerA, lawyerCaseQuerySchema.parse({ status: "in_progress" }));
      expect(inProgress.rows.every((row) => row.status === "in_progress")).toBe(true);
    });

    it("searches only among the acting lawyer's cases and clients, by name, reversed name, email or number", async () => {
      const other = await seedActor("user", "Zoé", "Zanzibar");
      await setAllocation(lawyerB.userId, 100);
      const created = await insertSubmittedCase(other.userId);
      await db().transaction().execute((trx) => assignCase(trx, created.id));
      await db().updateTable("profiles").set({ assigned_lawyer_id: lawyerB.userId }).where("id", "=", other.userId).execute();
      const cases = async (lawyer: UserActor, q: string) => {
        const page = await lawyerCaseList(lawyer, lawyerCaseQuerySchema.parse({ q }));
        expect(page.total).toBe(page.rows.length);
        return page.rows.map((row) => row.id);
      };
      const clients = async (lawyer: UserActor, q: string) =>
        (await lawyerClients(lawyer, lawyerClientQuerySchema.parse({ q }))).rows.map((row) => row.id);

      for (const q of ["zanzi", "ZOÉ ZANZIBAR", "Zanzibar Zoé", created.caseNumber.slice(-6)]) expect(await cases(lawyerB, q), q).toEqual([created.id]);
      for (const q of ["zanzi", "zoé zanz", other.email.split("@")[0]!]) expect(await clients(lawyerB, q), q).toEqual([other.userId]);
      // Another lawyer's clients never appear, whatever the term.
      for (const q of ["zanzi", "Zoé", created.caseNumber]) expect(await cases(lawyerA, q), q).toEqual([]);
      for (const q of ["zanzi", other.email]) expect(await clients(lawyerA, q), q).toEqual([]);
      expect(await cases(lawyerB, "personne")).toEqual([]);

      // The client moves to lawyer A: the case stays B's (and found by name), the client is A's.
      await db().updateTable("profiles").set({ assigned_lawyer_id: lawyerA.userId }).where("id", "=", other.userId).execute();
      expect(await cases(lawyerB, "zanzibar")).toEqual([created.id]);
      expect(await cases(lawyerA, "zanzibar")).toEqual([]);
      expect(await clients(lawyerB, "zanzibar")).toEqual([]);
      expect(await clients(lawyerA, "zanzibar")).toEqual([other.userId]);
      await db().updateTable("profiles").set({ assigned_lawyer_id: null }).where("id", "=", other.userId).execute();
    });

    it("moves assigned → in_progress → resolved with a note in the history, journals it and emails the client", async () => {
      const created = await submittedAndAssigned(lawyerA);
      // No fee agreement yet: work starts only for a documented urgency, which the journal keeps.
      const urgency = "Virement de la veille : rappel de fonds à demander aujourd'hui.";
      expect(await changeCaseStatusByLawyer(lawyerA, statusChangeSchema.parse({ caseId: created.id, status: "in_progress", urgency }))).toMatchObject({ ok: true, unchanged: false });
      const started = await db().selectFrom("staff_audit_log").select(["after"]).where("target_id", "=", created.id).where("action", "=", "case.status-changed").executeTakeFirstOrThrow();
      expect(started.after).toMatchObject({ status: "in_progress", withoutAgreement: true, urgency });
      // A double click changes nothing more.
      expect(await changeCaseStatusByLawyer(lawyerA, statusChangeSchema.parse({ caseId: created.id, status: "in_progress" }))).toMatchObject({ ok: true, unchanged: true });
      expect(
        await changeCaseStatusByLawyer(lawyerA, statusChangeSchema.parse({ caseId: created.id, status: "resolved", outcome: "nothing_recovered", note: "  Fonds restitués par la banque.  " })),
      ).toMatchObject({ ok: true });
      const history = await db().selectFrom("case_status_history").selectAll().where("case_id", "=", created.id).orderBy("id").execute();
      expect(history.slice(-2).map((row) => [row.from_status, row.to_status, row.changed_by, row.note])).toEqual([
        ["assigned", "in_progress", lawyerA.userId, null],
        ["in_progress", "resolved", lawyerA.userId, "Fonds restitués par la banque."],
      ]);
      expect((await journal("case.status-changed")).filter((row) => row.target_id === created.id)).toHaveLength(2);
      const emails = (await db().selectFrom("jobs").select("payload").execute())
        .map((job) => job.payload as { to: string; template: string; variables: Record<string, string> })
        .filter((p) => p.template === "dossier-statut" && p.variables.numero_dossier === created.caseNumber);
      expect(emails.map((p) => [p.to, p.variables.statut])).toEqual([
        [client.email, "En cours"],
        [client.email, "Résolu"],
      ]);
      expect(JSON.stringify(emails)).not.toContain("Fonds restitués");
      // A note set for one change does not leak into a later one in another transaction.
      const later = await db().selectFrom("case_status_history").select("note").where("case_id", "=", created.id).orderBy("id", "desc").executeTakeFirstOrThrow();
      expect(later.note).toBe("Fonds restitués par la banque.");
    });

    it("refuses moves outside the lawyer's path, another lawyer's case (404), and admins", async () => {
      const created = await submittedAndAssigned(lawyerA);
      expect(await changeCaseStatusByLawyer(lawyerA, statusChangeSchema.parse({ caseId: created.id, status: "resolved" }))).toEqual({
        ok: false,
        status: 409,
        message: lawyerCaseMessages.notAllowed,
      });
      await expect(changeCaseStatusByLawyer(lawyerB, statusChangeSchema.parse({ caseId: created.id, status: "in_progress" }))).rejects.toBeInstanceOf(NotFoundError);
      await expect(changeCaseStatusByLawyer(admin, statusChangeSchema.parse({ caseId: created.id, status: "in_progress" }))).rejects.toBeInstanceOf(ForbiddenError);
      expect(statusChangeSchema.safeParse({ caseId: created.id, status: "assigned" }).success).toBe(false);
      expect(statusChangeSchema.safeParse({ caseId: created.id, status: "in_progress", note: "x".repeat(2001) }).success).toBe(false);
      const stored = await db().selectFrom("cases").select("status").where("id", "=", created.id).executeTakeFirstOrThrow();
      expect(stored.status).toBe("assigned");
    });

    it("lists the lawyer's clients with their verification", async () => {
      await submittedAndAssigned(lawyerA);
      await db().updateTable("profiles").set({ assigned_lawyer_id: lawyerA.userId, identity_verified: true }).where("id", "=", client.userId).execute();
      const clients = await lawyerClients(lawyerA, lawyerClientQuerySchema.parse({}));
      expect(clients.rows.map((row) => row.id)).toEqual([client.userId]);
      expect(clients.rows[0]).toMatchObject({ identityVerified: true, email: client.email });
      expect(clients.rows[0]!.latestCase).not.toBeNull();
      expect(clients.verified).toBe(1);
      expect((await lawyerClients(lawyerA, lawyerClientQuerySchema.parse({ verification: "non-verifies" }))).rows).toEqual([]);
      expect((await lawyerClients(lawyerB, lawyerClientQuerySchema.parse({}))).rows).toEqual([]);
      await expect(lawyerClients(admin, lawyerClientQuerySchema.parse({}))).rejects.toBeInstanceOf(ForbiddenError);
    });
  });
});
