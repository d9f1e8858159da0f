import { operatorIdentity } from "~/content/operator.server";
import { assertRole, ForbiddenError, type Actor } from "~/platform/actor";
import { consumeAttempt } from "~/platform/attempt-limiter.server";
import { db, runtime } from "~/platform/runtime.server";
import {
  contactCheckMessages,
  contactKey,
  type ContactCheckInput,
  type ContactKey,
  type ContactOwner,
  type LawyerContactsInput,
} from "./call-verification.schema";

/**
 * /verifier-un-contact (decision 84): does an e-mail address, a phone number or a site belong to Recours or to one of
 * its partner lawyers? An exact match of the normalised contact against the operator's published channels and the
 * lawyers' declared professional contacts; nothing else is ever looked at, so a client's address answers like any.
 */

/** The operator's published channels: contact e-mail and phone, the site's host, the sender's address, and OPERATOR_PUBLISHED_CHANNELS. */
export function operatorChannels(): Set<string> {
  const settings = runtime().env;
  const identity = operatorIdentity(settings);
  const sender = /<([^>]+)>/.exec(settings.MAIL_FROM)?.[1] ?? settings.MAIL_FROM;
  const published = (settings.OPERATOR_PUBLISHED_CHANNELS ?? "").split(",");
  const keys = [identity.email, identity.phone, settings.PUBLIC_URL, sender, ...published]
    .map((text) => text.trim())
    .filter(Boolean)
    .map(contactKey)
    .filter((key): key is ContactKey => key !== null);
  return new Set(keys.map((key) => `${key.kind}:${key.key}`));
}

/** Checks per client address and window: plenty for a person, too few to go through a list of addresses. */
export const CONTACT_CHECKS_PER_WINDOW = 20;
const CONTACT_CHECK_WINDOW_SECONDS = 10 * 60;

export type ContactCheckResult =
  | { ok: true; owner: ContactOwner }
  | { ok: false; status: 429; formError: string; retryAfterSeconds: number };

const KEY_COLUMN = { email: "email_key", phone: "phone_key", website: "website_key" } as const;

/** Anyone, signed in or not, counted per client address in the database; 429 beyond the budget. */
export async function checkContact(actor: Actor, input: ContactCheckInput): Promise<ContactCheckResult> {
  if (actor.kind === "system") throw new ForbiddenError();
  const limit = await consumeAttempt(db(), [{ key: `contact-check:address:${actor.clientAddress}`, limit: CONTACT_CHECKS_PER_WINDOW }], CONTACT_CHECK_WINDOW_SECONDS);
  if (!limit.allowed) return { ok: false, status: 429, formError: contactCheckMessages.tooMany, retryAfterSeconds: limit.retryAfterSeconds };
  const key = contactKey(input.contact);
  if (!key) return { ok: true, owner: { kind: "none" } };
  if (operatorChannels().has(`${key.kind}:${key.key}`)) return { ok: true, owner: { kind: "operator" } };
  const lawyer = await db()
    .selectFrom("lawyer_public_contacts as c")
    .innerJoin("profiles as p", "p.id", "c.lawyer_id")
    .select(["p.first_name", "p.last_name"])
    .where(`c.${KEY_COLUMN[key.kind]}`, "=", key.key)
    .where("p.role", "=", "lawyer")
    .where("p.deleted_at", "is", null)
    .orderBy("c.updated_at", "desc")
    .executeTakeFirst();
  return { ok: true, owner: lawyer ? { kind: "lawyer", name: `${lawyer.first_name} ${lawyer.last_name}` } : { kind: "none" } };
}

/** The lawyer's own published contacts, for their form. */
export async function lawyerPublicContactsFor(actor: Actor): Promise<LawyerContactsInput> {
  assertRole(actor, "lawyer");
  const row = await db().selectFrom("lawyer_public_contacts").select(["email", "phone", "website"]).where("lawyer_id", "=", actor.userId).executeTakeFirst();
  return { publicEmail: row?.email ?? "", publicPhone: row?.phone ?? "", publicWebsite: row?.website ?? "" };
}

/** Saves what the lawyer publishes, with the normalised keys the public check compares. */
export async function saveLawyerPublicContacts(actor: Actor, input: LawyerContactsInput): Promise<void> {
  assertRole(actor, "lawyer");
  const keyOf = (text: string) => (text ? (contactKey(text)?.key ?? null) : null);
  const values = {
    email: input.publicEmail,
    phone: input.publicPhone,
    website: input.publicWebsite,
    email_key: keyOf(input.publicEmail),
    phone_key: keyOf(input.publicPhone),
    website_key: keyOf(input.publicWebsite),
    updated_at: new Date(),
  };
  await db()
    .insertInto("lawyer_public_contacts")
    .values({ lawyer_id: actor.userId, ...values })
    .onConflict((conflict) => conflict.column("lawyer_id").doUpdateSet(values))
    .execute();
}
