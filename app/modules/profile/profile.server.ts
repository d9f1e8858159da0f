import { assertUser, type Actor } from "~/platform/actor";
import { logger } from "~/platform/logger.server";
import { db, runtime } from "~/platform/runtime.server";
import { DEFAULT_COUNTRY } from "~/lib/countries";
import { isoToFrenchDate } from "~/lib/dates";
import { splitE164 } from "~/lib/phone";
import { communeIndex, type Commune } from "./commune-index.server";
import { profileMessages, type ProfileFormValues, type ProfileInput } from "./profile.schema";
import { SEALED_PROFILE_COLUMNS, openProfileFields, sealProfileFields } from "./sensitive-fields.server";

export type { Commune } from "./commune-index.server";

export interface ProfileForm {
  values: ProfileFormValues;
  /** Spec §5: both consent boxes start ticked once the profile has been completed. */
  completed: boolean;
}

/** The acting user's profile as the completion form shows it. */
export async function profileFormFor(actor: Actor): Promise<ProfileForm | null> {
  assertUser(actor);
  const profile = await db()
    .selectFrom("profiles")
    .select([
      "id",
      ...SEALED_PROFILE_COLUMNS,
      "first_name",
      "last_name",
      "phone_mobile",
      "phone_fixed",
      "address",
      "city",
      "postal_code",
      "department",
      "country",
      "profile_completed",
    ])
    .where("id", "=", actor.userId)
    .executeTakeFirst();
  if (!profile) return null;
  const sensitive = openProfileFields(runtime().keyring, profile);
  const mobile = splitE164(profile.phone_mobile);
  const fixed = splitE164(profile.phone_fixed);
  const ticked = profile.profile_completed ? "on" : "";
  return {
    completed: profile.profile_completed,
    values: {
      firstName: profile.first_name,
      lastName: profile.last_name,
      birthDate: isoToFrenchDate(sensitive.birthDate),
      nif: sensitive.nif ?? "",
      phoneMobileCountry: mobile?.isoCode ?? DEFAULT_COUNTRY.isoCode,
      phoneMobile: mobile?.national ?? "",
      phoneFixedCountry: fixed?.isoCode ?? mobile?.isoCode ?? DEFAULT_COUNTRY.isoCode,
      phoneFixed: fixed?.national ?? "",
      country: profile.country,
      address: profile.address ?? "",
      postalCode: profile.postal_code ?? "",
      city: profile.city ?? "",
      department: profile.department ?? "",
      acceptPrivacy: ticked,
      acceptTerms: ticked,
    },
  };
}

export type ProfileSaveResult = { ok: true } | { ok: false; status: number; formError: string };

/**
 * Saves the profile fields of the acting user and marks the profile completed. Only these columns are written:
 * role, identity_verified and assigned_lawyer_id are out of reach of this form whatever is posted.
 */
export async function completeProfile(actor: Actor, input: ProfileInput): Promise<ProfileSaveResult> {
  assertUser(actor);
  const now = new Date();
  try {
    const saved = await db()
      .transaction()
      .execute(async (trx) => {
        const keys = await trx
          .selectFrom("profiles")
          .select(["fields_key_id", "fields_wrapped_key"])
          .where("id", "=", actor.userId)
          .forUpdate()
          .executeTakeFirst();
        if (!keys) return false;
        const row = await trx
          .updateTable("profiles")
          .set({
            first_name: input.firstName,
            last_name: input.lastName,
            ...sealProfileFields(runtime().keyring, actor.userId, { birthDate: input.birthDate, nif: input.nif }, keys),
            phone_mobile: input.phoneMobile,
            phone_fixed: input.phoneFixed,
            address: input.address,
            city: input.city,
            postal_code: input.postalCode,
            department: input.department,
            country: input.country,
            profile_completed: true,
            privacy_policy_accepted_at: now,
            terms_accepted_at: now,
          })
          .where("id", "=", actor.userId)
          .returning("id")
          .executeTakeFirst();
        if (!row) return false;
        // better-auth keeps its own copy of the name.
        await trx
          .updateTable("user")
          .set({ name: `${input.firstName} ${input.lastName}`, updatedAt: now })
          .where("id", "=", actor.userId)
          .execute();
        return true;
      });
    if (!saved) return { ok: false, status: 404, formError: profileMessages.failed.description };
    logger.info({ userId: actor.userId }, "profil complété");
    return { ok: true };
  } catch (error) {
    // A value the database refuses (a check constraint, a bad date) is bad input that slipped past the schema.
    const code = (error as { code?: unknown } | null)?.code;
    const badInput = typeof code === "string" && (code === "23514" || code.startsWith("22"));
    logger.error({ err: error, userId: actor.userId }, "échec de la mise à jour du profil");
    return { ok: false, status: badInput ? 400 : 500, formError: profileMessages.failed.description };
  }
}

/** Whether the acting user has completed their profile (the guard of the pages that need one). */
export async function hasCompletedProfile(actor: Actor): Promise<boolean> {
  assertUser(actor);
  const profile = await db()
    .selectFrom("profiles")
    .select("profile_completed")
    .where("id", "=", actor.userId)
    .executeTakeFirst();
  return profile?.profile_completed ?? false;
}

export type CommuneLookup = { ok: true; communes: readonly Commune[] } | { ok: false; message: string };

/** The French communes a postal code serves (an empty list for a code no commune has, such as a CEDEX). */
export async function lookUpCommunes(actor: Actor, postalCode: string): Promise<CommuneLookup> {
  assertUser(actor);
  if (!/^\d{5}$/.test(postalCode)) return { ok: false, message: profileMessages.postalCodeFormat["five-digits"] };
  const index = await communeIndex();
  return { ok: true, communes: index.get(postalCode) ?? [] };
}

export type ResidenceCompletion = {
  values: Record<string, string>;
  /** Set when the code serves several communes and the city is missing: which ones, to choose from. */
  cityMessage?: string;
};

/**
 * What the browser does with JavaScript, done on the server for a post without it: a French postal code with no
 * city or department fills them from the official list (one commune, or the one the city names). With several
 * communes and no city, the department is filled and the message lists the communes to choose from.
 */
export async function completeResidenceFromPostalCode(
  actor: Actor,
  posted: Record<string, string>,
): Promise<ResidenceCompletion> {
  assertUser(actor);
  const code = (posted.postalCode ?? "").replace(/\s+/g, "");
  const city = (posted.city ?? "").trim();
  const department = (posted.department ?? "").trim();
  if ((posted.country ?? "france") !== "france" || !/^\d{5}$/.test(code) || (city && department)) return { values: posted };
  const communes = (await communeIndex()).get(code) ?? [];
  if (communes.length === 0) return { values: posted };
  const named = city
    ? communes.find((commune) => commune.name.localeCompare(city, "fr", { sensitivity: "base" }) === 0)
    : undefined;
  const commune = named ?? (communes.length === 1 ? communes[0] : undefined);
  if (commune) {
    return { values: { ...posted, city: city || commune.name, department: department || commune.departmentName } };
  }
  const sameDepartment = communes.every((candidate) => candidate.departmentName === communes[0]!.departmentName);
  const values = { ...posted, department: department || (sameDepartment ? communes[0]!.departmentName : "") };
  if (city) return { values };
  return {
    values,
    cityMessage: profileMessages.cityToChoose(code, communes.map((candidate) => candidate.name)),
  };
}

/** Builds the commune index at start, so the first person to type a postal code does not wait for it. */
export async function preloadCommuneIndex(): Promise<void> {
  await communeIndex();
}
