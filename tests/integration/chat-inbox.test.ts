/**
 * Issue 13 §6–8: unread-message email notices (one per conversation and recipient per burst, none once read, no
 * message text), the lawyer's inbox (order, unread counts, scope), the client's unread badges and recent activity,
 * and their rendering of hostile text. Messages are written as the chat writes them: the row and the notice hook in
 * one transaction; reading flips read_status and calls the cancel hook in one transaction.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { createElement } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { RecentActivity } from "~/components/chat/recent-activity";
import { CHAT_UNREAD_NOTICE_JOB, cancelUnreadNotices, handleUnreadNoticeJob, scheduleUnreadNotice } from "~/modules/chat/chat-notices.server";
import { clientRecentActivity, clientUnreadByCase, lawyerInbox, lawyerUnreadCount } from "~/modules/chat/chat-inbox.server";
import { assignCaseByAdmin } from "~/modules/cases/admin-cases.server";
import { dashboardFor, type LawyerDashboard, type UserDashboard } from "~/modules/dashboard/dashboard.server";
import { createJobWorker } from "~/modules/jobs/jobs.server";
import { createEmailJobHandler, EMAIL_JOB, type MailTransport } from "~/modules/notifications/notifications.server";
import type { OutgoingEmail } from "~/modules/notifications/mail-transport.server";
import { ForbiddenError, type UserActor } from "~/platform/actor";
import { db } from "~/platform/runtime.server";
import { insertSubmittedCase, seedActor } from "../support/cases";
import { startTestRuntime, testEngines } from "../support/test-database";

const HOSTILE = `<script>alert("x")</script><img src=x onerror="alert(1)"> ' OR 1=1; DROP TABLE cases; --`;

describe.each(testEngines())("chat inbox and notices on %s", (engine) => {
  let stop: () => Promise<void>;
  const sent: OutgoingEmail[] = [];
  const capturing: MailTransport = {
    kind: "development",
    async send(email) {
      sent.push(email);
    },
    close() {},
  };
  let lawyer: UserActor;
  let otherLawyer: UserActor;
  let admin: UserActor;
  let client: UserActor;
  let otherClient: UserActor;

  /** Runs every job due now, as the worker would (the notice job, then the email it queues). */
  async function runDueJobs(): Promise<void> {
    const worker = createJobWorker({
      database: db(),
      handlers: { [EMAIL_JOB]: createEmailJobHandler(capturing), [CHAT_UNREAD_NOTICE_JOB]: handleUnreadNoticeJob },
      retryBaseSeconds: 0,
    });
    await worker.drain();
  }

  /** The delay passes: every queued notice becomes due. */
  async function delayElapses(): Promise<void> {
    await db().updateTable("jobs").set({ run_at: new Date(Date.now() - 1000) }).where("kind", "=", CHAT_UNREAD_NOTICE_JOB).where("status", "=", "queued").execute();
  }

  async function send(caseId: string, sender: UserActor, message: string, at = new Date()): Promise<string> {
    return db()
      .transaction()
      .execute(async (trx) => {
        const row = await trx
          .insertInto("case_chat_messages")
          .values({ case_id: caseId, sender_id: sender.userId, message, created_at: at })
          .returning(["id", "created_at"])
          .executeTakeFirstOrThrow();
        await scheduleUnreadNotice(trx, { caseId, messageId: row.id, senderId: sender.userId, createdAt: row.created_at });
        return row.id;
      });
  }

  async function read(caseId: string, reader: UserActor): Promise<void> {
    await db()
      .transaction()
      .execute(async (trx) => {
        // As the chat marks reading (decision 0036): the owner reads the others' messages, the lawyer the owner's.
        const { user_id: ownerId } = await trx.selectFrom("cases").select("user_id").where("id", "=", caseId).executeTakeFirstOrThrow();
        await trx
          .updateTable("case_chat_messages")
          .set({ read_status: true })
          .where("case_id", "=", caseId)
          .where("sender_id", ownerId === reader.userId ? "<>" : "=", ownerId)
          .execute();
        await cancelUnreadNotices(trx, { caseId, readerId: reader.userId });
      });
  }

  async function assignedCase(owner: UserActor, to: UserActor): Promise<{ id: string; caseNumber: string }> {
    const theCase = await insertSubmittedCase(owner.userId);
    expect((await assignCaseByAdmin(admin, { caseId: theCase.id, lawyerId: to.userId })).ok).toBe(true);
    return theCase;
  }

  beforeAll(async () => {
    ({ stop } = await startTestRuntime(engine));
    lawyer = await seedActor("lawyer", "Laure", "Avocate");
    otherLawyer = await seedActor("lawyer", "Louis", "Confrère");
    admin = await seedActor("admin", "Adèle", "Admin");
    client = await seedActor("user", "Colette", "Cliente");
    otherClient = await seedActor("user", "Olivier", "Autre");
  }, 120_000);
  afterAll(() => stop());
  beforeEach(async () => {
    await runDueJobs(); // assignment emails and anything left by the previous test
    sent.length = 0;
  });

  describe("email notices", () => {
    it("sends the lawyer one email for three unread client messages, after the delay, without their text", async () => {
      const theCase = await assignedCase(client, lawyer);
      await runDueJobs();
      sent.length = 0;
      const first = new Date();
      await send(theCase.id, client, HOSTILE, first);
      await send(theCase.id, client, "Mon IBAN est FR76 3000 6000 0112 3456 7890 189", new Date(first.getTime() + 1000));
      await send(theCase.id, client, "Vous êtes là ?", new Date(first.getTime() + 2000));

      const jobs = await db().selectFrom("jobs").select(["run_at"]).where("kind", "=", CHAT_UNREAD_NOTICE_JOB).where("status", "=", "queued").execute();
      expect(jobs).toHaveLength(1);
      expect(Math.abs(jobs[0]!.run_at.getTime() - (first.getTime() + 10 * 60_000))).toBeLessThan(1000);

      await runDueJobs(); // not due yet
      expect(sent).toHaveLength(0);

      await delayElapses();
      await runDueJobs();
      expect(sent).toHaveLength(1);
      const email = sent[0]!;
      expect(email.to).toBe(lawyer.email);
      expect(email.subject).toContain(theCase.caseNumber);
      expect(email.text).toContain("Colette Cliente vous a écrit");
      expect(email.text).toContain(`/case/${theCase.id}/chat`);
      expect(email.html).toContain("Sécurité\u202f:");
      for (const part of [email.text, email.html, email.subject]) {
        expect(part).not.toContain("IBAN");
        expect(part).not.toContain("Vous êtes là");
        expect(part).not.toContain("<script");
        expect(part).not.toContain("onerror");
        expect(part).not.toContain("DROP TABLE");
      }

      // Still unread: a fourth message belongs to the same burst, no second email.
      await send(theCase.id, client, "Encore moi");
      await delayElapses();
      await runDueJobs();
      expect(sent).toHaveLength(1);

      // Once read, the next message opens a new burst.
      await read(theCase.id, lawyer);
      await send(theCase.id, client, "Une nouvelle question");
      await delayElapses();
      await runDueJobs();
      expect(sent).toHaveLength(2);
      expect(sent[1]!.to).toBe(lawyer.email);
    });

    it("sends nothing when the recipient reads before the delay, and drops the queued job", async () => {
      const theCase = await assignedCase(client, lawyer);
      await runDueJobs();
      sent.length = 0;
      await send(theCase.id, lawyer, "Bonjour, je suis votre avocate.");
      await send(theCase.id, lawyer, "Pouvez-vous m'envoyer vos relevés ?");
      expect(await db().selectFrom("chat_unread_notices").selectAll().where("case_id", "=", theCase.id).execute()).toHaveLength(1);
      await read(theCase.id, client);
      expect(await db().selectFrom("chat_unread_notices").selectAll().where("case_id", "=", theCase.id).execute()).toHaveLength(0);
      const queued = await db().selectFrom("jobs").select("payload").where("kind", "=", CHAT_UNREAD_NOTICE_JOB).where("status", "=", "queued").execute();
      expect(queued.filter((job) => JSON.stringify(job.payload).includes(theCase.id))).toHaveLength(0);
      await delayElapses();
      await runDueJobs();
      expect(sent).toHaveLength(0);
    });

    it("sends nothing when the messages were marked read without the hook (the job checks again)", async () => {
      const theCase = await assignedCase(client, lawyer);
      await runDueJobs();
      sent.length = 0;
      await send(theCase.id, client, "Bonjour");
      await db().updateTable("case_chat_messages").set({ read_status: true }).where("case_id", "=", theCase.id).execute();
      await delayElapses();
      await runDueJobs();
      expect(sent).toHaveLength(0);
      expect(await db().selectFrom("chat_unread_notices").selectAll().where("case_id", "=", theCase.id).execute()).toHaveLength(0);
    });

    it("emails the client for a lawyer's or an admin's messages (one email naming both), never the sender", async () => {
      const theCase = await assignedCase(client, lawyer);
      await runDueJobs();
      sent.length = 0;
      await send(theCase.id, lawyer, "Bonjour");
      await send(theCase.id, admin, "Bonjour de l'équipe");
      await send(theCase.id, client, "Merci"); // opens the lawyer's own burst
      await delayElapses();
      await runDueJobs();
      const toClient = sent.filter((email) => email.to === client.email);
      expect(toClient).toHaveLength(1);
      expect(toClient[0]!.text).toContain("Maître Laure Avocate, avec l'équipe Recours, vous a écrit");
      expect(sent.filter((email) => email.to === lawyer.email)).toHaveLength(1);
      expect(sent.filter((email) => email.to === admin.email)).toHaveLength(0);
    });

    it("does not email a lawyer the case was taken from", async () => {
      const theCase = await assignedCase(client, lawyer);
      await runDueJobs();
      sent.length = 0;
      await send(theCase.id, client, "Bonjour");
      expect((await assignCaseByAdmin(admin, { caseId: theCase.id, lawyerId: otherLawyer.userId })).ok).toBe(true);
      await runDueJobs();
      sent.length = 0;
      await delayElapses();
      await runDueJobs();
      expect(sent.filter((email) => email.to === lawyer.email)).toHaveLength(0);
    });

    it("emails nobody for a client message on a case without a lawyer", async () => {
      const theCase = await insertSubmittedCase(client.userId);
      await send(theCase.id, client, "Bonjour ?");
      expect(await db().selectFrom("chat_unread_notices").selectAll().where("case_id", "=", theCase.id).execute()).toHaveLength(0);
    });
  });

  describe("the lawyer's inbox", () => {
    let quiet: { id: string; caseNumber: string };
    let older: { id: string; caseNumber: string };
    let newer: { id: string; caseNumber: string };
    let foreign: { id: string; caseNumber: string };
    let inboxLawyer: UserActor;

    beforeAll(async () => {
      inboxLawyer = await seedActor("lawyer", "Inès", "Boîte");
      quiet = await assignedCase(otherClient, inboxLawyer);
      older = await assignedCase(client, inboxLawyer);
      newer = await assignedCase(otherClient, inboxLawyer);
      foreign = await assignedCase(client, otherLawyer);
      const t = Date.now() - 3_600_000;
      await send(older.id, client, "Premier message", new Date(t));
      await send(newer.id, otherClient, "Message du nouveau dossier", new Date(t + 1000));
      await send(older.id, inboxLawyer, "Réponse de l'avocate", new Date(t + 2000));
      await send(older.id, client, HOSTILE, new Date(t + 3000));
      await send(older.id, admin, "Note de l'équipe", new Date(t + 4000));
      await send(foreign.id, client, "Pour un autre avocat", new Date(t + 5000));
    });

    it("lists the lawyer's cases latest message first, cases without messages last, with unread counts and the last message as stored", async () => {
      const inbox = await lawyerInbox(inboxLawyer, { view: "toutes", page: 1 });
      expect(inbox.rows.map((row) => row.caseNumber)).toEqual([older.caseNumber, newer.caseNumber, quiet.caseNumber]);
      expect(inbox.total).toBe(3);
      const [first, second, third] = inbox.rows;
      expect(first!.unread).toBe(2); // the client's two; not the lawyer's own, nor the team's (addressed to the client)
      expect(first!.last).toMatchObject({ sender: "Adèle Admin (équipe Recours)", excerpt: "Note de l'équipe" });
      expect(first!.chatHref).toBe(`/case/${older.id}/chat`);
      expect(first!.client).toEqual({ firstName: "Colette", lastName: "Cliente" });
      expect(second!.unread).toBe(1);
      expect(second!.last).toMatchObject({ sender: "Olivier Autre", excerpt: "Message du nouveau dossier" });
      expect(third!.last).toBeNull();
      expect(third!.unread).toBe(0);
      expect(inbox.unreadTotal).toBe(3);
      expect(await lawyerUnreadCount(inboxLawyer)).toBe(3);
      expect(((await dashboardFor(inboxLawyer)) as LawyerDashboard).unreadMessages).toBe(3);
    });

    it("keeps only the conversations with unread messages in the 'non-lues' view", async () => {
      const unread = await lawyerInbox(inboxLawyer, { view: "non-lues", page: 1 });
      expect(unread.rows.map((row) => row.caseNumber)).toEqual([older.caseNumber, newer.caseNumber]);
      expect(unread.total).toBe(2);
      expect(unread.view).toBe("non-lues");
    });

    it("shows the lawyer's own last message as 'Vous', and drops read messages from the counts", async () => {
      await send(newer.id, inboxLawyer, "Je regarde votre dossier.");
      await read(newer.id, inboxLawyer);
      const inbox = await lawyerInbox(inboxLawyer, { view: "toutes", page: 1 });
      expect(inbox.rows[0]!.caseNumber).toBe(newer.caseNumber);
      expect(inbox.rows[0]!.last).toMatchObject({ sender: "Vous", excerpt: "Je regarde votre dossier." });
      expect(inbox.rows[0]!.unread).toBe(0);
      expect(inbox.unreadTotal).toBe(2);
    });

    it("keeps the hostile message as plain text: stored as typed, rendered escaped", async () => {
      await send(quiet.id, otherClient, HOSTILE);
      const inbox = await lawyerInbox(inboxLawyer, { view: "toutes", page: 1 });
      expect(inbox.rows[0]!.last!.excerpt).toBe(HOSTILE.slice(0, 160));
      const activity = await clientRecentActivity(otherClient);
      expect(activity.length).toBeGreaterThan(0);
      const lawyerMessage = await send(quiet.id, inboxLawyer, HOSTILE);
      expect(lawyerMessage).toBeTruthy();
      const items = await clientRecentActivity(otherClient);
      const router = createMemoryRouter([{ path: "/", element: createElement(RecentActivity, { items }) }]);
      const html = renderToStaticMarkup(createElement(RouterProvider, { router }));
      expect(html).not.toContain("<script>");
      expect(html).not.toContain("<img");
      expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    });

    it("moves a reassigned case to its new lawyer's inbox", async () => {
      expect((await assignCaseByAdmin(admin, { caseId: quiet.id, lawyerId: otherLawyer.userId })).ok).toBe(true);
      expect((await lawyerInbox(inboxLawyer, { view: "toutes", page: 1 })).rows.map((row) => row.caseNumber)).not.toContain(quiet.caseNumber);
      expect((await lawyerInbox(otherLawyer, { view: "toutes", page: 1 })).rows.map((row) => row.caseNumber)).toContain(quiet.caseNumber);
    });

    it("shows a lawyer only their own cases, and refuses clients and admins", async () => {
      const inbox = await lawyerInbox(inboxLawyer, { view: "toutes", page: 1 });
      expect(inbox.rows.map((row) => row.caseNumber)).not.toContain(foreign.caseNumber);
      await expect(lawyerInbox(client, { view: "toutes", page: 1 })).rejects.toBeInstanceOf(ForbiddenError);
      await expect(lawyerInbox(admin, { view: "toutes", page: 1 })).rejects.toBeInstanceOf(ForbiddenError);
      await expect(lawyerUnreadCount(client)).rejects.toBeInstanceOf(ForbiddenError);
      await expect(lawyerInbox({ kind: "anonymous", clientAddress: "203.0.113.7" }, { view: "toutes", page: 1 })).rejects.toBeInstanceOf(ForbiddenError);
    });

    it("pages past 50 conversations and clamps a page beyond the last", async () => {
      const busy = await seedActor("lawyer", "Bruno", "Chargé");
      for (let index = 0; index < 52; index += 1) await assignedCase(otherClient, busy);
      const first = await lawyerInbox(busy, { view: "toutes", page: 1 });
      expect(first.rows).toHaveLength(50);
      expect(first.pageCount).toBe(2);
      const last = await lawyerInbox(busy, { view: "toutes", page: 99 });
      expect(last.page).toBe(2);
      expect(last.rows).toHaveLength(2);
    });
  });

  describe("the client's dashboard", () => {
    it("badges each case with its unread messages from others and lists messages and status changes, newest first", async () => {
      const client2 = await seedActor("user", "Camille", "Badge");
      const emptyDashboard = (await dashboardFor(client2)) as UserDashboard;
      expect(emptyDashboard.activity).toEqual([]);

      const theCase = await assignedCase(client2, lawyer);
      const quietCase = await insertSubmittedCase(client2.userId);
      const t = Date.now() + 60_000;
      await send(theCase.id, lawyer, "Bonjour Camille", new Date(t));
      await send(theCase.id, client2, "Bonjour Maître", new Date(t + 1000));
      await send(theCase.id, lawyer, "Envoyez-moi vos relevés", new Date(t + 2000));

      expect(await clientUnreadByCase(client2)).toEqual({ [theCase.id]: 2 });
      const dashboard = (await dashboardFor(client2)) as UserDashboard;
      expect(dashboard.cases.find((row) => row.id === theCase.id)!.unreadMessages).toBe(2);
      expect(dashboard.cases.find((row) => row.id === quietCase.id)!.unreadMessages).toBe(0);

      const [latest, previous, ...rest] = dashboard.activity;
      expect(latest).toMatchObject({ kind: "message", sender: "Maître Laure Avocate", excerpt: "Envoyez-moi vos relevés", unread: true, href: `/case/${theCase.id}/chat` });
      expect(previous).toMatchObject({ kind: "message", excerpt: "Bonjour Camille" });
      // The client's own messages are not 'activity'; the assignment is.
      expect(dashboard.activity.some((item) => item.kind === "message" && item.excerpt === "Bonjour Maître")).toBe(false);
      expect(rest.some((item) => item.kind === "status" && item.toStatus === "assigned" && item.caseId === theCase.id && item.href === `/case/${theCase.id}`)).toBe(true);

      await read(theCase.id, client2);
      expect(await clientUnreadByCase(client2)).toEqual({});
      // Another client sees none of it.
      const other = (await dashboardFor(otherClient)) as UserDashboard;
      expect(other.activity.some((item) => item.caseId === theCase.id)).toBe(false);
      expect(other.cases.some((row) => row.id === theCase.id)).toBe(false);
    });
  });
});
