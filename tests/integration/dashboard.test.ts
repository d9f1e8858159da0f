import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dashboardFor, type AdminDashboard, type LawyerDashboard, type UserDashboard } from "~/modules/dashboard/dashboard.server";
import { ForbiddenError, type UserActor } from "~/platform/actor";
import type { CaseStatus, DocumentStatus, DocumentType, Role } from "~/platform/database-schema";
import { db } from "~/platform/runtime.server";
import { seedAccount } from "../support/accounts";
import { startTestRuntime, testEngines } from "../support/test-database";

interface Person {
  actor: UserActor;
  id: string;
}

async function person(role: Role, firstName: string, lastName: string, profile: { verified?: boolean; lawyer?: Person } = {}): Promise<Person> {
  const { userId, email } = await seedAccount(role, { firstName, lastName });
  if (profile.verified || profile.lawyer) {
    await db()
      .updateTable("profiles")
      .set({ identity_verified: profile.verified ?? false, assigned_lawyer_id: profile.lawyer?.id ?? null })
      .where("id", "=", userId)
      .execute();
  }
  return {
    id: userId,
    actor: { kind: "user", userId, sessionId: "session-de-test", email, role, firstName, lastName, clientAddress: "203.0.113.7", secondFactor: role === "user" ? "not-enrolled" : "verified" },
  };
}

let fileCounter = 0;
async function addDocument(owner: Person, status: DocumentStatus, options: { obsolete?: boolean; type?: DocumentType; step?: 2 | 3 | 4 } = {}) {
  fileCounter += 1;
  const type = options.type ?? "cni";
  return db()
    .insertInto("identity_verification_documents")
    .values({
      user_id: owner.id,
      step_number: options.step ?? (type === "proof_of_address" ? 4 : 2),
      document_type: type,
      document_side: type === "proof_of_address" || type === "passeport" ? "single" : "recto",
      file_name: `piece-${fileCounter}.jpg`,
      file_path: `${owner.id}/piece-${fileCounter}.jpg`,
      file_size: 2048,
      mime_type: "image/jpeg",
      status,
      obsolete: options.obsolete ?? false,
      rejection_reason: status === "rejected" ? `Photo floue ${fileCounter}` : null,
      reviewed_at: status === "pending" ? null : new Date(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
}

async function addCase(owner: Person, status: CaseStatus, options: { createdAt?: Date; lawyer?: Person; amount?: string } = {}) {
  return db()
    .insertInto("cases")
    .values({
      user_id: owner.id,
      status,
      scam_type: "investment_scam",
      submitted_at: status === "draft" ? null : new Date("2026-01-10T10:00:00Z"),
      created_at: options.createdAt ?? new Date(),
      assigned_lawyer_id: options.lawyer?.id ?? null,
      assigned_at: options.lawyer ? new Date() : null,
      total_amount_lost: options.amount ?? null,
    })
    .returning(["id", "case_number"])
    .executeTakeFirstOrThrow();
}

async function addMessage(caseId: string, sender: Person, read: boolean) {
  await db().insertInto("case_chat_messages").values({ case_id: caseId, sender_id: sender.id, message: "Bonjour", read_status: read }).execute();
}

describe.each(testEngines())("dashboards on %s", (engine) => {
  let stop: () => Promise<void>;
  const people = {} as Record<
    "lawyer" | "otherLawyer" | "admin" | "user" | "clientA" | "clientB" | "clientC" | "verifiedWithRejection" | "rejected" | "pending" | "unverified",
    Person
  >;
  const userCases: { status: CaseStatus; createdAt: Date; caseNumber?: string }[] = [
    // Inserted out of order on purpose: the list must come back newest first.
    { status: "in_progress", createdAt: new Date("2026-03-05T09:00:00Z") },
    { status: "draft", createdAt: new Date("2026-03-01T09:00:00Z") },
    { status: "closed", createdAt: new Date("2026-03-07T09:00:00Z") },
    { status: "submitted", createdAt: new Date("2026-03-02T09:00:00Z") },
    { status: "completed", createdAt: new Date("2026-03-06T09:00:00Z") },
    { status: "under_review", createdAt: new Date("2026-03-03T09:00:00Z") },
    { status: "resolved", createdAt: new Date("2026-03-08T09:00:00Z") },
    { status: "assigned", createdAt: new Date("2026-03-04T09:00:00Z") },
  ];

  beforeAll(async () => {
    ({ stop } = await startTestRuntime(engine));
    people.lawyer = await person("lawyer", "Laure", "Avocate");
    people.otherLawyer = await person("lawyer", "Louis", "Confrère");
    people.admin = await person("admin", "Adèle", "Admin");
    people.user = await person("user", "Ulysse", "Usager");
    people.clientA = await person("user", "Alice", "Cliente", { verified: true, lawyer: people.lawyer });
    people.clientB = await person("user", "Bruno", "Client", { lawyer: people.lawyer });
    people.clientC = await person("user", "Chloé", "Ailleurs", { verified: true, lawyer: people.otherLawyer });
    people.verifiedWithRejection = await person("user", "Victor", "Vérifié", { verified: true });
    people.rejected = await person("user", "Rita", "Rejetée");
    people.pending = await person("user", "Paul", "Attente");
    people.unverified = await person("user", "Ugo", "Nonvérifié");
    // A lawyer assigned to a lawyer is not a client: only role 'user' profiles count.
    await db().updateTable("profiles").set({ assigned_lawyer_id: people.lawyer.id }).where("id", "=", people.otherLawyer.id).execute();

    for (const entry of userCases) {
      entry.caseNumber = (await addCase(people.user, entry.status, { createdAt: entry.createdAt, amount: "1500.50" })).case_number;
    }

    const aSubmitted = await addCase(people.clientA, "assigned", { lawyer: people.lawyer });
    await addCase(people.clientA, "in_progress", { lawyer: people.lawyer });
    const bClosed = await addCase(people.clientB, "closed", { lawyer: people.lawyer });
    await addCase(people.clientB, "assigned", { lawyer: people.lawyer });
    const cSubmitted = await addCase(people.clientC, "assigned", { lawyer: people.otherLawyer });

    await addMessage(aSubmitted.id, people.clientA, false); // counts
    await addMessage(aSubmitted.id, people.clientA, true); // read
    await addMessage(aSubmitted.id, people.lawyer, false); // the lawyer's own
    await addMessage(aSubmitted.id, people.admin, false); // addressed to the client: not the lawyer's to read (decision 36)
    await addMessage(bClosed.id, people.clientB, false); // counts: still the lawyer's case
    await addMessage(cSubmitted.id, people.clientC, false); // another lawyer's case

    await addDocument(people.verifiedWithRejection, "rejected");
    await addDocument(people.rejected, "rejected", { type: "cni", step: 2 });
    await addDocument(people.rejected, "pending", { type: "passeport", step: 3 });
    await addDocument(people.rejected, "rejected", { type: "permis", step: 3, obsolete: true });
    await addDocument(people.pending, "pending", { type: "proof_of_address" });
    await addDocument(people.pending, "rejected", { type: "proof_of_address", obsolete: true });
    await addDocument(people.unverified, "pending", { obsolete: true });
    await addDocument(people.unverified, "approved");
  }, 60_000);
  afterAll(() => stop());

  describe("user", () => {
    it("lists the user's own cases, newest first, with the numbers and amounts the database gave", async () => {
      const dashboard = (await dashboardFor(people.user.actor)) as UserDashboard;
      expect(dashboard.view).toBe("user");
      const expected = [...userCases].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
      expect(dashboard.cases.map((row) => row.status)).toEqual(expected.map((row) => row.status));
      expect(dashboard.cases.map((row) => row.caseNumber)).toEqual(expected.map((row) => row.caseNumber));
      expect(dashboard.cases.map((row) => row.createdAt)).toEqual(expected.map((row) => row.createdAt.toISOString()));
      for (const row of dashboard.cases) {
        expect(row.caseNumber).toMatch(/^RC-\d{4}-\d{6}$/);
        expect(row.totalAmountLost).toBe("1500.50");
        expect(row.scamType).toBe("investment_scam");
      }
    });

    it("counts as active only submitted, under_review, assigned and in_progress cases", async () => {
      const dashboard = (await dashboardFor(people.user.actor)) as UserDashboard;
      expect(dashboard.activeCaseCount).toBe(4);
      expect(dashboard.hasDraft).toBe(true);
      const clientA = (await dashboardFor(people.clientA.actor)) as UserDashboard;
      expect(clientA.activeCaseCount).toBe(2);
      expect(clientA.hasDraft).toBe(false);
      expect(clientA.cases).toHaveLength(2);
    });

    it("shows the profile of the acting user", async () => {
      const dashboard = (await dashboardFor(people.clientA.actor)) as UserDashboard;
      expect(dashboard.profile).toEqual({
        email: people.clientA.actor.email,
        firstName: "Alice",
        lastName: "Cliente",
        profileCompleted: false,
        identityVerified: true,
      });
      expect(dashboard.secondFactorEnabled).toBe(false);
      const withSecondFactor = (await dashboardFor({ ...people.clientA.actor, secondFactor: "verified" })) as UserDashboard;
      expect(withSecondFactor.secondFactorEnabled).toBe(true);
    });

    it("gives the identity status by priority: verified > rejected > pending > unverified, ignoring obsolete documents", async () => {
      const identity = async (who: Person) => ((await dashboardFor(who.actor)) as UserDashboard).identity;
      expect(await identity(people.verifiedWithRejection)).toBe("verified");
      expect(await identity(people.rejected)).toBe("rejected");
      expect(await identity(people.pending)).toBe("pending");
      expect(await identity(people.unverified)).toBe("unverified");
      expect(await identity(people.user)).toBe("unverified");
    });

    it("lists the rejected, non-obsolete documents with their reasons", async () => {
      const dashboard = (await dashboardFor(people.rejected.actor)) as UserDashboard;
      expect(dashboard.rejectedDocuments).toHaveLength(1);
      expect(dashboard.rejectedDocuments[0]).toMatchObject({ documentType: "cni", documentSide: "recto" });
      expect(dashboard.rejectedDocuments[0]!.rejectionReason).toMatch(/^Photo floue \d+$/);
      expect(((await dashboardFor(people.pending.actor)) as UserDashboard).rejectedDocuments).toEqual([]);
    });

    it("counts a completed step 2, 3 or 4 as 'pending' even when no document is pending (spec §4)", async () => {
      await db().insertInto("identity_verification_status").values({ user_id: people.unverified.id, current_step: 3, step2_completed: true }).execute();
      try {
        expect(((await dashboardFor(people.unverified.actor)) as UserDashboard).identity).toBe("pending");
      } finally {
        await db().deleteFrom("identity_verification_status").where("user_id", "=", people.unverified.id).execute();
      }
    });
  });

  describe("lawyer", () => {
    it("counts the lawyer's clients, verified clients, open and new cases, and their clients' unread messages", async () => {
      const dashboard = (await dashboardFor(people.lawyer.actor)) as LawyerDashboard;
      expect(dashboard).toEqual({
        view: "lawyer",
        firstName: "Laure",
        lastName: "Avocate",
        clients: 2,
        verifiedClients: 1,
        activeCases: 3,
        newCases: 2,
        unreadMessages: 2,
        agreementsToCountersign: [],
        overdueDocuments: { total: 0, cases: [] },
      });
    });

    it("'Nouveaux dossiers' are the lawyer's assigned cases not opened yet", async () => {
      const opened = await db()
        .updateTable("cases")
        .set({ opened_at: new Date() })
        .where("assigned_lawyer_id", "=", people.lawyer.id)
        .where("status", "=", "assigned")
        .returning("id")
        .execute();
      try {
        expect(((await dashboardFor(people.lawyer.actor)) as LawyerDashboard).newCases).toBe(0);
      } finally {
        await db().updateTable("cases").set({ opened_at: null }).where("id", "in", opened.map((row) => row.id)).execute();
      }
    });

    it("scopes every count to the acting lawyer", async () => {
      const dashboard = (await dashboardFor(people.otherLawyer.actor)) as LawyerDashboard;
      expect(dashboard).toMatchObject({ view: "lawyer", clients: 1, verifiedClients: 1, activeCases: 1, newCases: 1, unreadMessages: 1 });
    });
  });

  describe("admin", () => {
    it("counts platform-wide: users, verified users, lawyers, cases, and pending non-obsolete documents", async () => {
      const dashboard = (await dashboardFor(people.admin.actor)) as AdminDashboard;
      expect(dashboard).toEqual({
        view: "admin",
        firstName: "Adèle",
        lastName: "Admin",
        users: 8,
        verifiedUsers: 3,
        lawyers: 2,
        cases: userCases.length + 5,
        pendingDocuments: 2,
        allocation: expect.objectContaining({ idleLawyers: expect.any(Array), takers: expect.any(Number), waitingCases: expect.any(Number) }),
        results: { period: "12-mois", recoveredCents: 0, closedByOutcome: { recovered_in_full: 0, recovered_in_part: 0, nothing_recovered: 0, withdrawn_by_client: 0, not_pursued: 0 }, invoicedHtCents: 0, invoicedTtcCents: 0 },
      });
    });
  });

  describe("who may ask", () => {
    it("refuses an anonymous actor", async () => {
      await expect(dashboardFor({ kind: "anonymous", clientAddress: "203.0.113.7" })).rejects.toBeInstanceOf(ForbiddenError);
      await expect(dashboardFor({ kind: "anonymous", clientAddress: "203.0.113.7" })).rejects.toMatchObject({ status: 403 });
    });

    it("refuses a system actor", async () => {
      await expect(dashboardFor({ kind: "system", reason: "test" })).rejects.toBeInstanceOf(ForbiddenError);
    });

    it("refuses a lawyer or admin who has not passed the second factor", async () => {
      for (const who of [people.lawyer, people.admin]) {
        await expect(dashboardFor({ ...who.actor, secondFactor: "not-enrolled" })).rejects.toBeInstanceOf(ForbiddenError);
      }
    });
  });
});
