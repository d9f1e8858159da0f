import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RouterContextProvider } from "react-router";
import {
  completeProfile,
  hasCompletedProfile,
  lookUpCommunes,
  profileFormFor,
} from "~/modules/profile/profile.server";
import { profileFormSchema, type ProfileFormValues, type ProfileInput } from "~/modules/profile/profile.schema";
import { ForbiddenError, type AnonymousActor, type UserActor } from "~/platform/actor";
import type { Role } from "~/platform/database-schema";
import { requireCompletedProfile } from "~/modules/profile/completed-profile-guard.server";
import { actorContext } from "~/platform/request-context";
import { db, runtime } from "~/platform/runtime.server";
import { readProfileFields } from "~/modules/profile/sensitive-fields.server";
import { seedAccount } from "../support/accounts";
import { startTestRuntime, testEngines } from "../support/test-database";

const anonymous: AnonymousActor = { kind: "anonymous", clientAddress: "203.0.113.7" };

async function person(role: Role, firstName: string, lastName: string): Promise<UserActor> {
  const { userId, email } = await seedAccount(role, { firstName, lastName });
  return { kind: "user", userId, sessionId: "session-de-test", email, role, firstName, lastName, clientAddress: "203.0.113.7", secondFactor: "verified" };
}

const form: ProfileFormValues = {
  firstName: "Héloïse",
  lastName: "Mercier",
  birthDate: "31-12-1985",
  nif: "01 23 456 789 012",
  phoneMobileCountry: "FR",
  phoneMobile: "7 56 12 34 56",
  phoneFixedCountry: "FR",
  phoneFixed: "01 23 45 67 89",
  country: "france",
  address: "8 rue de l'Élysée",
  postalCode: "75008",
  city: "Paris",
  department: "Paris",
  acceptPrivacy: "on",
  acceptTerms: "on",
};

function input(overrides: Partial<ProfileFormValues> = {}): ProfileInput {
  return profileFormSchema.parse({ ...form, ...overrides });
}

function profileRow(id: string) {
  return db().selectFrom("profiles").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

describe.each(testEngines())("profile completion on %s", (engine) => {
  let stop: () => Promise<void>;
  let lawyer: UserActor;
  let user: UserActor;
  let other: UserActor;

  beforeAll(async () => {
    ({ stop } = await startTestRuntime(engine));
    lawyer = await person("lawyer", "Laure", "Avocate");
    user = await person("user", "Ulysse", "Usager");
    other = await person("user", "Olga", "Autre");
    await db()
      .updateTable("profiles")
      .set({ identity_verified: true, assigned_lawyer_id: lawyer.userId })
      .where("id", "=", user.userId)
      .execute();
  }, 60_000);

  afterAll(async () => {
    await stop();
  });

  it("a new profile is shown with what the sign-up gave, boxes unticked", async () => {
    const page = await profileFormFor(other);
    expect(page).toEqual({
      completed: false,
      values: {
        firstName: "Olga",
        lastName: "Autre",
        birthDate: "",
        nif: "",
        phoneMobileCountry: "FR",
        phoneMobile: "6 12 34 56 78",
        phoneFixedCountry: "FR",
        phoneFixed: "",
        country: "france",
        address: "",
        postalCode: "",
        city: "",
        department: "",
        acceptPrivacy: "",
        acceptTerms: "",
      },
    });
    expect(await hasCompletedProfile(other)).toBe(false);
  });

  it("saves the profile fields of the acting user only, and marks the profile completed", async () => {
    const before = await profileRow(user.userId);
    const otherBefore = await profileRow(other.userId);
    expect(await completeProfile(user, input())).toEqual({ ok: true });

    const after = await profileRow(user.userId);
    expect(after).toMatchObject({
      first_name: "Héloïse",
      last_name: "Mercier",
      phone_mobile: "+33756123456",
      phone_fixed: "+33123456789",
      address: "8 rue de l'Élysée",
      postal_code: "75008",
      city: "Paris",
      department: "Paris",
      country: "france",
      profile_completed: true,
      // Untouched by the form.
      role: "user",
      identity_verified: true,
      assigned_lawyer_id: lawyer.userId,
      email: before.email,
    });
    expect(await readProfileFields(db(), runtime().keyring, user.userId)).toEqual({ birthDate: "1985-12-31", nif: "0123456789012" });
    expect(after.privacy_policy_accepted_at).toBeInstanceOf(Date);
    expect(after.terms_accepted_at).toBeInstanceOf(Date);
    expect(await profileRow(other.userId)).toEqual(otherBefore);

    const authUser = await db().selectFrom("user").select("name").where("id", "=", user.userId).executeTakeFirstOrThrow();
    expect(authUser.name).toBe("Héloïse Mercier");
    expect(await hasCompletedProfile(user)).toBe(true);
  });

  it("the stored birth date is the typed day (31-12 stays 31-12), kept only as ciphertext", async () => {
    // Sealed (decision 0043); the plaintext columns no longer exist (migration 0079).
    const { rows } = await sql<{ text: string }>`SELECT profiles::text AS text FROM profiles WHERE id = ${user.userId}`.execute(db());
    // Ciphertext is left out: its random hex may contain "1985" by chance.
    expect(rows[0]!.text.replace(/\\+x[0-9a-f]+/g, "")).not.toMatch(/1985|0123456789012/);
    expect((await readProfileFields(db(), runtime().keyring, user.userId))?.birthDate).toBe("1985-12-31");
  });

  it("the saved profile comes back in the form, both boxes ticked (spec §5)", async () => {
    const page = await profileFormFor(user);
    expect(page?.completed).toBe(true);
    expect(page?.values).toEqual({ ...form, nif: "0123456789012", phoneMobile: "7 56 12 34 56", phoneFixed: "1 23 45 67 89" });
  });

  it("a second save replaces the fields; an emptied landline and NIF are cleared", async () => {
    expect(
      await completeProfile(user, input({ country: "belgium", postalCode: "1000", nif: "", phoneFixed: "", city: "Bruxelles" })),
    ).toEqual({ ok: true });
    expect((await readProfileFields(db(), runtime().keyring, user.userId))?.nif).toBeNull();
    expect(await profileRow(user.userId)).toMatchObject({
      country: "belgium",
      postal_code: "1000",
      nif_sealed: null,
      phone_fixed: null,
      city: "Bruxelles",
      profile_completed: true,
    });
  });

  it("a value the database refuses is reported, and nothing already saved is lost", async () => {
    const before = await profileRow(user.userId);
    const result = await completeProfile(user, { ...input(), nif: "9999999999999", city: "Ailleurs" });
    expect(result).toEqual({ ok: false, status: 400, formError: "Une erreur est survenue lors de la mise à jour de votre profil." });
    const after = await profileRow(user.userId);
    expect(after).toEqual(before);
  });

  it("a lawyer completes their own profile the same way; their role stays", async () => {
    expect(await completeProfile(lawyer, input({ firstName: "Laure" }))).toEqual({ ok: true });
    expect(await profileRow(lawyer.userId)).toMatchObject({ role: "lawyer", profile_completed: true, first_name: "Laure" });
  });

  it("a profile that does not exist answers 404", async () => {
    const ghost: UserActor = { ...user, userId: "utilisateur-inexistant" };
    expect(await completeProfile(ghost, input())).toMatchObject({ ok: false, status: 404 });
    expect(await profileFormFor(ghost)).toBeNull();
  });

  it("refuses an anonymous actor", async () => {
    await expect(profileFormFor(anonymous)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(completeProfile(anonymous, input())).rejects.toBeInstanceOf(ForbiddenError);
    await expect(lookUpCommunes(anonymous, "75008")).rejects.toBeInstanceOf(ForbiddenError);
  });

  it("requireCompletedProfile sends an incomplete profile to /complete-profile with a document load", async () => {
    const context = (actor: UserActor) => {
      const provider = new RouterContextProvider();
      provider.set(actorContext, actor);
      return provider;
    };
    const refused = await requireCompletedProfile(context(other)).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).status).toBe(302);
    expect((refused as Response).headers.get("location")).toBe("/complete-profile");
    expect((refused as Response).headers.get("x-remix-reload-document")).toBe("true");
    await expect(requireCompletedProfile(context(user))).resolves.toEqual(user);
  });
});

describe("the French commune index (@etalab/decoupage-administratif)", () => {
  const actor: UserActor = {
    kind: "user",
    userId: "x",
    sessionId: "s",
    email: "x@example.com",
    role: "user",
    firstName: "X",
    lastName: "Y",
    clientAddress: "203.0.113.7",
    secondFactor: "not-enrolled",
  };

  it("a postal code of one commune gives its name and department", async () => {
    expect(await lookUpCommunes(actor, "75008")).toEqual({
      ok: true,
      communes: [{ name: "Paris", departmentCode: "75", departmentName: "Paris" }],
    });
    expect(await lookUpCommunes(actor, "20000")).toEqual({
      ok: true,
      communes: [{ name: "Ajaccio", departmentCode: "2A", departmentName: "Corse-du-Sud" }],
    });
    expect(await lookUpCommunes(actor, "97411")).toMatchObject({
      ok: true,
      communes: [{ name: "Saint-Paul", departmentCode: "974", departmentName: "La Réunion" }],
    });
  });

  it("a postal code of several communes lists them, most populated first", async () => {
    const result = await lookUpCommunes(actor, "01400");
    if (!result.ok) throw new Error(result.message);
    expect(result.communes).toHaveLength(10);
    expect(result.communes[0]).toEqual({ name: "Châtillon-sur-Chalaronne", departmentCode: "01", departmentName: "Ain" });
    expect(new Set(result.communes.map((commune) => commune.departmentName))).toEqual(new Set(["Ain"]));
  });

  it("Lyon and Marseille are one commune each, not their arrondissements", async () => {
    expect(await lookUpCommunes(actor, "69001")).toMatchObject({ ok: true, communes: [{ name: "Lyon", departmentName: "Rhône" }] });
    expect(await lookUpCommunes(actor, "13001")).toMatchObject({
      ok: true,
      communes: [{ name: "Marseille", departmentName: "Bouches-du-Rhône" }],
    });
  });

  it("an unknown code gives an empty list; a malformed one a French message", async () => {
    expect(await lookUpCommunes(actor, "99999")).toEqual({ ok: true, communes: [] });
    for (const code of ["7500", "750088", "abcde", "", "75 008"]) {
      expect(await lookUpCommunes(actor, code)).toEqual({ ok: false, message: "Le code postal doit comporter 5 chiffres" });
    }
  });
});
