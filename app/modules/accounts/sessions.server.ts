import type { AnonymousActor, Actor } from "~/platform/actor";
import { normaliseRole } from "~/platform/actor";
import { logger } from "~/platform/logger.server";
import { db } from "~/platform/runtime.server";
import { auth, CLIENT_ADDRESS_HEADER } from "./auth-instance.server";

export function clientAddressOf(request: Request): string {
  return request.headers.get(CLIENT_ADDRESS_HEADER) ?? "unknown";
}

export function anonymousActor(request: Request): AnonymousActor {
  return { kind: "anonymous", clientAddress: clientAddressOf(request) };
}

/** The signed-in person behind a request, or an anonymous actor. */
export async function resolveActor(request: Request): Promise<Actor> {
  const clientAddress = clientAddressOf(request);
  if (!request.headers.get("cookie")) return { kind: "anonymous", clientAddress };
  const session = await auth().api.getSession({ headers: request.headers });
  if (!session) return { kind: "anonymous", clientAddress };
  const profile = await db()
    .selectFrom("profiles")
    .innerJoin("user", "user.id", "profiles.id")
    .select(["profiles.role", "profiles.first_name", "profiles.last_name", "profiles.email", "user.twoFactorEnabled"])
    .where("profiles.id", "=", session.user.id)
    .executeTakeFirst();
  if (!profile) return { kind: "anonymous", clientAddress };
  return {
    kind: "user",
    userId: session.user.id,
    sessionId: session.session.id,
    email: profile.email,
    role: normaliseRole(profile.role),
    firstName: profile.first_name,
    lastName: profile.last_name,
    clientAddress,
    // better-auth creates no session for an account with a second factor until it is passed (see signIn).
    secondFactor: profile.twoFactorEnabled ? "verified" : "not-enrolled",
  };
}

/** Only the Set-Cookie lines of better-auth's response headers. */
export function sessionCookies(source: Headers): Headers {
  const headers = new Headers();
  for (const cookie of source.getSetCookie()) headers.append("set-cookie", cookie);
  return headers;
}

export async function signOut(actor: Actor, request: Request): Promise<Headers> {
  if (actor.kind !== "user") return new Headers();
  try {
    const { headers } = await auth().api.signOut({ headers: request.headers, returnHeaders: true });
    return sessionCookies(headers);
  } catch (error) {
    // The session may already be gone; delete it by id all the same and clear the cookie.
    logger.warn({ err: error }, "déconnexion : session déjà terminée");
    await db().deleteFrom("session").where("id", "=", actor.sessionId).execute();
    return new Headers();
  }
}
