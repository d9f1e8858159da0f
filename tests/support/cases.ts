import { sql } from "kysely";
import type { UserActor } from "~/platform/actor";
import type { Role } from "~/platform/database-schema";
import { db } from "~/platform/runtime.server";
import { seedAccount } from "./accounts";

/** A seeded person as the use cases see them (staff past their second factor). */
export async function seedActor(role: Role, firstName: string, lastName = `Nom${firstName}`): Promise<UserActor> {
  const { userId, email } = await seedAccount(role, { firstName, lastName });
  return {
    kind: "user",
    userId,
    sessionId: "session-de-test",
    email,
    role,
    firstName,
    lastName,
    clientAddress: "203.0.113.7",
    secondFactor: role === "user" ? "not-enrolled" : "verified",
  };
}

/** Sets a lawyer's allocation row (created when missing). */
export async function setAllocation(lawyerId: string, percentage: number, active = true): Promise<void> {
  await db()
    .insertInto("lawyer_allocation")
    .values({ lawyer_id: lawyerId, allocation_percentage: percentage, active })
    .onConflict((oc) => oc.column("lawyer_id").doUpdateSet({ allocation_percentage: percentage, active }))
    .execute();
}

/** A case inserted as the wizard would leave it once submitted (status 'submitted', not assigned yet). */
export async function insertSubmittedCase(userId: string, overrides: { scamType?: string; amount?: string } = {}): Promise<{ id: string; caseNumber: string }> {
  const row = await db()
    .insertInto("cases")
    .values({
      user_id: userId,
      status: "submitted",
      scam_type: overrides.scamType ?? "investment_scam",
      total_amount_lost: overrides.amount ?? "12500",
      contact_method: "Téléphone",
      first_contact_date: "2025-03-02",
      detailed_description: "Un faux conseiller m'a fait investir.",
      submitted_at: new Date(),
      payment_methods: ["bank_transfer"],
      evidence_types: [],
    })
    .returning(["id", "case_number"])
    .executeTakeFirstOrThrow();
  return { id: row.id, caseNumber: row.case_number };
}

/** Removes every allocation row and starts a fresh allocation period (tests that count shares). */
export async function resetAllocations(): Promise<void> {
  await db().deleteFrom("lawyer_allocation").execute();
  await sql`UPDATE case_assignment_state SET allocation_changed_at = clock_timestamp()`.execute(db());
}
