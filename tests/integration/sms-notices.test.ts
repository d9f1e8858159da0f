/**
 * Issue 32, part 4 (decision 0087): notices by SMS through a provider, against a local fake provider (a real HTTP
 * server), on each engine. With a provider and without one.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { chooseSmsNotices, accountOverviewFor } from "~/modules/accounts/account-settings.server";
import { createJobWorker, type JobWorker } from "~/modules/jobs/jobs.server";
import { EMAIL_JOB, enqueueEmail, enqueueEmailToPeople, enqueueManualEmail, type EmailTemplateKey } from "~/modules/notifications/notifications.server";
import { createSmsJobHandler, maskedNumber, SMS_JOB } from "~/modules/notifications/sms-channel.server";
import { createSmsProvider } from "~/modules/notifications/sms-provider.server";
import { smsTextFor } from "~/modules/notifications/sms-texts";
import { deleteAccountIn } from "~/modules/privacy/account-deletion.server";
import { collectExportContents } from "~/modules/privacy/export-contents.server";
import { NotFoundError } from "~/platform/actor";
import { db, runtime } from "~/platform/runtime.server";
import { seedAccount } from "../support/accounts";
import { actorFor, insertSubmittedCase, seedActor } from "../support/cases";
import { changeCaseStatusByLawyer } from "~/modules/cases/lawyer-cases.server";
import { statusChangeSchema } from "~/modules/cases/lawyer-cases.schema";
import { startFakeSmsProvider, type FakeSmsProvider } from "../support/sms-provider";
import { startTestRuntime, testEngines } from "../support/test-database";

const MOBILE = "+33612345678";

async function seedClient(name: string, phoneMobile: string | null = MOBILE) {
  const account = await seedAccount("user", { firstName: name, lastName: `Nom${name}`, ...(phoneMobile ? { phoneMobile } : {}) });
  if (!phoneMobile) await db().updateTable("profiles").set({ phone_mobile: null }).where("id", "=", account.userId).execute();
  return { ...account, actor: actorFor("user", account.userId, account.email, name, `Nom${name}`) };
}

/** A case notice as its use case queues it: an e-mail with a case number, a name and a link. */
function caseNotice(to: string, template: EmailTemplateKey = "dossier-statut") {
  return {
    to,
    template,
    variables: { prenom: "Odile", numero_dossier: "REC-2026-000123", avocat: "Maître Escroc", statut: "En cours", montant: "12 500 €", lien: "https://recours.test/case/abc?token=secret" },
  };
}

async function smsJobs(userId?: string) {
  const rows = await db().selectFrom("jobs").select(["id", "payload", "status", "attempts", "last_error"]).where("kind", "=", SMS_JOB).orderBy("id").execute();
  return rows
    .map((row) => ({ ...row, payload: (typeof row.payload === "string" ? JSON.parse(row.payload) : row.payload) as Record<string, unknown> }))
    .filter((row) => userId === undefined || row.payload.userId === userId);
}

/** A person who opted in, and the SMS job queued with a case notice to them. */
async function optedInWithNotice(name: string) {
  const person = await seedClient(name);
  await chooseSmsNotices(person.actor, true);
  await enqueueEmail(db(), caseNotice(person.email));
  const [job] = await smsJobs(person.userId);
  return { person, job: job! };
}

describe.each(testEngines())("notices by SMS with a provider, %s", (engine) => {
  let stop: () => Promise<void>;
  let provider: FakeSmsProvider;
  const workers: JobWorker[] = [];

  function worker(options: { timeoutMs?: number } = {}) {
    const created = createJobWorker({
      database: db(),
      handlers: { [SMS_JOB]: createSmsJobHandler(createSmsProvider(runtime().env, options)), [EMAIL_JOB]: async () => {} },
      // A retry waits: runQueue makes it due, so each drain is one attempt.
      retryBaseSeconds: 60,
    });
    workers.push(created);
    return created;
  }

  /** Runs the queue until nothing is due, making retries due at once. */
  async function runQueue(w: JobWorker, rounds = 4) {
    for (let round = 0; round < rounds; round += 1) {
      await db().updateTable("jobs").set({ run_at: new Date(0) }).where("status", "=", "queued").execute();
      await w.drain();
    }
  }

  beforeAll(async () => {
    provider = await startFakeSmsProvider();
    ({ stop } = await startTestRuntime(engine, { SMS_PROVIDER_URL: provider.url, SMS_PROVIDER_TOKEN: provider.token }));
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((w) => w.stop()));
    await db().deleteFrom("jobs").execute();
    provider.reset();
  });
  afterAll(async () => {
    await stop();
    await provider.close();
  });

  it("an opted-in person gets one SMS for an allowed event, in the e-mail's transaction: fixed text, no content, masked in the log", async () => {
    const odile = await seedClient("Odile");
    expect(await chooseSmsNotices(odile.actor, true)).toEqual({ ok: true });

    // Rolled back with the e-mail: nothing.
    await expect(
      db().transaction().execute(async (trx) => {
        await enqueueEmail(trx, caseNotice(odile.email.toUpperCase()));
        throw new Error("annulé");
      }),
    ).rejects.toThrow("annulé");
    expect(await smsJobs()).toEqual([]);

    // The address as written elsewhere (case differs): found all the same.
    await db().transaction().execute((trx) => enqueueEmail(trx, caseNotice(odile.email.toUpperCase())));
    const job = (await smsJobs())[0]!;
    expect(job.payload).toEqual({ userId: odile.userId, template: "dossier-statut" });
    expect(JSON.stringify(job.payload)).not.toContain("612345678");

    await runQueue(worker());
    expect(provider.received).toHaveLength(1);
    const sms = provider.received[0]!;
    expect(sms.authorization).toBe(`Bearer ${provider.token}`);
    expect(sms.contentType).toBe("application/json");
    expect(sms.body).toEqual({ to: MOBILE, text: smsTextFor("dossier-statut"), id: `recours-sms-${job.id}`, from: "Recours" });
    const text = String(sms.body.text);
    expect(text).toBe(
      "Recours : du nouveau dans votre dossier. Connectez-vous à votre espace pour le consulter. Recours ne vous demandera jamais de code ni de paiement par SMS.",
    );
    for (const leaked of ["REC-2026", "Escroc", "Odile", "12 500", "€", "http", "token", "En cours"]) expect(text).not.toContain(leaked);

    const log = await db().selectFrom("sms_logs").selectAll().where("job_id", "=", job.id).executeTakeFirstOrThrow();
    expect(log).toMatchObject({ user_id: odile.userId, template_key: "dossier-statut", status: "sent", attempts: 1, error: null, recipient_masked: "+33•••••••78" });
    expect(log.sent_at).toBeInstanceOf(Date);
    expect(JSON.stringify(log)).not.toContain("612345678");
  });

  it("a real event: the lawyer moves the case, the client who opted in gets the e-mail and one SMS without the case's details", async () => {
    const client = await seedClient("Cliente");
    await chooseSmsNotices(client.actor, true);
    const lawyer = await seedActor("lawyer", "Avocate");
    const created = await insertSubmittedCase(client.userId);
    await db().updateTable("cases").set({ status: "assigned", assigned_lawyer_id: lawyer.userId, assigned_at: new Date() }).where("id", "=", created.id).execute();
    const urgency = "Rappel de fonds à demander aujourd'hui à la banque.";
    expect(await changeCaseStatusByLawyer(lawyer, statusChangeSchema.parse({ caseId: created.id, status: "in_progress", urgency }))).toMatchObject({ ok: true });
    expect((await smsJobs(client.userId)).map((job) => job.payload)).toEqual([{ userId: client.userId, template: "dossier-statut" }]);
    // The lawyer did not opt in: nothing for them.
    expect(await smsJobs(lawyer.userId)).toEqual([]);
    await runQueue(worker());
    expect(provider.deliveredTo(MOBILE)).toHaveLength(1);
    const text = String(provider.received[0]!.body.text);
    expect(text).toBe(smsTextFor("dossier-statut"));
    for (const leaked of [created.caseNumber, "Avocate", "Rappel de fonds", "Cliente"]) expect(text).not.toContain(leaked);
  });

  it("enqueueEmailToPeople passes the profile id through; a Belgian mobile goes in E.164", async () => {
    const belgian = await seedClient("Bart", "+32470123456");
    await chooseSmsNotices(belgian.actor, true);
    await db().transaction().execute((trx) =>
      enqueueEmailToPeople(trx, [belgian.userId], { template: "nouveau-message", variables: ({ firstName }) => ({ prenom: firstName, lien: "https://recours.test" }) }),
    );
    expect((await smsJobs(belgian.userId)).map((job) => job.payload)).toEqual([{ userId: belgian.userId, template: "nouveau-message" }]);
    await runQueue(worker());
    expect(provider.deliveredTo("+32470123456")).toHaveLength(1);
    expect(provider.received[0]!.body.text).toBe(smsTextFor("nouveau-message"));
  });

  it("not opted in, opted out, or opted out after the job was queued: no SMS", async () => {
    const never = await seedClient("Jamais");
    const left = await seedClient("Parti");
    await chooseSmsNotices(left.actor, true);
    await chooseSmsNotices(left.actor, false);
    await enqueueEmail(db(), caseNotice(never.email));
    await enqueueEmail(db(), caseNotice(left.email));
    expect(await smsJobs()).toEqual([]);

    const late = await seedClient("Tardif");
    await chooseSmsNotices(late.actor, true);
    await enqueueEmail(db(), caseNotice(late.email));
    expect(await smsJobs(late.userId)).toHaveLength(1);
    await chooseSmsNotices(late.actor, false);
    await runQueue(worker());
    expect(provider.received).toEqual([]);
    expect((await smsJobs(late.userId))[0]!.status).toBe("done");
    expect(await db().selectFrom("sms_logs").select("id").where("user_id", "=", late.userId).execute()).toEqual([]);
  });

  it("events off the SMS list send none: links with a token, codes, account notices, manual e-mails, templates added later", async () => {
    const odile = await seedClient("Prudence");
    await chooseSmsNotices(odile.actor, true);
    for (const template of [
      "confirmation-email",
      "confirmation-nouvelle-adresse",
      "reinitialisation-mot-de-passe",
      "export-donnees-pret",
      "convention-code",
      "tentative-inscription",
      "action-sur-compte",
      "suppression-compte-effectuee",
    ] as const) {
      expect(smsTextFor(template), template).toBeNull();
      await enqueueEmail(db(), caseNotice(odile.email, template));
    }
    await enqueueEmail(db(), caseNotice(odile.email, "un-modele-ajoute-plus-tard" as EmailTemplateKey));
    await enqueueManualEmail(db(), { to: odile.email, subject: "Bonjour", body: "Un e-mail de l'équipe", sentBy: odile.userId });
    expect(await smsJobs()).toEqual([]);
    // The text of an inherited key of Object.prototype is no text either.
    expect(smsTextFor("constructor")).toBeNull();
  });

  it("provider 500 then 200: retried with the queue's backoff, delivered once; a re-run of the job sends nothing more", async () => {
    const { person: odile, job } = await optedInWithNotice("Relance");
    provider.answerNext(500);
    const w = worker();
    await w.drain();
    let row = (await smsJobs(odile.userId))[0]!;
    expect(row).toMatchObject({ status: "queued", attempts: 1 });
    expect(row.last_error).toContain("HTTP 500");
    expect(await db().selectFrom("sms_logs").select(["status", "error"]).where("job_id", "=", job.id).executeTakeFirstOrThrow()).toEqual({
      status: "failed",
      error: "fournisseur de SMS en erreur (HTTP 500)",
    });

    await runQueue(w);
    expect(provider.received.map((sms) => sms.answered)).toEqual([500, 200]);
    expect(provider.deliveredTo(MOBILE)).toHaveLength(1);
    row = (await smsJobs(odile.userId))[0]!;
    expect(row).toMatchObject({ status: "done", attempts: 2 });
    expect(await db().selectFrom("sms_logs").select(["status", "attempts", "error"]).where("job_id", "=", job.id).execute()).toEqual([
      { status: "sent", attempts: 2, error: null },
    ]);

    // The worker died after sending and before marking the job done: the job runs again, the log stops it.
    await db().updateTable("jobs").set({ status: "queued", run_at: new Date(0) }).where("id", "=", job.id).execute();
    await runQueue(w);
    expect(provider.received).toHaveLength(2);
  });

  it("a provider that does not answer in time is retried, with the same id so that it can recognise the repeat", async () => {
    const { person: odile } = await optedInWithNotice("Patience");
    provider.hangNext(1500);
    const w = worker({ timeoutMs: 300 });
    await w.drain();
    const row = (await smsJobs(odile.userId))[0]!;
    expect(row.status).toBe("queued");
    expect(row.last_error).toBe("fournisseur de SMS pas de réponse en 300 ms");
    await runQueue(w);
    expect((await smsJobs(odile.userId))[0]!.status).toBe("done");
    // The first request may have reached the phone all the same: the provider sees the same id twice.
    expect(provider.received).toHaveLength(2);
    expect(new Set(provider.received.map((sms) => sms.body.id)).size).toBe(1);
    expect((await db().selectFrom("sms_logs").select(["status", "attempts"]).where("user_id", "=", odile.userId).executeTakeFirstOrThrow())).toEqual({ status: "sent", attempts: 2 });
  });

  it("a 4xx is a refusal: the job fails for good at once, the failure is recorded without the number", async () => {
    const { person: odile, job } = await optedInWithNotice("Refus");
    provider.answerNext(400);
    await runQueue(worker());
    expect(provider.received).toHaveLength(1);
    const row = (await smsJobs(odile.userId))[0]!;
    expect(row).toMatchObject({ status: "failed", attempts: 1 });
    const log = await db().selectFrom("sms_logs").selectAll().where("job_id", "=", job.id).executeTakeFirstOrThrow();
    expect(log).toMatchObject({ status: "failed", error: "le fournisseur de SMS a refusé le message (HTTP 400)", sent_at: null, recipient_masked: maskedNumber(MOBILE) });
    expect(`${log.error} ${row.last_error}`).not.toContain("612345678");
  });

  it("the account page: the option with the number used, opting in needs a mobile number, opting out is one step", async () => {
    const odile = await seedClient("Compte");
    expect((await accountOverviewFor(odile.actor)).smsNotices).toEqual({ optedInSince: null, mobile: "+33 6 12 34 56 78" });
    await chooseSmsNotices(odile.actor, true);
    const first = (await accountOverviewFor(odile.actor)).smsNotices!;
    expect(first.optedInSince?.iso).toBeTruthy();
    // Opting in again keeps the date; opting out and in again starts a new period.
    await chooseSmsNotices(odile.actor, true);
    const row = await db().selectFrom("sms_notice_preferences").selectAll().where("user_id", "=", odile.userId).executeTakeFirstOrThrow();
    expect(row.opted_in_at.toISOString()).toBe(first.optedInSince!.iso);
    await chooseSmsNotices(odile.actor, false);
    expect((await accountOverviewFor(odile.actor)).smsNotices).toEqual({ optedInSince: null, mobile: "+33 6 12 34 56 78" });
    expect((await db().selectFrom("sms_notice_preferences").select("opted_out_at").where("user_id", "=", odile.userId).executeTakeFirstOrThrow()).opted_out_at).toBeInstanceOf(Date);

    const noPhone = await seedClient("Sansnumero", null);
    expect((await accountOverviewFor(noPhone.actor)).smsNotices).toEqual({ optedInSince: null, mobile: null });
    expect(await chooseSmsNotices(noPhone.actor, true)).toEqual({ ok: false, reason: "no-mobile" });
    expect(await db().selectFrom("sms_notice_preferences").select("user_id").where("user_id", "=", noPhone.userId).execute()).toEqual([]);
  });

  it("the data export holds the choice and the SMS sent; deleting the account removes the choice and what was queued", async () => {
    const odile = await seedClient("Export");
    await chooseSmsNotices(odile.actor, true);
    await enqueueEmail(db(), caseNotice(odile.email));
    await runQueue(worker());
    await enqueueEmail(db(), caseNotice(odile.email, "somme-recuperee"));

    const exported = (await collectExportContents(db(), odile.userId)).data as { sms_notices: Record<string, unknown> };
    expect(exported.sms_notices).toMatchObject({
      opted_in: true,
      opted_out_at: null,
      sms_sent_to_you: [{ event: "dossier-statut", to: "+33•••••••78", status: "sent" }],
    });
    expect(exported.sms_notices.opted_in_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    await db().transaction().execute((trx) => deleteAccountIn(trx, odile.userId, { now: new Date(), origin: "person" }));
    expect(await db().selectFrom("sms_notice_preferences").select("user_id").where("user_id", "=", odile.userId).execute()).toEqual([]);
    expect((await smsJobs(odile.userId)).filter((job) => job.status === "queued")).toEqual([]);
    expect(await db().selectFrom("sms_logs").select("recipient_masked").where("user_id", "=", odile.userId).execute()).toEqual([{ recipient_masked: "" }]);
  });
});

describe.each(testEngines())("notices by SMS without a provider, %s", (engine) => {
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ stop } = await startTestRuntime(engine));
  });
  afterAll(async () => {
    await stop();
  });

  it("no option on the account page, opting in is not found, and nothing is queued even for a person who opted in before", async () => {
    const odile = await seedClient("Sansfournisseur");
    expect((await accountOverviewFor(odile.actor)).smsNotices).toBeNull();
    await expect(chooseSmsNotices(odile.actor, true)).rejects.toBeInstanceOf(NotFoundError);
    // Opted in while a provider was configured, then the operator removed it.
    await db().insertInto("sms_notice_preferences").values({ user_id: odile.userId }).execute();
    await enqueueEmail(db(), caseNotice(odile.email));
    expect(await smsJobs()).toEqual([]);
    const emails = await sql<{ n: number }>`SELECT count(*)::int AS n FROM jobs WHERE kind = ${EMAIL_JOB}`.execute(db());
    expect(emails.rows[0]!.n).toBe(1);
  });

  it("a job queued before the provider was removed completes without sending", async () => {
    const odile = await seedClient("Retire");
    await db().insertInto("sms_notice_preferences").values({ user_id: odile.userId }).execute();
    const id = (await db().insertInto("jobs").values({ kind: SMS_JOB, payload: JSON.stringify({ userId: odile.userId, template: "dossier-statut" }) }).returning("id").executeTakeFirstOrThrow()).id;
    const w = createJobWorker({ database: db(), handlers: { [SMS_JOB]: createSmsJobHandler(createSmsProvider(runtime().env)) } });
    await w.drain();
    await w.stop();
    expect((await db().selectFrom("jobs").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status).toBe("done");
    expect(await db().selectFrom("sms_logs").select("id").execute()).toEqual([]);
  });
});
