import { createAccount, type NewAccount } from "~/modules/accounts/accounts.server";
import type { Role } from "~/platform/database-schema";

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
