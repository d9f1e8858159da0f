import { proposalSchema } from "~/modules/agreements/agreements.schema";
import {
  agreementPanelFor,
  countersign,
  createSealAgreementHandler,
  proposeAgreement,
  requestSigningCode,
  SEAL_AGREEMENT_JOB,
  sealCountersignedAgreement,
  signAsClient,
  type RequestOrigin,
} from "~/modules/agreements/agreements.server";
import { createJobWorker } from "~/modules/jobs/jobs.server";
import type { UserActor } from "~/platform/actor";
import { db } from "~/platform/runtime.server";
import { totpCode } from "./totp";

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

export const CLIENT_ORIGIN: RequestOrigin = { ipAddress: "203.0.113.7", userAgent: "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0" };

/** The lawyer proposes through the use case (500 € and 15 % unless `values` says otherwise); the agreement's id. */
export async function proposeTerms(lawyer: UserActor, caseId: string, values: Record<string, string> = {}): Promise<string> {
  const result = await proposeAgreement(lawyer, caseId, proposalSchema.parse({ baseFee: "500", resultPercent: "15", foreseenCosts: "", ...values }));
  if (!result.ok) throw new Error(`proposition refusée : ${JSON.stringify(result)}`);
  return result.agreementId;
}

/** The client asks for the e-mailed code and signs the proposal they read with it; the document's SHA-256. */
export async function signWithEmailedCode(
  client: UserActor & { password: string },
  caseId: string,
  agreementId: string,
  options: { earlyStart?: boolean; origin?: RequestOrigin } = {},
): Promise<string> {
  const panel = await agreementPanelFor(client, caseId);
  const documentSha256 = panel.current!.documentSha256;
  await requestSigningCode(client, caseId, agreementId);
  const code = await latestSigningCode(client.email);
  const signed = await signAsClient(
    client,
    caseId,
    { agreementId, documentSha256, consent: "on", earlyStart: options.earlyStart ?? false, password: client.password, code },
    options.origin ?? CLIENT_ORIGIN,
  );
  if (!signed.ok) throw new Error(`signature refusée : ${JSON.stringify(signed)}`);
  return documentSha256;
}

/** Runs the queued jobs as a worker with the seal handler only would (any other queued job fails: fine where a test reads e-mails from the queue). */
export async function drainSealJobs(): Promise<void> {
  await createJobWorker({ database: db(), handlers: { [SEAL_AGREEMENT_JOB]: createSealAgreementHandler() }, retryBaseSeconds: 0 }).drain();
}

/**
 * An agreement in force on a case assigned to `lawyer`, made through the modules as the people would: the proposal,
 * the client's signature with the e-mailed code, the countersignature with the lawyer's authenticator code, the seal
 * job's work. The client must be verified and the lawyer's bar given; a file storage must be in use.
 */
export async function seedActiveAgreement(world: {
  lawyer: UserActor;
  /** The manual key of the lawyer's authenticator app. */
  lawyerKey: string;
  client: UserActor & { password: string };
  caseId: string;
  terms?: Record<string, string>;
  earlyStart?: boolean;
  clientOrigin?: RequestOrigin;
  lawyerOrigin?: RequestOrigin;
}): Promise<{ agreementId: string; documentSha256: string }> {
  const agreementId = await proposeTerms(world.lawyer, world.caseId, world.terms);
  const documentSha256 = await signWithEmailedCode(world.client, world.caseId, agreementId, { earlyStart: world.earlyStart, origin: world.clientOrigin });
  const countersigned = await countersign(world.lawyer, world.caseId, { agreementId, documentSha256, code: await totpCode(world.lawyerKey) }, world.lawyerOrigin ?? CLIENT_ORIGIN);
  if (!countersigned.ok) throw new Error(`contre-signature refusée : ${JSON.stringify(countersigned)}`);
  // The seal job's work, run here; the queued job then finds nothing to do, and the other queued jobs (e-mails) are
  // left to whichever worker the test runs.
  const sealed = await sealCountersignedAgreement(db(), agreementId);
  if (sealed !== "sealed") throw new Error(`convention non scellée : ${sealed}`);
  return { agreementId, documentSha256 };
}
