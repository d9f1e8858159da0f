import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { createJobWorker, enqueueJob, type JobWorker } from "~/modules/jobs/jobs.server";
import {
  createEmailJobHandler,
  createMailTransport,
  EMAIL_JOB,
  enqueueEmail,
} from "~/modules/notifications/notifications.server";
import { MASKED_LINK } from "~/modules/notifications/email-rendering";
import { safetyNotice } from "~/content/site";
import { db } from "~/platform/runtime.server";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";
import { startTestRuntime, testEngines } from "../support/test-database";

describe.each(testEngines())("job queue and email delivery on %s", (engine) => {
  let stop: () => Promise<void>;
  let smtp: SmtpSink;
  const workers: JobWorker[] = [];

  function worker(options: { leaseSeconds?: number; smtpUrl?: string; retryBaseSeconds?: number } = {}) {
    const transport = createMailTransport({ SMTP_URL: options.smtpUrl ?? smtp.url, MAIL_FROM: "Recours <test@recours.test>" });
    const created = createJobWorker({
      database: db(),
      handlers: { [EMAIL_JOB]: createEmailJobHandler(transport) },
      retryBaseSeconds: options.retryBaseSeconds ?? 0,
      leaseSeconds: options.leaseSeconds ?? 60,
    });
    workers.push(created);
    return created;
  }

  beforeAll(async () => {
    ({ stop } = await startTestRuntime(engine));
    smtp = await startSmtpSink();
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((w) => w.stop()));
    smtp.received.length = 0;
    smtp.refuseNext(0);
  });
  afterAll(async () => {
    await smtp.close();
    await stop();
  });

  const email = (to: string, variables: Record<string, string> = {}) => ({
    to,
    template: "confirmation-email" as const,
    variables: { prenom: "Lucie", lien: "https://recours.test/verifier-email?token=secret-token-123", ...variables },
    secret: ["lien"],
  });

  it("a job enqueued in a rolled-back transaction never exists", async () => {
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await enqueueEmail(trx, email("rollback@exemple.fr"));
          throw new Error("annulé");
        }),
    ).rejects.toThrow("annulé");
    const count = await db().selectFrom("jobs").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it("delivers through SMTP with an HTML and a text part, the product name and the safety box; logs it as sent", async () => {
    const id = await enqueueEmail(db(), email("lucie@exemple.fr", { prenom: "<script>alert(1)</script>" }));
    expect(await worker().drain()).toBe(1);
    const mail = await smtp.waitFor((m) => m.to.includes("lucie@exemple.fr"));
    expect(mail.subject).toBe("Confirmez votre adresse email");
    expect(mail.html).toContain("Recours");
    expect(mail.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain('href="https://recours.test/verifier-email?token=secret-token-123"');
    expect(mail.text).toContain("https://recours.test/verifier-email?token=secret-token-123");
    expect(mail.text).toContain(safetyNotice);
    expect(mail.html).toContain("Recours ne vous demandera jamais par téléphone, SMS ou e-mail");
    expect(mail.messageId).toContain(`job-${id}@`);

    const log = await db().selectFrom("email_logs").selectAll().where("job_id", "=", id).executeTakeFirstOrThrow();
    expect(log).toMatchObject({ recipient_email: "lucie@exemple.fr", status: "sent", transport: "smtp" });
    expect(log.sent_at).toBeInstanceOf(Date);
    // The personal link is not kept: neither in the log nor, once sent, in the job.
    expect(log.body).toContain(MASKED_LINK);
    expect(log.body).not.toContain("secret-token-123");
    const job = await db().selectFrom("jobs").select(["status", "payload"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(job.status).toBe("done");
    expect(JSON.stringify(job.payload)).not.toContain("secret-token-123");
  });

  it("a job that fails twice then succeeds sends exactly one mail", async () => {
    smtp.refuseNext(2);
    const id = await enqueueEmail(db(), email("retry@exemple.fr"));
    const w = worker();
    for (let i = 0; i < 3; i += 1) {
      await db().updateTable("jobs").set({ run_at: new Date(0) }).where("id", "=", id).execute();
      await w.drain();
    }
    await w.drain();
    expect(smtp.received.filter((m) => m.to.includes("retry@exemple.fr"))).toHaveLength(1);
    const job = await db().selectFrom("jobs").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: "done", attempts: 3 });
    const logs = await db().selectFrom("email_logs").selectAll().where("job_id", "=", id).execute();
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ status: "sent", attempts: 3, error: null });
  });

  it("SMTP down: the failure is kept in email_logs and on the job, which is retried later, then failed for good", async () => {
    const id = await enqueueJob(db(), {
      kind: EMAIL_JOB,
      payload: email("panne@exemple.fr"),
      maxAttempts: 2,
    });
    const w = worker({ smtpUrl: "smtp://127.0.0.1:9", retryBaseSeconds: 60 });
    await w.drain();
    let job = await db().selectFrom("jobs").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(job.status).toBe("queued");
    expect(job.last_error).toBeTruthy();
    expect(job.run_at.getTime()).toBeGreaterThan(Date.now() + 30_000);
    const log = await db().selectFrom("email_logs").selectAll().where("job_id", "=", id).executeTakeFirstOrThrow();
    expect(log.status).toBe("failed");
    expect(log.error).toBeTruthy();

    await db().updateTable("jobs").set({ run_at: new Date(0) }).where("id", "=", id).execute();
    await w.drain();
    job = await db().selectFrom("jobs").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: "failed", attempts: 2 });
    expect(job.finished_at).toBeInstanceOf(Date);
  });

  it("a worker that died mid-job: the job runs again after its lease, once", async () => {
    const id = await enqueueEmail(db(), email("reprise@exemple.fr"));
    // What a worker killed after claiming leaves behind: a running job whose lease will run out.
    await sql`UPDATE jobs SET status = 'running', attempts = 1, locked_by = 'worker-mort',
      locked_until = now() - interval '1 second' WHERE id = ${id}`.execute(db());
    expect(await worker().drain()).toBe(1);
    expect(smtp.received.filter((m) => m.to.includes("reprise@exemple.fr"))).toHaveLength(1);
    const job = await db().selectFrom("jobs").select(["status", "attempts"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(job).toEqual({ status: "done", attempts: 2 });
  });

  it("a re-run of a job whose mail already left sends nothing", async () => {
    const id = await enqueueEmail(db(), email("une-fois@exemple.fr"));
    await worker().drain();
    await db().updateTable("jobs").set({ status: "queued", run_at: new Date(0) }).where("id", "=", id).execute();
    await worker().drain();
    expect(smtp.received.filter((m) => m.to.includes("une-fois@exemple.fr"))).toHaveLength(1);
  });

  it("two workers draining at once never take the same job", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 30; i += 1) ids.push(await enqueueEmail(db(), email(`lot-${i}@exemple.fr`)));
    const [a, b] = [worker(), worker()];
    const [ranA, ranB] = await Promise.all([a.drain(), b.drain()]);
    expect(ranA + ranB).toBe(30);
    const addresses = smtp.received.flatMap((m) => m.to).filter((to) => to.startsWith("lot-"));
    expect(addresses).toHaveLength(30);
    expect(new Set(addresses).size).toBe(30);
  });

  it("an unknown kind or a malformed payload fails at once, with its error kept", async () => {
    const unknown = await enqueueJob(db(), { kind: "inconnu", payload: {} });
    const malformed = await enqueueJob(db(), { kind: EMAIL_JOB, payload: { to: "pas-un-email" } });
    await worker().drain();
    const jobs = await db().selectFrom("jobs").select(["id", "status", "last_error"]).where("id", "in", [unknown, malformed]).execute();
    for (const job of jobs) {
      expect(job.status).toBe("failed");
      expect(job.last_error).toBeTruthy();
    }
  });

  it("the seeded templates exist in French for every email the platform sends", async () => {
    const keys = (await db().selectFrom("email_templates").select("key").where("key", "is not", null).execute()).map((t) => t.key);
    expect(keys.sort()).toEqual(
      [
        "action-sur-compte",
        "adresse-deja-utilisee",
        "avoir-emis",
        "adresse-email-modifiee",
        "compte-inactif",
        "confirmation-email",
        "convention-code",
        "convention-en-vigueur",
        "convention-proposee",
        "convention-retractee",
        "convention-signee-client",
        "confirmation-nouvelle-adresse",
        "document-rejete",
        "document-demande",
        "document-fourni",
        "document-indisponible",
        "document-echeance-proche",
        "dossier-assigne",
        "dossier-confie-avocat",
        "dossier-sans-avocat",
        "dossier-soumis",
        "dossier-statut",
        "echeance-banque",
        "export-donnees-pret",
        "facture-emise",
        "identite-verifiee",
        "nouveau-message",
        "reinitialisation-mot-de-passe",
        "suppression-compte-demandee",
        "somme-recuperee",
        "somme-recuperee-contre-passee",
        "frais-a-approuver",
        "suppression-compte-dossier-en-cours",
        "suppression-compte-effectuee",
        "tentative-inscription",
      ].sort(),
    );
  });
});
