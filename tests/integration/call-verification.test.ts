/**
 * Issue 32, part 1 (decision 84): the client's call code (reveal by the assigned lawyer or an admin, use, rotation at
 * each use and at midnight in Paris, another lawyer's 404) and the public check of a contact (operator channel, a
 * lawyer's declared contact, a client's address answered like an unknown one, flooding refused).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callCodeCheckSchema, contactCheckSchema, contactKey, lawyerContactsSchema } from "~/modules/call-verification/call-verification.schema";
import {
  callCodeFor,
  checkCallCode,
  checkContact,
  confirmCallCodeUsed,
  CALL_CODE_CHECKS_PER_WINDOW,
  CONTACT_CHECKS_PER_WINDOW,
  revealCallCode,
  saveLawyerPublicContacts,
} from "~/modules/call-verification/call-verification.server";
import { callCodeAt } from "~/modules/call-verification/call-codes.server";
import { NotFoundError, type AnonymousActor, type UserActor } from "~/platform/actor";
import { db } from "~/platform/runtime.server";
import { insertSubmittedCase, seedPerson } from "../support/cases";
import { startTestRuntime, testEngines } from "../support/test-database";

/** 10:00 in Paris on 27 November 2026, then 00:05 the next day. */
const MORNING = new Date("2026-11-27T09:00:00Z");
const AFTER_MIDNIGHT = new Date("2026-11-27T23:05:00Z");

const check = (actor: UserActor, code: string, now = MORNING) => checkCallCode(actor, callCodeCheckSchema.parse({ code }), now);
const contact = (actor: AnonymousActor | UserActor, text: string) => checkContact(actor, contactCheckSchema.parse({ contact: text }));
const visitor = (address: string): AnonymousActor => ({ kind: "anonymous", clientAddress: address });

describe.each(testEngines())("Vérifier un appel on %s", (engine) => {
  let stop: () => Promise<void>;
  let client: UserActor;
  let otherClient: UserActor;
  let lawyer: UserActor;
  let otherLawyer: UserActor;
  let admin: UserActor;
  let caseId: string;

  beforeAll(async () => {
    ({ stop } = await startTestRuntime(engine, { OPERATOR_EMAIL: "contact@recours.fr", OPERATOR_PHONE: "01 99 00 12 34", PUBLIC_URL: "https://www.recours.fr" }));
    client = await seedPerson("user", "Lucie", { email: "lucie.client@exemple.fr" });
    otherClient = await seedPerson("user", "Hugo");
    lawyer = await seedPerson("lawyer", "Marc");
    otherLawyer = await seedPerson("lawyer", "Paul");
    admin = await seedPerson("admin", "Inès");
    ({ id: caseId } = await insertSubmittedCase(client.userId));
    await db().updateTable("cases").set({ assigned_lawyer_id: lawyer.userId, assigned_at: new Date(), status: "in_progress" }).where("id", "=", caseId).execute();
  });
  afterAll(async () => {
    await stop?.();
  });

  it("a code is 6 unambiguous characters, the same all day for the client, different for another client", async () => {
    const mine = await callCodeFor(client, MORNING);
    expect(mine.code).toMatch(/^[A-HJKMNP-TW-Z2-9]{3}\u00a0[A-HJKMNP-TW-Z2-9]{3}$/);
    expect(mine.code).not.toMatch(/[01ILOUV]/);
    expect((await callCodeFor(client, new Date(MORNING.getTime() + 3_600_000))).code).toBe(mine.code);
    expect((await callCodeFor(otherClient, MORNING)).code).not.toBe(mine.code);
    expect((await callCodeFor(client, AFTER_MIDNIGHT)).code).not.toBe(mine.code);
  });

  it("only the assigned lawyer or an admin reveals the code, each reveal journaled; anyone else gets the case's 404", async () => {
    await expect(revealCallCode(otherLawyer, caseId, MORNING)).rejects.toBeInstanceOf(NotFoundError);
    await expect(revealCallCode(otherClient, caseId, MORNING)).rejects.toBeInstanceOf(NotFoundError);
    await expect(revealCallCode(client, caseId, MORNING)).rejects.toBeInstanceOf(NotFoundError);
    await expect(revealCallCode(lawyer, "00000000-0000-4000-8000-000000000000", MORNING)).rejects.toBeInstanceOf(NotFoundError);
    const revealed = await revealCallCode(lawyer, caseId, MORNING);
    expect(revealed.code).toBe((await callCodeFor(client, MORNING)).code);
    expect(revealed.clientName).toBe("Lucie NomLucie");
    expect((await revealCallCode(admin, caseId, MORNING)).code).toBe(revealed.code);
    const journal = await db().selectFrom("staff_audit_log").select(["actor_id", "target_id"]).where("action", "=", "call-code.revealed").execute();
    expect(journal).toEqual(
      expect.arrayContaining([
        { actor_id: lawyer.userId, target_id: caseId },
        { actor_id: admin.userId, target_id: caseId },
      ]),
    );
    expect(journal).toHaveLength(2);
    const stored = await db().selectFrom("call_code_reveals").selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(revealed.code.replace("\u00a0", ""));
  });

  it("the code read is valid once, says who revealed it; read twice, the second check says it has served and shows the new one", async () => {
    const read = (await callCodeFor(client, MORNING)).code;
    const first = await check(client, read);
    expect(first.ok && first.check.outcome).toBe("valid");
    if (!first.ok || first.check.outcome !== "valid") throw new Error("expected valid");
    // The admin revealed it last.
    expect(first.check.revealedBy).toMatchObject({ name: "Inès NomInès", role: "admin" });
    expect(first.check.current.code).not.toBe(read);
    expect((await callCodeFor(client, MORNING)).code).toBe(first.check.current.code);

    const second = await check(client, read);
    expect(second.ok && second.check.outcome).toBe("used");
    if (!second.ok) throw new Error("expected a check");
    expect(second.check.outcome).not.toBe("valid");
    expect(second.check.current.code).toBe(first.check.current.code);
  });

  it("a code nobody revealed is not called valid; an unknown code neither", async () => {
    const current = (await callCodeFor(client, MORNING)).code;
    const result = await check(client, current);
    expect(result.ok && result.check.outcome).toBe("not-revealed");
    expect((await check(client, "ABCDEF")).ok && (await check(client, "ABCDEG")).ok).toBe(true);
    const unknown = await check(client, "ZZZZZZ");
    expect(unknown.ok && unknown.check.outcome).toBe("unknown");
  });

  it("'Oui, on m'a lu ce code' uses the code shown and shows a new one; the same confirmation again is refused with 409", async () => {
    const shown = await callCodeFor(client, MORNING);
    const confirmed = await confirmCallCodeUsed(client, shown.shown, MORNING);
    expect(confirmed.ok).toBe(true);
    expect(confirmed.current.code).not.toBe(shown.code);
    const again = await confirmCallCodeUsed(client, shown.shown, MORNING);
    expect(again).toMatchObject({ ok: false, status: 409 });
    expect(again.current.code).toBe(confirmed.current.code);
  });

  it("after midnight (Paris), yesterday's code is refused as expired and today's is shown", async () => {
    const yesterdays = (await callCodeFor(otherClient, MORNING)).code;
    const result = await check(otherClient, yesterdays, AFTER_MIDNIGHT);
    expect(result.ok && result.check.outcome).toBe("expired");
    if (!result.ok) throw new Error("expected a check");
    expect(result.check.current.code).toBe((await callCodeFor(otherClient, AFTER_MIDNIGHT)).code);
    expect(result.check.current.code).not.toBe(yesterdays);
    // A code used yesterday is expired too, not "already used"; so is yesterday's last code, never used.
    const usedYesterday = await db().selectFrom("call_code_uses").select("rank").where("client_id", "=", client.userId).execute();
    expect(usedYesterday.length).toBeGreaterThan(1);
    for (const rank of [0, usedYesterday.length]) {
      const old = await check(client, callCodeAt(client.userId, "2026-11-27", rank), AFTER_MIDNIGHT);
      expect(old.ok && old.check.outcome).toBe("expired");
    }
  });

  it("a client's checks are counted: beyond the budget, 429 in French", async () => {
    const someone = await seedPerson("user", "Rémi");
    for (let i = 0; i < CALL_CODE_CHECKS_PER_WINDOW; i++) expect((await check(someone, "ZZZZZZ")).ok).toBe(true);
    expect(await check(someone, "ZZZZZZ")).toMatchObject({ ok: false, status: 429, formError: expect.stringContaining("Trop de vérifications") });
  });

  it("the code form refuses a malformed code in French", () => {
    expect(callCodeCheckSchema.safeParse({ code: "" }).error?.issues[0]?.message).toBe("Saisissez le code qu'on vous a lu.");
    expect(callCodeCheckSchema.safeParse({ code: "AB0" }).error?.issues[0]?.message).toMatch(/^Le code fait 6 caractères/);
    expect(callCodeCheckSchema.parse({ code: " k7p x3m " }).code).toBe("K7PX3M");
  });

  it("normalises contacts: case, spaces, phone formats, website host", () => {
    expect(contactKey(" Contact@Recours.FR ")).toEqual({ kind: "email", key: "contact@recours.fr" });
    for (const phone of ["01 99 00 12 34", "+33 1 99 00 12 34", "+33 (0)1 99 00 12 34", "0033199001234", "01.99.00.12.34"]) {
      expect(contactKey(phone)).toEqual({ kind: "phone", key: "0199001234" });
    }
    for (const site of ["https://www.recours.fr/contact?x=1", "WWW.Recours.fr", "recours.fr", "http://recours.fr:8080/"]) {
      expect(contactKey(site)).toEqual({ kind: "website", key: "recours.fr" });
    }
    expect(contactKey("recours")).toBeNull();
    expect(contactKey("12")).toBeNull();
    expect(contactCheckSchema.safeParse({ contact: "" }).error?.issues[0]?.message).toMatch(/^Saisissez une adresse e-mail/);
    expect(lawyerContactsSchema.safeParse({ publicEmail: "pas une adresse", publicPhone: "", publicWebsite: "" }).error?.issues[0]?.message).toMatch(/adresse e-mail valide/);
  });

  it("the public check: operator channels → Recours; a lawyer's declared contact → the lawyer; only exact matches", async () => {
    const anyone = visitor("198.51.100.1");
    for (const text of ["CONTACT@recours.fr", "+33 1 99 00 12 34", "https://recours.fr/mentions-legales"]) {
      expect(await contact(anyone, text)).toEqual({ ok: true, owner: { kind: "operator" } });
    }
    await saveLawyerPublicContacts(lawyer, lawyerContactsSchema.parse({ publicEmail: "Cabinet@Marc-Avocat.fr", publicPhone: "05 56 00 00 01", publicWebsite: "www.marc-avocat.fr" }));
    for (const text of ["cabinet@marc-avocat.fr", "+33556000001", "https://marc-avocat.fr/"]) {
      expect(await contact(anyone, text)).toEqual({ ok: true, owner: { kind: "lawyer", name: "Marc NomMarc" } });
    }
    // No partial match: a neighbouring address or a sub-string is unknown.
    for (const text of ["cabinet@marc-avocat.com", "marc-avocat.fr.evil.example", "05 56 00 00 0"]) {
      const result = await contact(anyone, text);
      if (result.ok) expect(result.owner).toEqual({ kind: "none" });
    }
  });

  it("a client's e-mail answers exactly like an unknown address", async () => {
    const anyone = visitor("198.51.100.2");
    const ofClient = await contact(anyone, client.email);
    const unknown = await contact(anyone, "personne@inconnu.example");
    expect(ofClient).toEqual({ ok: true, owner: { kind: "none" } });
    expect(ofClient).toEqual(unknown);
    // Nor does a lawyer's account e-mail, which they did not publish.
    expect(await contact(anyone, otherLawyer.email)).toEqual(unknown);
  });

  it("flooding from one address gets 429 in French; another address is still answered", async () => {
    const flooder = visitor("198.51.100.3");
    for (let i = 0; i < CONTACT_CHECKS_PER_WINDOW; i++) expect((await contact(flooder, `x${i}@inconnu.example`)).ok).toBe(true);
    const refused = await contact(flooder, "contact@recours.fr");
    expect(refused).toMatchObject({ ok: false, status: 429, formError: "Trop de vérifications depuis votre connexion. Réessayez dans quelques minutes." });
    expect(await contact(visitor("198.51.100.4"), "contact@recours.fr")).toEqual({ ok: true, owner: { kind: "operator" } });
  });
});
