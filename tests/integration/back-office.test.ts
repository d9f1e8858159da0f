/**
 * The back-office use cases (issue 14) on each engine: users, roles, lawyers, manual emails through SMTP, templates
 * and the journal — every bad input of the issue, and the must-shows at module level.
 */
import { sql, type Kysely } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { anonymousActor, resolveActor, signIn } from "~/modules/accounts/accounts.server";
import { endAllSessionsOf, sendPasswordResetLink } from "~/modules/accounts/accounts.server";
import { ACTION_LABELS, journalQuerySchema } from "~/modules/audit/audit.schema";
import { listJournal, recordPersonalDataRead, recordStaffAction } from "~/modules/audit/audit.server";
import {
  backOfficeMessages,
  lawyerActionSchema,
  MANUAL_EMAIL_MAX_RECIPIENTS,
  manualEmailSchema,
  templateSchema,
  userActionSchema,
  userListQuerySchema,
} from "~/modules/back-office/back-office.schema";
import { EMAIL_EXCERPT_LENGTH, emailHistory, emailMessage, excerptOf, retryEmail, sendManualEmail } from "~/modules/back-office/emails.server";
import { listLawyers, setBarDetails, setLawyerLevel } from "~/modules/back-office/lawyers.server";
import { createTemplate, deleteTemplate, listTemplates, updateTemplate } from "~/modules/back-office/templates.server";
import { changeRole, listUsers, userDetail } from "~/modules/back-office/users.server";
import { createJobWorker, type JobWorker } from "~/modules/jobs/jobs.server";
import { createEmailJobHandler, createMailTransport, EMAIL_JOB } from "~/modules/notifications/notifications.server";
import { renderEmail } from "~/modules/notifications/email-rendering";
import { ForbiddenError, mustEnrolSecondFactor, NotFoundError, type UserActor } from "~/platform/actor";
import type { Database } from "~/platform/database-schema";
import { openDatabase } from "~/platform/database.server";
import { migrateToLatest, readMigrationFiles } from "~/platform/migrate.server";
import { db } from "~/platform/runtime.server";
import { authRequest, cookieHeaderFrom, seedAccount } from "../support/accounts";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";
import { freshDatabaseTarget, startTestRuntime, testEngines } from "../support/test-database";

function actorFor(account: { userId: string; email: string }, role: UserActor["role"], names = { firstName: "Agnès", lastName: "Martin" }): UserActor {
  return { kind: "user", userId: account.userId, sessionId: "session-de-test", email: account.email, role, ...names, clientAddress: "203.0.113.7", secondFactor: "verified" };
}

/** Many profiles at once, straight into the tables (no password hashing): for pages and counts. */
async function insertPeople(count: number, prefix: string, role: "user" | "lawyer" = "user", extra: { assigned_lawyer_id?: string } = {}) {
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const id = `${prefix}-${index}`;
    const email = `${prefix}.${index}@back-office.example`;
    await db().insertInto("user").values({ id, name: id, email, emailVerified: true, image: null, createdAt: new Date(), updatedAt: new Date(), twoFactorEnabled: false }).execute();
    await db()
      .insertInto("profiles")
      .values({ id, email, first_name: `Prénom${index}`, last_name: `${prefix}${index}`, role, phone_mobile: "+33612345678", country: "france", updated_at: new Date(), ...extra })
      .execute();
    ids.push(id);
  }
  return ids;
}

describe.each(testEngines())("back-office on %s", (engine) => {
  let stop: () => Promise<void>;
  let admin: UserActor;
  let lawyerActor: UserActor;
  let smtp: SmtpSink;
  const workers: JobWorker[] = [];

  function deliver() {
    const transport = createMailTransport({ SMTP_URL: smtp.url, MAIL_FROM: "Recours <test@recours.test>" });
    const worker = createJobWorker({ database: db(), handlers: { [EMAIL_JOB]: createEmailJobHandler(transport) }, retryBaseSeconds: 0 });
    workers.push(worker);
    return worker.drain();
  }

  beforeAll(async () => {
    ({ stop } = await startTestRuntime(engine));
    smtp = await startSmtpSink();
    admin = actorFor(await seedAccount("admin", { firstName: "Agnès", lastName: "Martin" }), "admin");
    lawyerActor = actorFor(await seedAccount("lawyer", { firstName: "Laure", lastName: "Avocate" }), "lawyer");
  }, 120_000);
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.stop()));
  });
  afterAll(async () => {
    await smtp.close();
    await stop();
  });

  describe("users and roles", () => {
    it("must show: an admin makes a user a lawyer — the open session ends, the next sign-in must enrol a second factor, the journal has before and after", async () => {
      const person = await seedAccount("user", { firstName: "Léa", lastName: "Promue" });
      const first = await signIn(anonymousActor(authRequest()), { email: person.email, password: person.password }, authRequest());
      expect(first.ok).toBe(true);
      const cookie = cookieHeaderFrom(first.ok ? first.headers.getSetCookie() : []);
      expect((await resolveActor(authRequest("/dashboard", { cookie }))).kind).toBe("user");

      const result = await changeRole(admin, { userId: person.userId, role: "lawyer" });
      expect(result).toEqual({ ok: true, sessionsEnded: 1, mustEnrolSecondFactor: true });
      // The open session is gone.
      expect((await resolveActor(authRequest("/dashboard", { cookie }))).kind).toBe("anonymous");
      // Signing in again: a lawyer's session without a second factor, good for enrolment only.
      const again = await signIn(anonymousActor(authRequest()), { email: person.email, password: person.password }, authRequest());
      expect(again.ok && again.next).toBe("enrol-second-factor");
      const next = await resolveActor(authRequest("/dashboard", { cookie: cookieHeaderFrom(again.ok ? again.headers.getSetCookie() : []) }));
      expect(next.kind === "user" && next.role).toBe("lawyer");
      expect(next.kind === "user" && mustEnrolSecondFactor(next)).toBe(true);

      const journal = await listJournal(admin, journalQuerySchema.parse({ action: "user.role-changed", target: "user", targetId: person.userId }));
      expect(journal.entries).toHaveLength(1);
      expect(journal.entries[0]).toMatchObject({
        actorId: admin.userId,
        actorEmail: admin.email,
        clientAddress: "203.0.113.7",
        before: { role: "user" },
        after: { role: "lawyer", sessionsEnded: 1, mustEnrolSecondFactor: true },
      });
      const profile = await db().selectFrom("profiles").select(["role", "lawyer_level"]).where("id", "=", person.userId).executeTakeFirstOrThrow();
      expect(profile).toEqual({ role: "lawyer", lawyer_level: "basic" });
    });

    it("refuses roles 'superadmin' and '__proto__' in the form, an unknown account, one's own role and the last admin", async () => {
      for (const role of ["superadmin", "__proto__", "constructor", ""]) {
        const parsed = userActionSchema.safeParse({ intent: "role", userId: "x", role });
        expect(parsed.success, role).toBe(false);
        expect(parsed.error?.issues[0]?.message).toBe(backOfficeMessages.roleUnknown);
      }
      await expect(changeRole(admin, { userId: "compte-inconnu", role: "lawyer" })).rejects.toBeInstanceOf(NotFoundError);
      expect(await changeRole(admin, { userId: admin.userId, role: "user" })).toEqual({ ok: false, status: 409, message: backOfficeMessages.roleOwn });

      // A second admin whose session outlived their own demotion cannot demote the last admin.
      const other = await seedAccount("admin", { firstName: "Bruno", lastName: "Second" });
      await db().updateTable("profiles").set({ role: "user" }).where("id", "=", other.userId).execute();
      const stale = actorFor(other, "admin");
      expect(await changeRole(stale, { userId: admin.userId, role: "user" })).toEqual({ ok: false, status: 409, message: backOfficeMessages.roleLastAdmin });
      const role = await db().selectFrom("profiles").select("role").where("id", "=", admin.userId).executeTakeFirstOrThrow();
      expect(role.role).toBe("admin");
      const journal = await listJournal(admin, journalQuerySchema.parse({ action: "user.role-changed", targetId: admin.userId }));
      expect(journal.entries).toHaveLength(0);
    });

    it("is for admins only: a lawyer is refused every use case", async () => {
      await expect(listUsers(lawyerActor, userListQuerySchema.parse({}))).rejects.toBeInstanceOf(ForbiddenError);
      await expect(changeRole(lawyerActor, { userId: admin.userId, role: "user" })).rejects.toBeInstanceOf(ForbiddenError);
      await expect(listLawyers(lawyerActor, { q: "" })).rejects.toBeInstanceOf(ForbiddenError);
      await expect(setLawyerLevel(lawyerActor, { lawyerId: lawyerActor.userId, level: "advanced" })).rejects.toBeInstanceOf(ForbiddenError);
      await expect(emailHistory(lawyerActor, "")).rejects.toBeInstanceOf(ForbiddenError);
      await expect(emailMessage(lawyerActor, "6f1c2a4e-8b7d-4c3a-9e21-0d5b7a3c9f10")).rejects.toBeInstanceOf(ForbiddenError);
      await expect(sendManualEmail(lawyerActor, { recipients: ["a@example.com"], subject: "x", body: "y" })).rejects.toBeInstanceOf(ForbiddenError);
      await expect(listTemplates(lawyerActor, "")).rejects.toBeInstanceOf(ForbiddenError);
      await expect(listJournal(lawyerActor, journalQuerySchema.parse({}))).rejects.toBeInstanceOf(ForbiddenError);
    });

    it("lists newest first, a keyset page at a time, filtered by role and verification, searched literally", async () => {
      const ids = await insertPeople(60, "liste");
      await db().updateTable("profiles").set({ identity_verified: true }).where("id", "=", "liste-3").execute();
      const all: string[] = [];
      let query = userListQuerySchema.parse({ q: "liste" });
      for (;;) {
        const page = await listUsers(admin, query);
        all.push(...page.users.map((user) => user.id));
        if (!page.next) break;
        query = userListQuerySchema.parse({ q: "liste", after: page.next });
      }
      expect(all).toHaveLength(60);
      expect(new Set(all)).toEqual(new Set(ids));
      // Newest first: the last inserted comes first.
      expect(all[0]).toBe("liste-59");

      const verified = await listUsers(admin, userListQuerySchema.parse({ q: "liste", verification: "verifies" }));
      expect(verified.users.map((user) => user.id)).toEqual(["liste-3"]);
      const lawyers = await listUsers(admin, userListQuerySchema.parse({ role: "lawyer" }));
      expect(lawyers.users.every((user) => user.role === "lawyer")).toBe(true);
      // Unknown filters fall back to none, never an error.
      expect(userListQuerySchema.parse({ role: "superadmin", verification: "__proto__", after: "x" })).toMatchObject({ role: undefined, verification: "tous", after: undefined });

      // A whole address (any case) is an exact lookup; one that is nobody's goes on to the contains search, as does
      // a part of one.
      const search = async (q: string, extra: Record<string, string> = {}) =>
        (await listUsers(admin, userListQuerySchema.parse({ q, ...extra }))).users.map((user) => user.id);
      expect(await search("LISTE.3@Back-Office.example")).toEqual(["liste-3"]);
      expect(await search("iste.3@back-office.example")).toEqual(["liste-3"]);
      expect(await search("liste.3@")).toEqual(["liste-3"]);
      expect(await search("liste.3@back-office.example", { role: "lawyer" })).toEqual([]);
      expect(await search("liste.3@back-office.example", { verification: "verifies" })).toEqual(["liste-3"]);
      expect(await search("personne@back-office.example")).toEqual([]);

      for (const term of ["%", "_", "'", "\\", "%_'\\"]) {
        const page = await listUsers(admin, userListQuerySchema.parse({ q: term }));
        expect(page.users, term).toEqual([]);
      }
      const nul = userListQuerySchema.safeParse({ q: "jean\u0000" });
      expect(nul.success).toBe(false);
      expect(nul.error?.issues[0]?.message).toMatch(/caractère non autorisé/);
    });

    it("a person's panel: profile, identity, cases; unknown is not found", async () => {
      const detail = await userDetail(admin, "liste-3");
      expect(detail).toMatchObject({ email: "liste.3@back-office.example", identityVerified: true, identity: { status: "verified" }, cases: [] });
      await expect(userDetail(admin, "inconnu")).rejects.toBeInstanceOf(NotFoundError);
    });

    it("the security actions write the journal as well as their old table", async () => {
      const person = await seedAccount("user");
      await sendPasswordResetLink(admin, person.userId);
      await endAllSessionsOf(admin, person.userId);
      const journal = await listJournal(admin, journalQuerySchema.parse({ target: "user", targetId: person.userId }));
      expect(journal.entries.map((entry) => entry.action)).toEqual(["user.sessions-ended", "user.reset-link-sent"]);
      const old = await db().selectFrom("account_security_actions").select("action").where("target_id", "=", person.userId).execute();
      expect(old).toHaveLength(2);
    });

    it("the journal names the actor and the person targeted (name, e-mail, id); a deleted account shows as deleted, with its id", async () => {
      const person = await seedAccount("user", { firstName: "Noémie", lastName: "Ciblée" });
      await sendPasswordResetLink(admin, person.userId);
      const named = await listJournal(admin, journalQuerySchema.parse({ target: "user", targetId: person.userId }));
      expect(named.entries[0]).toMatchObject({
        actor: { id: admin.userId, name: "Agnès Martin", email: admin.email },
        targetPerson: { id: person.userId, name: "Noémie Ciblée", email: person.email },
      });
      // A read of personal data names its subject; a target that is not a person names no one.
      await recordPersonalDataRead(db(), admin, { action: "case.viewed", subjectUserId: person.userId, targetType: "case", targetId: "dossier-du-journal" });
      await recordStaffAction(db(), admin, { action: "template.deleted", targetType: "template", targetId: "modele-du-journal" });
      const read = await listJournal(admin, journalQuerySchema.parse({ targetId: "dossier-du-journal" }));
      expect(read.entries[0]?.targetPerson).toEqual({ id: person.userId, name: "Noémie Ciblée", email: person.email });
      const template = await listJournal(admin, journalQuerySchema.parse({ targetId: "modele-du-journal" }));
      expect(template.entries[0]?.targetPerson).toBeNull();

      // A tombstone (migration 0078) and an account with no profile left: deleted, the id kept.
      await db().updateTable("profiles").set({ deleted_at: new Date() }).where("id", "=", person.userId).execute();
      await recordStaffAction(db(), admin, { action: "user.sessions-ended", targetType: "user", targetId: "compte-efface" });
      const deleted = await listJournal(admin, journalQuerySchema.parse({ target: "user", targetId: person.userId }));
      expect(deleted.entries[0]?.targetPerson).toEqual({ id: person.userId, name: null, email: null });
      const gone = await listJournal(admin, journalQuerySchema.parse({ target: "user", targetId: "compte-efface" }));
      expect(gone.entries[0]?.targetPerson).toEqual({ id: "compte-efface", name: null, email: null });
      expect(gone.entries[0]?.actor.name).toBe("Agnès Martin");
    });
  });

  describe("lawyers", () => {
    it("counts active cases (assigned, not closed) and clients in one list; level and bar are journalled", async () => {
      const [lawyerId] = await insertPeople(1, "maitre", "lawyer");
      const clients = await insertPeople(3, "client", "user", { assigned_lawyer_id: lawyerId! });
      for (const [index, status] of (["assigned", "in_progress", "closed", "resolved"] as const).entries()) {
        await db()
          .insertInto("cases")
          .values({ user_id: clients[index % 3]!, assigned_lawyer_id: lawyerId!, assigned_at: new Date(), status, scam_type: "phishing", submitted_at: new Date() })
          .execute();
      }
      const page = await listLawyers(admin, { q: "maitre" });
      expect(page.lawyers).toHaveLength(1);
      expect(page.lawyers[0]).toMatchObject({ id: lawyerId, activeCases: 3, clients: 3, level: null });

      await setLawyerLevel(admin, { lawyerId: lawyerId!, level: "advanced" });
      await setBarDetails(admin, { lawyerId: lawyerId!, barName: "Lyon", barNumber: "L-1234" });
      const after = await listLawyers(admin, { q: "maitre" });
      expect(after.lawyers[0]).toMatchObject({ level: "advanced", barName: "Lyon", barNumber: "L-1234" });
      const journal = await listJournal(admin, journalQuerySchema.parse({ targetId: lawyerId }));
      expect(journal.entries.map((entry) => [entry.action, entry.before, entry.after])).toEqual([
        ["lawyer.bar-changed", { barName: null, barNumber: null }, { barName: "Lyon", barNumber: "L-1234" }],
        ["lawyer.level-changed", { level: null }, { level: "advanced" }],
      ]);
      // Not a lawyer: not found. A level outside the list: refused by the form.
      await expect(setLawyerLevel(admin, { lawyerId: clients[0]!, level: "basic" })).rejects.toBeInstanceOf(NotFoundError);
      const bad = lawyerActionSchema.safeParse({ intent: "level", lawyerId: lawyerId, level: "expert" });
      expect(bad.error?.issues[0]?.message).toBe(backOfficeMessages.levelUnknown);
      const badBar = lawyerActionSchema.safeParse({ intent: "bar", lawyerId: lawyerId, barName: "Paris", barNumber: "<script>" });
      expect(badBar.error?.issues[0]?.message).toBe(backOfficeMessages.barNumber);
    });
  });

  describe("emails", () => {
    it("must show: a manual email to two addresses arrives twice through SMTP and shows in the history with the right statistics", async () => {
      const before = await emailHistory(admin, "");
      const input = manualEmailSchema.parse({ recipients: " un@exemple.fr , deux@exemple.fr ,, ", subject: "Point sur votre dossier", body: "Bonjour,\n\n<script>alert(1)</script> à bientôt." });
      expect(input.recipients).toEqual(["un@exemple.fr", "deux@exemple.fr"]);
      expect(await sendManualEmail(admin, input)).toEqual({ queued: 2 });
      await deliver();
      const received = smtp.received.filter((mail) => mail.subject === "Point sur votre dossier");
      expect(received.flatMap((mail) => mail.to).sort()).toEqual(["deux@exemple.fr", "un@exemple.fr"]);
      // The body is escaped in the HTML part, as typed in the text part.
      expect(received[0]!.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
      expect(received[0]!.html).not.toContain("<script>alert");
      expect(received[0]!.text).toContain("<script>alert(1)</script>");

      const history = await emailHistory(admin, "Point sur votre");
      expect(history.emails.map((email) => email.recipient).sort()).toEqual(["deux@exemple.fr", "un@exemple.fr"]);
      expect(history.emails.every((email) => email.status === "sent" && email.manual)).toBe(true);
      expect(history.totalLoaded).toBe(2);
      expect(history.sentToday).toBe(before.sentToday + 2);
      // A whole address (any case) finds that recipient alone; a part of one searches.
      expect((await emailHistory(admin, "UN@exemple.fr")).emails.map((email) => email.recipient)).toEqual(["un@exemple.fr"]);
      expect((await emailHistory(admin, "eux@exem")).emails.map((email) => email.recipient)).toEqual(["deux@exemple.fr"]);
      // A whole address nobody was sent to goes on to the contains search.
      expect((await emailHistory(admin, "EUX@exemple.fr")).emails.map((email) => email.recipient)).toEqual(["deux@exemple.fr"]);
      const journal = await listJournal(admin, journalQuerySchema.parse({ action: "email.sent" }));
      expect(journal.entries[0]?.after).toMatchObject({ recipients: ["un@exemple.fr", "deux@exemple.fr"], subject: "Point sur votre dossier" });
      for (const term of ["%", "_", "'", "\\"]) expect((await emailHistory(admin, term)).emails, term).toEqual([]);
    });

    it("lists each body's first words on one line, and gives the whole message on demand; an unknown one is not found", async () => {
      const long = `Bonjour,\n\n${"Votre dossier avance bien. ".repeat(40)}Fin du message.`;
      await sendManualEmail(admin, manualEmailSchema.parse({ recipients: "long@exemple.fr, court@exemple.fr", subject: "Message long", body: long }));
      await sendManualEmail(admin, manualEmailSchema.parse({ recipients: "court@exemple.fr", subject: "Message court", body: "Merci.\n  À bientôt." }));
      await deliver();
      const listed = (await emailHistory(admin, "Message long")).emails[0]!;
      expect(listed).not.toHaveProperty("body");
      expect(listed.excerpt).toMatch(/^Bonjour, Votre dossier avance bien\. .*\u2026$/);
      expect(listed.excerpt.length).toBeLessThanOrEqual(EMAIL_EXCERPT_LENGTH + 1);
      expect(listed.excerpt).not.toContain("Fin du message");
      // Its lines joined by single spaces (the logged body ends with the platform's security footer).
      expect((await emailHistory(admin, "Message court")).emails[0]!.excerpt).toMatch(/^Merci\. À bientôt\. -- Recours/);
      const whole = await emailMessage(admin, listed.id);
      expect(whole).toMatchObject({ id: listed.id, subject: "Message long", status: "sent", manual: true });
      expect(whole.body.startsWith(long)).toBe(true);
      expect(whole.recipient).toBe(listed.recipient);
      await expect(emailMessage(admin, "6f1c2a4e-8b7d-4c3a-9e21-0d5b7a3c9f10")).rejects.toBeInstanceOf(NotFoundError);
      await expect(emailMessage(admin, "pas-un-identifiant")).rejects.toBeInstanceOf(NotFoundError);
      // One word longer than the excerpt is cut inside it.
      expect(excerptOf("a".repeat(400))).toBe(`${"a".repeat(EMAIL_EXCERPT_LENGTH)}\u2026`);
    });

    it("refuses empty fields, names invalid addresses, caps the recipients, refuses unfilled variables and a huge body", () => {
      const first = (value: Record<string, string>) => manualEmailSchema.safeParse(value).error?.issues[0]?.message;
      expect(first({ recipients: "", subject: "x", body: "y" })).toBe("Veuillez remplir tous les champs");
      expect(first({ recipients: "a@exemple.fr", subject: "  ", body: "y" })).toBe("Veuillez remplir tous les champs");
      expect(first({ recipients: "a@exemple.fr, pas-une-adresse, b@@x", subject: "x", body: "y" })).toBe(
        "Ces adresses ne sont pas valides\u202f: pas-une-adresse, b@@x",
      );
      const many = Array.from({ length: 500 }, (_, index) => `p${index}@exemple.fr`).join(",");
      expect(first({ recipients: many, subject: "x", body: "y" })).toBe(backOfficeMessages.emailTooMany(MANUAL_EMAIL_MAX_RECIPIENTS));
      expect(first({ recipients: "a@exemple.fr", subject: "x", body: "Bonjour {{prenom}}" })).toBe(backOfficeMessages.emailPlaceholders(["prenom"]));
      expect(first({ recipients: "a@exemple.fr", subject: "x", body: "Bonjour {{prenom" })).toBe(backOfficeMessages.templateBraces);
      expect(first({ recipients: "a@exemple.fr", subject: "x", body: "a".repeat(10 * 1024 * 1024) })).toMatch(/ne peut pas dépasser/);
    });

    it("a failed email whose job gave up can be retried, once, and is journalled", async () => {
      const transport = createMailTransport({ SMTP_URL: "smtp://127.0.0.1:9", MAIL_FROM: "Recours <test@recours.test>" });
      await sendManualEmail(admin, manualEmailSchema.parse({ recipients: "echec@exemple.fr", subject: "Échec", body: "Texte" }));
      await db().updateTable("jobs").set({ max_attempts: 1 }).where("status", "=", "queued").execute();
      const failing = createJobWorker({ database: db(), handlers: { [EMAIL_JOB]: createEmailJobHandler(transport) }, retryBaseSeconds: 0 });
      workers.push(failing);
      await failing.drain();
      const failed = (await emailHistory(admin, "echec@")).emails[0]!;
      expect(failed).toMatchObject({ status: "failed", retriable: true });
      expect(failed.error).toBeTruthy();
      expect(await retryEmail(admin, failed.id)).toEqual({ ok: true });
      await deliver();
      expect(smtp.received.some((mail) => mail.to.includes("echec@exemple.fr"))).toBe(true);
      expect(await retryEmail(admin, (await emailHistory(admin, "echec@")).emails.find((email) => email.status === "sent")!.id)).toEqual({ ok: false, status: 409 });
      await expect(retryEmail(admin, "6f1c2a4e-8b7d-4c3a-9e21-0d5b7a3c9f10")).rejects.toBeInstanceOf(NotFoundError);
    });
  });

  describe("templates", () => {
    it("must show: a system template cannot be deleted (module and database); a custom one can", async () => {
      const system = (await listTemplates(admin, "Réinitialisation du mot de passe"))[0]!;
      expect(system.key).toBe("reinitialisation-mot-de-passe");
      expect(await deleteTemplate(admin, system.id)).toEqual({ ok: false, status: 409, message: backOfficeMessages.templateSystemDelete });
      await expect(db().deleteFrom("email_templates").where("id", "=", system.id).execute()).rejects.toThrow(/ne peut pas être supprimé/);

      const created = await createTemplate(admin, templateSchema.parse({ name: "Relance", subject: "Votre dossier {{numero}}", body: "Bonjour {{prenom}}", variables: " prenom, , numero ,prenom" }));
      expect(created.ok).toBe(true);
      const id = created.ok ? created.id : "";
      const listed = await listTemplates(admin, "relance");
      expect(listed[0]).toMatchObject({ name: "Relance", variables: ["prenom", "numero"], key: null });
      expect(await deleteTemplate(admin, id)).toEqual({ ok: true, name: "Relance" });
      expect(await listTemplates(admin, "relance")).toEqual([]);
      const journal = await listJournal(admin, journalQuerySchema.parse({ target: "template", targetId: id }));
      expect(journal.entries.map((entry) => entry.action)).toEqual(["template.deleted", "template.created"]);
    });

    it("a system template can be edited, but not to drop a variable the app needs", async () => {
      const system = (await listTemplates(admin, "Confirmation de l'adresse email"))[0]!;
      const dropLink = templateSchema.parse({ name: system.name, subject: system.subject, body: "Bonjour {{prenom}}", variables: "prenom" });
      expect(await updateTemplate(admin, system.id, dropLink)).toEqual({ ok: false, status: 400, fieldErrors: { variables: backOfficeMessages.templateRequired(["lien"]) } });
      const edited = templateSchema.parse({ name: system.name, subject: "Confirmez votre adresse", body: "Bonjour {{prenom}},\n\n{{lien}}", variables: "prenom, lien" });
      expect(await updateTemplate(admin, system.id, edited)).toEqual({ ok: true, id: system.id });
      const journal = await listJournal(admin, journalQuerySchema.parse({ action: "template.updated", targetId: system.id }));
      expect(journal.entries[0]).toMatchObject({ before: { subject: "Confirmez votre adresse email" }, after: { subject: "Confirmez votre adresse" } });
    });

    it("refuses unbalanced braces, undeclared variables, malformed variable names, a duplicate name; the preview escapes a <script> value", async () => {
      const first = (value: Record<string, string>) => templateSchema.safeParse(value).error?.issues[0]?.message;
      expect(first({ name: "A", subject: "x", body: "Bonjour {{prenom", variables: "prenom" })).toBe(backOfficeMessages.templateBraces);
      expect(first({ name: "A", subject: "x", body: "Bonjour prenom}}", variables: "prenom" })).toBe(backOfficeMessages.templateBraces);
      expect(first({ name: "A", subject: "x", body: "Bonjour {{nom}}", variables: "prenom" })).toBe(backOfficeMessages.templateUndeclared(["nom"]));
      expect(first({ name: "A", subject: "x", body: "y", variables: "__proto__, Prénom" })).toBe(backOfficeMessages.templateVariableFormat);
      expect(first({ name: "", subject: "", body: "", variables: "" })).toBe("Le nom est requis");
      expect(first({ name: "A", subject: "x", body: "a".repeat(10 * 1024 * 1024), variables: "" })).toMatch(/ne peut pas dépasser/);
      const duplicate = await createTemplate(admin, templateSchema.parse({ name: "Identité vérifiée", subject: "x", body: "y", variables: "" }));
      expect(duplicate).toEqual({ ok: false, status: 409, fieldErrors: { name: backOfficeMessages.templateNameTaken } });

      const preview = renderEmail({ subject: "Bonjour {{prenom}}", body: "Bonjour {{prenom}}" }, { prenom: "<script>alert(1)</script>" });
      expect(preview.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
      expect(preview.html).not.toContain("<script>");
    });
  });

  describe("journal", () => {
    it("must show: editing or deleting a journal row fails in the database itself", async () => {
      await expect(db().updateTable("staff_audit_log").set({ action: "user.role-changed" }).execute()).rejects.toThrow(/ajout seul/);
      await expect(db().deleteFrom("staff_audit_log").execute()).rejects.toThrow(/ajout seul/);
    });

    it("filters by actor, action and target, and pages by keyset without losing or repeating a row", async () => {
      await db().transaction().execute(async (trx) => {
        for (let index = 0; index < 120; index += 1) {
          await trx
            .insertInto("staff_audit_log")
            .values({ actor_id: "pages", actor_email: "pages@back-office.example", action: "allocation.saved", target_type: "allocation", target_id: "all", client_address: "", before: null, after: null })
            .execute();
        }
      });
      const seen: number[] = [];
      let query = journalQuerySchema.parse({ actor: "pages@back-office.example" });
      for (;;) {
        const page = await listJournal(admin, query);
        seen.push(...page.entries.map((entry) => entry.id));
        if (!page.next) break;
        query = journalQuerySchema.parse({ actor: "pages@back-office.example", after: page.next });
      }
      expect(seen).toHaveLength(120);
      expect(new Set(seen).size).toBe(120);
      expect((await listJournal(admin, journalQuerySchema.parse({ actor: "pages@back" }))).entries).toHaveLength(50);
      expect((await listJournal(admin, journalQuerySchema.parse({ action: "allocation.saved", target: "case" }))).entries).toEqual([]);
      // Bad filters are dropped, never a 500.
      expect(journalQuerySchema.parse({ actor: "a\u0000", action: "DROP TABLE", target: "__proto__", after: "'; --" })).toEqual({ actor: "", action: "", target: "", targetId: "", after: undefined });
      for (const term of ["%", "_", "'", "\\"]) await listJournal(admin, journalQuerySchema.parse({ actor: term }));
    });

    it("labels every action name in use across the app", () => {
      for (const name of [
        "user.role-changed", "lawyer.level-changed", "user.sessions-ended", "user.reset-link-sent", "user.second-factor-reset", "email.sent",
        "template.updated", "document.viewed", "document.approved", "document.rejected", "case.assigned", "case.reassigned", "case.status-changed", "allocation.saved",
      ]) {
        expect(ACTION_LABELS, name).toHaveProperty([name]);
      }
    });
  });
});

describe.each(testEngines())("migration 0040 on %s", (engine) => {
  it("moves account_security_actions and identity_review_audit rows into staff_audit_log, times kept", async () => {
    const fresh = await freshDatabaseTarget(engine);
    const handle = await openDatabase(fresh.target);
    try {
      const database = handle.db as Kysely<Database>;
      const files = readMigrationFiles();
      const index = files.findIndex((file) => file.name.startsWith("0040"));
      await migrateToLatest(database as Kysely<unknown>, files.slice(0, index));
      await sql`INSERT INTO "user" (id, name, email, "emailVerified", "createdAt", "updatedAt") VALUES ('adm', 'adm', 'adm@x.fr', true, now(), now())`.execute(database);
      await sql`INSERT INTO profiles (id, email, first_name, last_name, role) VALUES ('adm', 'adm@x.fr', 'A', 'B', 'admin')`.execute(database);
      await sql`INSERT INTO account_security_actions (actor_id, target_id, action, client_address, created_at)
        VALUES ('adm', 'cible', 'sessions-ended', '198.51.100.1', '2026-01-02T03:04:05Z')`.execute(database);
      await sql`INSERT INTO identity_review_audit (reviewer_id, reviewer_email, subject_user_id, step_number, document_type, document_ids, outcome, reason, created_at)
        VALUES ('adm', 'adm@x.fr', 'cible', 2, 'cni', ARRAY['6f1c2a4e-8b7d-4c3a-9e21-0d5b7a3c9f10']::uuid[], 'rejected', 'Photo floue', '2026-01-03T00:00:00Z')`.execute(database);
      await migrateToLatest(database as Kysely<unknown>, files);
      const rows = await sql<{ action: string; actor_email: string; target_type: string; target_id: string; client_address: string; after: Record<string, unknown>; created_at: Date }>`
        SELECT action, actor_email, target_type, target_id, client_address, after, created_at FROM staff_audit_log ORDER BY created_at`.execute(database);
      expect(rows.rows).toMatchObject([
        { action: "user.sessions-ended", actor_email: "adm@x.fr", target_type: "user", target_id: "cible", client_address: "198.51.100.1" },
        { action: "document.rejected", actor_email: "adm@x.fr", target_type: "document-group", target_id: "6f1c2a4e-8b7d-4c3a-9e21-0d5b7a3c9f10", after: { reason: "Photo floue", userId: "cible", status: "rejected" } },
      ]);
      expect(rows.rows[0]!.created_at.toISOString()).toBe("2026-01-02T03:04:05.000Z");
    } finally {
      await handle.close();
      await fresh.drop();
    }
  });
});
