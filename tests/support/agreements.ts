import { db } from "~/platform/runtime.server";

/** The last signing code e-mailed to an address (read from the queued e-mail job, as the person would read the e-mail). */
export async function latestSigningCode(to: string): Promise<string> {
  const rows = await db()
    .selectFrom("jobs")
    .select(["payload"])
    .where("kind", "=", "email")
    .orderBy("id", "desc")
    .limit(200)
    .execute();
  for (const row of rows) {
    const payload = row.payload as { to?: string; template?: string; variables?: { code?: string } };
    if (payload.to === to && payload.template === "convention-code" && payload.variables?.code) return payload.variables.code;
  }
  throw new Error(`aucun code de signature envoyé à ${to}`);
}

/** The e-mail jobs queued for an address with a template, oldest first. */
export async function queuedEmails(to: string, template: string): Promise<Array<{ variables: Record<string, string> }>> {
  const rows = await db().selectFrom("jobs").select(["payload"]).where("kind", "=", "email").orderBy("id").execute();
  return rows
    .map((row) => row.payload as { to?: string; template?: string; variables?: Record<string, string> })
    .filter((payload) => payload.to === to && payload.template === template)
    .map((payload) => ({ variables: payload.variables ?? {} }));
}
