import { assertUser, type Actor } from "~/platform/actor";
import type { DocumentSide, DocumentType } from "~/platform/database-schema";
import { encodeCursor } from "~/platform/keyset";
import { personalDataReadsQuery } from "~/modules/audit/audit.server";
import { ACCESS_LOG_PAGE_SIZE, actionLabel, type PersonalDataReadAction } from "~/modules/audit/audit.schema";
import { evidenceCategoryLabel } from "~/modules/case-file/evidence.schema";
import { DOCUMENT_TYPE_LABELS, documentLabel } from "~/modules/identity/identity.schema";

/**
 * The person's access log (/compte/donnees): the staff reads of their data that the audit module records, told in
 * French with the words of the modules whose data was read. Privacy owns this wording so that audit, the lowest
 * module, names no other module.
 */
export interface AccessLogEntry {
  id: number;
  at: string;
  /** "Maître Laure Avocate", "Adèle Administratrice": never an email. */
  who: string;
  /** "Avocat", "Administrateur", or "Équipe Recours" when the account is gone. */
  role: string;
  action: PersonalDataReadAction;
  /** What was opened, in French: "Carte d'identité (recto)", "Dossier RC-2026-000123"… */
  what: string;
}

export interface AccessLogPage {
  entries: AccessLogEntry[];
  next: string | null;
}

const ROLE_LABELS: Record<string, string> = { lawyer: "Avocat", admin: "Administrateur" };

function readDescription(action: string, after: Record<string, unknown>): string {
  const text = (key: string) => (typeof after[key] === "string" ? (after[key] as string) : null);
  const caseNumber = text("caseNumber");
  const ofCase = caseNumber ? ` du dossier ${caseNumber}` : "";
  switch (action) {
    case "document.viewed": {
      const type = text("documentType") as DocumentType | null;
      const side = (text("side") ?? "single") as DocumentSide;
      return type && type in DOCUMENT_TYPE_LABELS ? `Pièce justificative\u202f: ${documentLabel(type, side)}` : "Un de vos documents";
    }
    case "evidence.viewed":
      return `Preuve${ofCase}${text("category") ? ` (${evidenceCategoryLabel(text("category")!)})` : ""}`;
    case "chat-file.viewed":
      return `Pièce jointe envoyée dans la messagerie${ofCase}`;
    case "case.pack-generated":
      return text("document") === "bank-letter" ? `Lettre à la banque (PDF)${ofCase}` : `Dossier de plainte (PDF)${ofCase}`;
    case "case.viewed":
      return caseNumber ? `Dossier ${caseNumber}` : "Votre dossier";
    case "profile.sensitive-viewed":
      return Array.isArray(after.fields) && after.fields.includes("nif") ? "Votre NIF" : "Votre date de naissance";
    default:
      return actionLabel(action);
  }
}

/**
 * The person's own list of staff reads of their data, newest first, one keyset page at a time: one query on
 * migration 0082's partial index (subject, time, id), joined to the reader's current name.
 */
export async function personalDataReadsFor(actor: Actor, cursor?: { at: string; id: string }): Promise<AccessLogPage> {
  assertUser(actor);
  const rows = await personalDataReadsQuery(actor.userId, cursor).execute();
  const page = rows.slice(0, ACCESS_LOG_PAGE_SIZE);
  const entries = page.map((row) => {
    const after = (row.after ?? {}) as Record<string, unknown>;
    const role = typeof after.actorRole === "string" ? after.actorRole : (row.role ?? "");
    const name = row.first_name ? `${row.first_name} ${row.last_name ?? ""}`.trim() : null;
    return {
      id: Number(row.id),
      at: row.created_at.toISOString(),
      who: name ? (role === "lawyer" ? `Maître ${name}` : name) : "Un membre de l'équipe Recours",
      role: ROLE_LABELS[role] ?? "Équipe Recours",
      action: row.action as PersonalDataReadAction,
      what: readDescription(row.action, after),
    };
  });
  const last = page.at(-1);
  return { entries, next: rows.length > ACCESS_LOG_PAGE_SIZE && last ? encodeCursor(last.cursor_at, last.id) : null };
}
