import { sql } from "kysely";
import type { UserActor } from "~/platform/actor";
import type { Role } from "~/platform/database-schema";
import { db, runtime } from "~/platform/runtime.server";
import { writeProfileFields } from "~/modules/profile/sensitive-fields.server";
import { caseDraftSchema, EMPTY_CASE_FORM, type CaseDraftInput, type CaseFormValues } from "~/modules/cases/cases.schema";
import { seedAccount } from "./accounts";

/** A seeded person with a completed profile, as the actor a signed-in request resolves to. */
export async function seedPerson(role: Role, name: string, options: { verified?: boolean; email?: string } = {}): Promise<UserActor & { password: string }> {
  const { userId, email, password } = await seedAccount(role, { firstName: name, lastName: `Nom${name}`, ...(options.email ? { email: options.email } : {}) });
  await db()
    .updateTable("profiles")
    .set({ profile_completed: true, address: "8 rue des Tilleuls", postal_code: "33000", city: "Bordeaux" })
    .where("id", "=", userId)
    .execute();
  await writeProfileFields(db(), runtime().keyring, userId, { birthDate: "1956-03-14", nif: null });
  if (options.verified) await setIdentityVerified(userId, true);
  return {
    kind: "user",
    userId,
    sessionId: "session-de-test",
    email,
    password,
    role,
    firstName: name,
    lastName: `Nom${name}`,
    clientAddress: "203.0.113.7",
    secondFactor: role === "user" ? "not-enrolled" : "verified",
  };
}

export interface CaseCast {
  client: UserActor;
  otherClient: UserActor;
  lawyer: UserActor;
  otherLawyer: UserActor;
  admin: UserActor;
}

/** The people a case test needs: the case's verified client, another one, its lawyer, another lawyer, an admin. */
export async function seedCaseCast(): Promise<CaseCast> {
  return {
    client: await seedPerson("user", "Eloise", { verified: true }),
    otherClient: await seedPerson("user", "Bastien", { verified: true }),
    lawyer: await seedPerson("lawyer", "Anne"),
    otherLawyer: await seedPerson("lawyer", "Paul"),
    admin: await seedPerson("admin", "Inès"),
  };
}

/** Identity verification is reviewed by compliance staff: tests set its outcome directly. */
export async function setIdentityVerified(userId: string, verified: boolean): Promise<void> {
  await db().updateTable("profiles").set({ identity_verified: verified }).where("id", "=", userId).execute();
}

/** The wizard's values of a complete case (steps 1 and 2 filled), as the form posts them. */
export function completeCaseForm(overrides: Partial<CaseFormValues> = {}): CaseFormValues {
  return {
    ...EMPTY_CASE_FORM,
    scam_type: "investment_scam",
    contact_method: "phone",
    contact_method_details: "Un conseiller « Marc » au 01 23 45 67 89",
    first_contact_date: "12-03-2024",
    total_amount_lost: "12 500",
    payment_methods: ["bank_transfer"],
    detailed_description: "Un faux conseiller m'a fait placer mes économies sur un livret à 8 %.",
    evidence_types: ["bank_statements"],
    ...overrides,
  };
}

export function draftInput(overrides: Partial<CaseFormValues> = {}): CaseDraftInput {
  return caseDraftSchema.parse(completeCaseForm(overrides));
}

/** A seeded person as the use cases see them (staff past their second factor). */
export async function seedActor(role: Role, firstName: string, lastName = `Nom${firstName}`): Promise<UserActor> {
  const { userId, email } = await seedAccount(role, { firstName, lastName });
  return actorFor(role, userId, email, firstName, lastName);
}

/** An existing account as the use cases see it (staff past their second factor). */
export function actorFor(role: Role, userId: string, email: string, firstName: string, lastName: string): UserActor {
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

/** Sets a lawyer's allocation row (created when missing); a share above 0 needs a bar and a number, filled when missing. */
export async function setAllocation(lawyerId: string, percentage: number, active = true): Promise<void> {
  if (percentage > 0) await giveBarDetails(lawyerId);
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

/** Every lawyer back at 0 % and active (their row is kept by the database) and a fresh allocation period (tests that count shares). */
export async function resetAllocations(): Promise<void> {
  await db().updateTable("lawyer_allocation").set({ allocation_percentage: 0, active: true }).execute();
  await sql`UPDATE case_assignment_state SET allocation_changed_at = clock_timestamp()`.execute(db());
}

/** A lawyer's bar and registration number, without which they receive no case (kept when already filled). */
export async function giveBarDetails(lawyerId: string, barName = "Barreau de Bordeaux", barNumber = "B-1234"): Promise<void> {
  await db()
    .updateTable("profiles")
    .set((eb) => ({ bar_name: eb.fn.coalesce("bar_name", eb.val(barName)), bar_number: eb.fn.coalesce("bar_number", eb.val(barNumber)) }))
    .where("id", "=", lawyerId)
    .execute();
}

/** Step 2 of the wizard as a browser without JavaScript posts it (the HTTP tests). */
export const WIZARD_STEP_2: [string, string][] = [
  ["contact_method", "dating_site"],
  ["contact_method_details", "Profil « Jean-Marc » sur un site de rencontre"],
  ["first_contact_date", "02-05-2024"],
  ["total_amount_lost", "1 234,56 €"],
  ["payment_methods", "bank_transfer"],
  ["payment_methods", "western_union"],
  ["detailed_description", "Il m'a demandé de l'argent pour un billet d'avion."],
  ["evidence_types", "conversation_screenshots"],
];
