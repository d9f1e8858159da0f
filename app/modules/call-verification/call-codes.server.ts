import { createHmac, hkdfSync } from "node:crypto";
import { parisIsoDay } from "~/lib/format";
import { assertUser, NotFoundError, type Actor, type UserActor } from "~/platform/actor";
import { consumeAttempt } from "~/platform/attempt-limiter.server";
import type { Executor } from "~/platform/database-schema";
import { db, runtime } from "~/platform/runtime.server";
import { recordStaffAction } from "~/modules/audit/audit.server";
import { caseAccess } from "~/modules/cases/case-access.server";
import { caseMessages } from "~/modules/cases/cases.schema";
import {
  CALL_CODE_ALPHABET,
  CALL_CODE_LENGTH,
  callCodeMessages,
  formatCallCode,
  type CallCodeCheck,
  type CallCodeCheckInput,
  type ClientCallCode,
  type CodeRevealer,
} from "./call-verification.schema";

/**
 * The client's call code (decision 84): HMAC of a key derived from the auth secret, the client's id, the Paris day
 * and the code's rank that day (how many codes of the day were used before it). Nothing of the code is stored.
 */
let derived: { secret: string; key: Buffer } | undefined;
function codeKey(): Buffer {
  const { authSecret } = runtime();
  if (derived?.secret !== authSecret) {
    derived = { secret: authSecret, key: Buffer.from(hkdfSync("sha256", authSecret, "", "recours/call-codes", 32)) };
  }
  return derived.key;
}

export function callCodeAt(clientId: string, day: string, rank: number): string {
  const mac = createHmac("sha256", codeKey()).update(`${clientId}|${day}|${rank}`).digest();
  let code = "";
  for (let i = 0; i < CALL_CODE_LENGTH; i++) code += CALL_CODE_ALPHABET[mac.readUInt32BE(i * 4) % CALL_CODE_ALPHABET.length];
  return code;
}

function dayBefore(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

async function usesOn(executor: Executor, clientId: string, day: string) {
  return executor
    .selectFrom("call_code_uses")
    .select(["rank", "used_at"])
    .where("client_id", "=", clientId)
    .where("paris_day", "=", day)
    .orderBy("rank")
    .execute();
}

interface CurrentCode {
  day: string;
  rank: number;
  code: string;
}

async function currentCode(executor: Executor, clientId: string, now: Date): Promise<CurrentCode> {
  const day = parisIsoDay(now);
  const rank = (await usesOn(executor, clientId, day)).length;
  return { day, rank, code: callCodeAt(clientId, day, rank) };
}

function shown(current: CurrentCode): ClientCallCode {
  return { code: formatCallCode(current.code), shown: `${current.day}.${current.rank}` };
}

/** The signed-in person's code of the moment (their dashboard and case pages). */
export async function callCodeFor(actor: Actor, now = new Date()): Promise<ClientCallCode> {
  assertUser(actor);
  return shown(await currentCode(db(), actor.userId, now));
}

export interface CallCodeCase {
  caseId: string;
  caseNumber: string;
  clientName: string;
}

export interface RevealedCallCode extends CallCodeCase {
  code: string;
}

/** Only the assigned lawyer or an admin: the case's 404 to anyone else, the client included. */
async function staffAccess(actor: Actor, caseId: string, executor: Executor = db()) {
  const access = await caseAccess(actor, caseId, { executor });
  if (access.viewer !== "lawyer" && access.viewer !== "admin") throw new NotFoundError(caseMessages.noAccess);
  const client = await executor.selectFrom("profiles").select(["first_name", "last_name"]).where("id", "=", access.ownerId).executeTakeFirstOrThrow();
  return { access, found: { caseId: access.caseId, caseNumber: access.caseNumber, clientName: `${client.first_name} ${client.last_name}` } };
}

/** The page from which the assigned lawyer or an admin reveals the client's code (the code is not shown yet). */
export async function callCodeCaseFor(actor: Actor, caseId: string): Promise<CallCodeCase> {
  return (await staffAccess(actor, caseId)).found;
}

/**
 * The client's code, for their assigned lawyer or an admin to read out on the phone (the case's 404 to anyone else).
 * Each reveal is kept, with who and when, and goes to the staff journal.
 */
export async function revealCallCode(actor: Actor, caseId: string, now = new Date()): Promise<RevealedCallCode> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const { access, found } = await staffAccess(actor, caseId, trx);
      const current = await currentCode(trx, access.ownerId, now);
      await trx
        .insertInto("call_code_reveals")
        .values({ client_id: access.ownerId, case_id: access.caseId, revealed_by: access.actor.userId, paris_day: current.day, rank: current.rank })
        .execute();
      await recordStaffAction(trx, access.actor, {
        action: "call-code.revealed",
        targetType: "case",
        targetId: access.caseId,
        after: { caseNumber: access.caseNumber, subjectUserId: access.ownerId },
      });
      return { ...found, code: formatCallCode(current.code) };
    });
}

async function markUsed(executor: Executor, clientId: string, current: CurrentCode, how: "confirmed" | "checked"): Promise<boolean> {
  const inserted = await executor
    .insertInto("call_code_uses")
    .values({ client_id: clientId, paris_day: current.day, rank: current.rank, used_how: how })
    .onConflict((conflict) => conflict.doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
}

export type ConfirmResult = { ok: true; current: ClientCallCode } | { ok: false; status: 409; formError: string; current: ClientCallCode };

/** "Oui, on m'a lu ce code": the code shown is used, a new one replaces it. A code that changed meanwhile: 409. */
export async function confirmCallCodeUsed(actor: Actor, shownRef: string, now = new Date()): Promise<ConfirmResult> {
  assertUser(actor);
  const current = await currentCode(db(), actor.userId, now);
  const used = shownRef === shown(current).shown && (await markUsed(db(), actor.userId, current, "confirmed"));
  const next = shown(await currentCode(db(), actor.userId, now));
  return used ? { ok: true, current: next } : { ok: false, status: 409, formError: callCodeMessages.alreadyChanged, current: next };
}

/** A client checks at most this many codes per quarter of an hour: enough for any call, too few to guess one. */
export const CALL_CODE_CHECKS_PER_WINDOW = 10;
const CHECK_WINDOW_SECONDS = 15 * 60;

export type CheckResult = { ok: true; check: CallCodeCheck } | { ok: false; status: 429; formError: string; retryAfterSeconds: number };

async function lastRevealer(executor: Executor, clientId: string, current: CurrentCode): Promise<CodeRevealer | null> {
  const row = await executor
    .selectFrom("call_code_reveals as r")
    .innerJoin("profiles as p", "p.id", "r.revealed_by")
    .select(["p.first_name", "p.last_name", "p.role", "r.revealed_at"])
    .where("r.client_id", "=", clientId)
    .where("r.paris_day", "=", current.day)
    .where("r.rank", "=", current.rank)
    .orderBy("r.revealed_at", "desc")
    .executeTakeFirst();
  if (!row) return null;
  return { name: `${row.first_name} ${row.last_name}`, role: row.role === "lawyer" ? "lawyer" : "admin", at: row.revealed_at.toISOString() };
}

/**
 * The client types the code they were read: today's code of the moment is valid (once: it is then used and a new one
 * shows) and says who revealed it and when; a code of today already used, or yesterday's, is refused with today's.
 */
export async function checkCallCode(actor: Actor, input: CallCodeCheckInput, now = new Date()): Promise<CheckResult> {
  assertUser(actor);
  const limit = await consumeAttempt(db(), [{ key: `call-code-check:${actor.userId}`, limit: CALL_CODE_CHECKS_PER_WINDOW }], CHECK_WINDOW_SECONDS);
  if (!limit.allowed) return { ok: false, status: 429, formError: callCodeMessages.tooManyChecks, retryAfterSeconds: limit.retryAfterSeconds };
  const check = await db()
    .transaction()
    .execute((trx) => checkIn(trx, actor, input.code, now));
  return { ok: true, check };
}

async function checkIn(trx: Executor, actor: UserActor, code: string, now: Date): Promise<CallCodeCheck> {
  const clientId = actor.userId;
  const day = parisIsoDay(now);
  const uses = await usesOn(trx, clientId, day);
  const current: CurrentCode = { day, rank: uses.length, code: callCodeAt(clientId, day, uses.length) };
  if (code === current.code) {
    const revealedBy = await lastRevealer(trx, clientId, current);
    const used = await markUsed(trx, clientId, current, "checked");
    const next = shown(await currentCode(trx, clientId, now));
    if (!used) return { outcome: "used", usedAt: now.toISOString(), current: next };
    return revealedBy ? { outcome: "valid", revealedBy, current: next } : { outcome: "not-revealed", current: next };
  }
  const usedToday = uses.find((use) => callCodeAt(clientId, day, use.rank) === code);
  if (usedToday) return { outcome: "used", usedAt: usedToday.used_at.toISOString(), current: shown(current) };
  const yesterday = dayBefore(day);
  const yesterdayCount = (await usesOn(trx, clientId, yesterday)).length;
  for (let rank = 0; rank <= yesterdayCount; rank++) {
    if (callCodeAt(clientId, yesterday, rank) === code) return { outcome: "expired", current: shown(current) };
  }
  return { outcome: "unknown", current: shown(current) };
}
