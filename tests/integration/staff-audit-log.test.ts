import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordStaffAction } from "~/modules/audit/audit.server";
import type { UserActor } from "~/platform/actor";
import { db } from "~/platform/runtime.server";
import { seedAccount } from "../support/accounts";
import { startTestRuntime, testEngines } from "../support/test-database";

describe.each(testEngines())("staff audit log on %s", (engine) => {
  let stop: () => Promise<void>;
  let admin: UserActor;

  beforeAll(async () => {
    ({ stop } = await startTestRuntime(engine));
    const { userId, email } = await seedAccount("admin", { firstName: "Agnès", lastName: "Martin" });
    admin = {
      kind: "user",
      userId,
      sessionId: "session-de-test",
      email,
      role: "admin",
      firstName: "Agnès",
      lastName: "Martin",
      clientAddress: "203.0.113.7",
      secondFactor: "verified",
    };
  });
  afterAll(async () => stop());

  it("records who did what to whom, from where, with the values before and after", async () => {
    await db().transaction().execute((trx) =>
      recordStaffAction(trx, admin, {
        action: "user.role-changed",
        targetType: "user",
        targetId: "cible-1",
        before: { role: "user" },
        after: { role: "lawyer", note: "« avocate » d'Île-de-France" },
      }),
    );
    const row = await db().selectFrom("staff_audit_log").selectAll().where("target_id", "=", "cible-1").executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      actor_id: admin.userId,
      actor_email: admin.email,
      action: "user.role-changed",
      target_type: "user",
      client_address: "203.0.113.7",
      before: { role: "user" },
      after: { role: "lawyer", note: "« avocate » d'Île-de-France" },
    });
    expect(row.created_at).toBeInstanceOf(Date);
  });

  it("is rolled back with the change it records", async () => {
    await expect(
      db().transaction().execute(async (trx) => {
        await recordStaffAction(trx, admin, { action: "case.assigned", targetType: "case", targetId: "cible-2" });
        throw new Error("échec de la modification");
      }),
    ).rejects.toThrow("échec de la modification");
    const rows = await db().selectFrom("staff_audit_log").select("id").where("target_id", "=", "cible-2").execute();
    expect(rows).toHaveLength(0);
  });

  it("refuses updates, deletes and truncation, even from the application", async () => {
    await expect(db().updateTable("staff_audit_log").set({ action: "user.deleted" }).execute()).rejects.toThrow(/ajout seul/);
    await expect(db().deleteFrom("staff_audit_log").execute()).rejects.toThrow(/ajout seul/);
    await expect(sql`TRUNCATE staff_audit_log`.execute(db())).rejects.toThrow(/ajout seul/);
    const count = await db().selectFrom("staff_audit_log").select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it("refuses a malformed action name", async () => {
    await expect(
      recordStaffAction(db(), admin, { action: "DROP TABLE", targetType: "user", targetId: "cible-3" }),
    ).rejects.toThrow();
  });
});
