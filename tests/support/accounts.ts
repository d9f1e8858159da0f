import { anonymousActor, createAccount, resolveActor, signIn, type NewAccount } from "~/modules/accounts/accounts.server";
import { changeSecondFactor, secondFactorSettings } from "~/modules/accounts/two-factor.server";
import type { Role } from "~/platform/database-schema";
import { db } from "~/platform/runtime.server";
import { totpCode, totpCodeAt } from "./totp";

export { totpCode, totpCodeAt };

export const CLIENT_ADDRESS = "203.0.113.7";

/** A request as our HTTP server hands it to the routes: the client address header set from the socket. */
export function authRequest(path = "/connexion", init: { cookie?: string; clientAddress?: string } = {}): Request {
  const headers = new Headers({ "x-recours-client-address": init.clientAddress ?? CLIENT_ADDRESS });
  if (init.cookie) headers.set("cookie", init.cookie);
  return new Request(`http://localhost${path}`, { method: "POST", headers });
}

/** "name=value; name2=value2" from Set-Cookie headers, dropping cookies that are being cleared. */
export function cookieHeaderFrom(setCookies: string[], keep: (name: string) => boolean = () => true): string {
  const pairs: string[] = [];
  for (const line of setCookies) {
    const pair = line.split(";")[0]!.trim();
    const name = pair.slice(0, pair.indexOf("="));
    const value = pair.slice(pair.indexOf("=") + 1);
    if (value === "" || /max-age=0\b/i.test(line) || !keep(name)) continue;
    pairs.push(pair);
  }
  return pairs.join("; ");
}

export const STRONG_PASSWORD = "cheval agrafe nuage tribord 47";

let counter = 0;

/** A unique test email (the runtime is per suite, but several accounts are made in each). */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}${counter}@example.com`;
}

export async function seedAccount(
  role: Role,
  overrides: Partial<NewAccount> = {},
): Promise<{ userId: string; email: string; password: string }> {
  const account: NewAccount = {
    email: uniqueEmail(role),
    password: STRONG_PASSWORD,
    firstName: `Prénom${role}`,
    lastName: `Nom${role}`,
    phoneMobile: "+33612345678",
    country: "france",
    role,
    emailVerified: true,
    ...overrides,
  };
  const created = await createAccount(account);
  if (!created.ok) throw new Error(`compte de test non créé : ${account.email}`);
  return { userId: created.userId, email: account.email, password: account.password };
}

/**
 * Enrols the account's second factor through the real use cases (password, secret, code) and returns what the
 * person would have noted: the manual key and the recovery codes. Leaves no session behind.
 */
export async function enrolSecondFactor(account: { email: string; password: string }): Promise<{ manualKey: string; recoveryCodes: string[] }> {
  const address = "198.51.100.77";
  const signedIn = await signIn(anonymousActor(authRequest("/connexion", { clientAddress: address })), account, authRequest("/connexion", { clientAddress: address }));
  if (!signedIn.ok || signedIn.next === "second-factor") throw new Error(`connexion impossible pour l'activation : ${account.email}`);
  const request = () => authRequest("/compte/double-authentification", { cookie: cookieHeaderFrom(signedIn.headers.getSetCookie()), clientAddress: address });
  const actor = await resolveActor(request());
  if (actor.kind !== "user") throw new Error("session d'activation introuvable");
  const started = await changeSecondFactor(actor, { intent: "start", password: account.password }, request());
  if (!started.ok) throw new Error(`activation refusée : ${started.formError ?? JSON.stringify(started.fieldErrors)}`);
  const settings = await secondFactorSettings(actor);
  if (settings.state !== "setup") throw new Error("clé non proposée");
  const confirmed = await changeSecondFactor(actor, { intent: "confirm", code: await totpCode(settings.manualKey) }, request());
  if (!confirmed.ok || confirmed.intent !== "confirm") throw new Error("code refusé à l'activation");
  await db().deleteFrom("session").where("userId", "=", actor.userId).execute();
  return { manualKey: settings.manualKey, recoveryCodes: confirmed.recoveryCodes };
}

/** A seeded account whose second factor is enrolled (staff as they are once past their first sign-in). */
export async function seedEnrolledAccount(role: Role, overrides: Partial<NewAccount> = {}) {
  const seeded = await seedAccount(role, overrides);
  return { ...seeded, ...(await enrolSecondFactor(seeded)) };
}
