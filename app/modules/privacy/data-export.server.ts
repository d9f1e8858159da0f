import { createHash, randomBytes, randomUUID } from "node:crypto";
import { PassThrough, type Readable } from "node:stream";
import { finished } from "node:stream";
import { sql, type Kysely } from "kysely";
import { ZipFile } from "yazl";
import { checkCurrentPassword } from "~/modules/accounts/accounts.server";
import { PERSONAL_DATA_READ_ACTIONS } from "~/modules/audit/audit.schema";
import { servedFileName } from "~/modules/files/file-names";
import { fileStorage, type FileStorage, type StoredFile } from "~/modules/files/files.server";
import { enqueueJob, jobsEnqueued, PermanentJobError, type JobHandler } from "~/modules/jobs/jobs.server";
import { enqueueEmail, type PersonalLinkBuilder } from "~/modules/notifications/notifications.server";
import { openProfileFields } from "~/modules/profile/sensitive-fields.server";
import { assertUser, type Actor } from "~/platform/actor";
import type { Database } from "~/platform/database-schema";
import { logger } from "~/platform/logger.server";
import { db, runtime } from "~/platform/runtime.server";
import { DATA_EXPORT_EVERY_HOURS, DATA_EXPORT_LINK_HOURS, dataExportMessages, exportTokenSchema, type DataExportRequestInput } from "./data-export.schema";
import { type DateTimeText, dateTimeText, formatLongDateTime } from "~/lib/format";

/** Builds one person's export (decision 0045). */
export const DATA_EXPORT_JOB = "privacy.data-export";
/** Deletes an export's file once its link has expired. */
export const DATA_EXPORT_EXPIRY_JOB = "privacy.data-export-expiry";

const HOUR_MS = 3600 * 1000;
function tokenHash(token: string): Buffer {
  return createHash("sha256").update(token, "utf8").digest();
}

export type DataExportState = "preparing" | "ready" | "downloaded" | "expired" | "failed";

export interface DataExportStatus {
  latest: {
    state: DataExportState;
    requestedAt: DateTimeText;
    expiresAt: DateTimeText | null;
    downloadedAt: DateTimeText | null;
    sizeBytes: number | null;
  } | null;
  /** When a new request is possible; null: now. */
  nextRequestAt: DateTimeText | null;
}

interface ExportRow {
  id: string;
  status: "queued" | "ready" | "failed";
  requested_at: Date;
  expires_at: Date | null;
  downloaded_at: Date | null;
  size_bytes: string | number | null;
  stored_file_id: string | null;
}

function stateOf(row: ExportRow, now: Date): DataExportState {
  if (row.status === "queued") return "preparing";
  if (row.status === "failed") return "failed";
  if (row.downloaded_at) return "downloaded";
  if (!row.expires_at || row.expires_at <= now || !row.stored_file_id) return "expired";
  return "ready";
}

/** The person's newest request that still counts against the limit (a failed build does not). */
function latestCounting(executor: Kysely<Database>, userId: string) {
  return executor
    .selectFrom("data_exports")
    .select(["id", "requested_at"])
    .where("user_id", "=", userId)
    .where("status", "<>", "failed")
    .where("requested_at", ">", sql<Date>`now() - make_interval(hours => ${DATA_EXPORT_EVERY_HOURS})`)
    .orderBy("requested_at", "desc")
    .limit(1);
}

/** /compte/donnees: the newest export request and when another is possible. */
export async function dataExportStatusFor(actor: Actor, now = new Date()): Promise<DataExportStatus> {
  assertUser(actor);
  const [row, counting] = await Promise.all([
    db()
      .selectFrom("data_exports")
      .select(["id", "status", "requested_at", "expires_at", "downloaded_at", "size_bytes", "stored_file_id"])
      .where("user_id", "=", actor.userId)
      .orderBy("requested_at", "desc")
      .limit(1)
      .executeTakeFirst(),
    latestCounting(db(), actor.userId).executeTakeFirst(),
  ]);
  return {
    latest: row
      ? {
          state: stateOf(row, now),
          requestedAt: dateTimeText(row.requested_at),
          expiresAt: row.expires_at ? dateTimeText(row.expires_at) : null,
          downloadedAt: row.downloaded_at ? dateTimeText(row.downloaded_at) : null,
          sizeBytes: row.size_bytes === null ? null : Number(row.size_bytes),
        }
      : null,
    nextRequestAt: counting ? dateTimeText(new Date(counting.requested_at.getTime() + DATA_EXPORT_EVERY_HOURS * HOUR_MS)) : null,
  };
}

export type DataExportRequestResult =
  | { ok: true; exportId: string }
  | { ok: false; status: 400; fieldErrors: { motDePasse: string } }
  | { ok: false; status: 429 | 503; formError: string; retryAfterSeconds?: number };

/**
 * 'Télécharger mes données': once the password is confirmed, records the request and queues the job that builds
 * the ZIP, in one transaction. One request per person per 24 hours (a failed build does not count), checked under
 * the person's profile lock so two requests at once cannot both pass.
 */
export async function requestDataExport(actor: Actor, input: DataExportRequestInput): Promise<DataExportRequestResult> {
  assertUser(actor);
  const tooSoon = (requestedAt: Date) => ({
    ok: false as const,
    status: 429 as const,
    formError: dataExportMessages.alreadyRequested(formatLongDateTime(new Date(requestedAt.getTime() + DATA_EXPORT_EVERY_HOURS * HOUR_MS))),
  });
  // Before the password check: no password hashing for a request that cannot pass anyway.
  const earlier = await latestCounting(db(), actor.userId).executeTakeFirst();
  if (earlier) return tooSoon(earlier.requested_at);

  const password = await checkCurrentPassword(actor, input.motDePasse, "data-export");
  if (!password.ok) {
    if (password.reason === "wrong") return { ok: false, status: 400, fieldErrors: { motDePasse: dataExportMessages.passwordWrong } };
    if (password.reason === "too-many") return { ok: false, status: 429, formError: dataExportMessages.tooManyPasswordAttempts };
    return { ok: false, status: 503, formError: dataExportMessages.busy, retryAfterSeconds: password.retryAfterSeconds };
  }

  const result = await db()
    .transaction()
    .execute(async (trx) => {
      await trx.selectFrom("profiles").select("id").where("id", "=", actor.userId).forUpdate().executeTakeFirstOrThrow();
      const raced = await latestCounting(trx, actor.userId).executeTakeFirst();
      if (raced) return tooSoon(raced.requested_at);
      const created = await trx.insertInto("data_exports").values({ user_id: actor.userId }).returning("id").executeTakeFirstOrThrow();
      await enqueueJob(trx, { kind: DATA_EXPORT_JOB, payload: { exportId: created.id }, maxAttempts: 3 });
      return { ok: true as const, exportId: created.id };
    });
  if (result.ok) {
    jobsEnqueued();
    logger.info({ userId: actor.userId, exportId: result.exportId }, "export des données demandé");
  }
  return result;
}

/** One file of the export: where it goes in the ZIP and the stored file it comes from. */
interface ExportedFile {
  path: string;
  file: StoredFile;
}

interface ExportContents {
  data: Record<string, unknown>;
  files: ExportedFile[];
}

const UNSAFE_NAME = /[\\/:*?"<>|\u0000-\u001f]/g;

function zipName(index: number, name: string): string {
  const clean = name.replace(UNSAFE_NAME, "_").replace(/^\.+/, "_").slice(0, 120) || "fichier";
  return `${String(index).padStart(3, "0")}-${clean}`;
}

const iso = (value: Date | null | undefined) => (value ? value.toISOString() : null);

/** Everything Recours holds about one person, as JSON, and the files they uploaded (decrypted when zipped). */
export async function collectExportContents(database: Kysely<Database>, userId: string, now = new Date()): Promise<ExportContents> {
  const user = await database.selectFrom("user").select(["id", "email", "emailVerified", "createdAt"]).where("id", "=", userId).executeTakeFirstOrThrow();
  const profile = await database.selectFrom("profiles").selectAll().where("id", "=", userId).executeTakeFirstOrThrow();
  const sensitive = openProfileFields(runtime().keyring, profile);
  const files: ExportedFile[] = [];
  const storedFiles = async (ids: string[]) =>
    ids.length === 0
      ? new Map<string, StoredFile>()
      : new Map(
          (
            await database
              .selectFrom("stored_files")
              .selectAll()
              .where("id", "in", ids)
              .where("owner_id", "=", userId)
              .where("deletion_requested_at", "is", null)
              .execute()
          ).map((file) => [file.id, file]),
        );
  const addFile = (folder: string, file: StoredFile | undefined): string | null => {
    // A photo still being converted, or whose conversion failed (its object deleted), has nothing to export yet.
    if (!file || file.status !== "ready") return null;
    const path = `fichiers/${folder}/${zipName(files.length + 1, servedFileName(file.original_name, file.media_type))}`;
    files.push({ path, file });
    return path;
  };

  const [verification, documents, cases, emails, sessions, reads] = await Promise.all([
    database.selectFrom("identity_verification_status").selectAll().where("user_id", "=", userId).executeTakeFirst(),
    database.selectFrom("identity_verification_documents").selectAll().where("user_id", "=", userId).orderBy("uploaded_at").orderBy("id").execute(),
    database.selectFrom("cases").selectAll().where("user_id", "=", userId).orderBy("created_at").orderBy("id").execute(),
    database
      .selectFrom("email_logs")
      .select(["sent_at", "subject", "body", "status", "body_deleted_at"])
      .where(sql<string>`lower(recipient_email)`, "=", user.email.toLowerCase())
      .orderBy("sent_at")
      .execute(),
    database.selectFrom("session").select(["createdAt", "updatedAt", "expiresAt", "ipAddress", "userAgent"]).where("userId", "=", userId).orderBy("createdAt").execute(),
    database
      .selectFrom("staff_audit_log as l")
      .leftJoin("profiles as p", "p.id", "l.actor_id")
      .select(["l.created_at", "l.action", "l.target_type", "l.target_id", "p.first_name", "p.last_name", "p.role"])
      .where(sql<string>`l.after ->> 'subjectUserId'`, "=", userId)
      .where("l.action", "in", [...PERSONAL_DATA_READ_ACTIONS])
      .orderBy("l.created_at")
      .orderBy("l.id")
      .execute(),
  ]);

  const identityFiles = await storedFiles(documents.flatMap((d) => (d.stored_file_id ? [d.stored_file_id] : [])));
  const identityDocuments = documents.map((d) => ({
    id: d.id,
    step: d.step_number,
    document_type: d.document_type,
    side: d.document_side,
    proof_type: d.proof_type,
    file_name: d.file_name,
    status: d.status,
    obsolete: d.obsolete,
    rejection_reason: d.rejection_reason,
    uploaded_at: iso(d.uploaded_at),
    reviewed_at: iso(d.reviewed_at),
    file_deleted_at: iso(d.file_deleted_at),
    file_in_export: d.stored_file_id ? addFile("identite", identityFiles.get(d.stored_file_id)) : null,
  }));

  const caseIds = cases.map((c) => c.id);
  const [history, payments, identifiers, evidence, messages] = caseIds.length
    ? await Promise.all([
        database.selectFrom("case_status_history").selectAll().where("case_id", "in", caseIds).orderBy("created_at").orderBy("id").execute(),
        database.selectFrom("case_payments").selectAll().where("case_id", "in", caseIds).orderBy("paid_on").orderBy("created_at").execute(),
        database.selectFrom("case_identifiers").selectAll().where("case_id", "in", caseIds).orderBy("created_at").execute(),
        database.selectFrom("case_evidence").selectAll().where("case_id", "in", caseIds).orderBy("created_at").orderBy("id").execute(),
        database
          .selectFrom("case_chat_messages as m")
          .leftJoin("profiles as s", "s.id", "m.sender_id")
          .select(["m.case_id", "m.sender_id", "m.message", "m.file_name", "m.file_id", "m.created_at", "m.read_at", "s.first_name", "s.last_name", "s.role"])
          .where("m.case_id", "in", caseIds)
          .orderBy("m.case_id")
          .orderBy("m.seq")
          .execute(),
      ])
    : [[], [], [], [], []];
  const evidenceFiles = await storedFiles(evidence.filter((e) => e.uploaded_by === userId).map((e) => e.stored_file_id));
  const chatFiles = await storedFiles(messages.flatMap((m) => (m.sender_id === userId && m.file_id ? [m.file_id] : [])));
  const senderName = (m: (typeof messages)[number]) =>
    m.sender_id === userId ? "vous" : m.first_name ? `${m.role === "lawyer" ? "Maître " : ""}${m.first_name} ${m.last_name ?? ""}`.trim() : "Recours";

  const exportedCases = cases.map((c) => {
    const { draft_data: draftData, total_amount_lost: totalLost, ...facts } = c;
    const folder = `dossiers/${c.case_number}`;
    return {
      ...facts,
      total_amount_lost: totalLost,
      draft_data: draftData ?? null,
      assigned_at: iso(c.assigned_at),
      submitted_at: iso(c.submitted_at),
      opened_at: iso(c.opened_at),
      created_at: iso(c.created_at),
      updated_at: iso(c.updated_at),
      status_history: history
        .filter((h) => h.case_id === c.id)
        .map((h) => ({ from_status: h.from_status, to_status: h.to_status, note: h.note, automatic: h.system_reason !== null, at: iso(h.created_at) })),
      payments: payments
        .filter((p) => p.case_id === c.id)
        .map((p) => ({ ...p, created_at: iso(p.created_at), updated_at: iso(p.updated_at) })),
      identifiers: identifiers.filter((i) => i.case_id === c.id).map((i) => ({ kind: i.kind, value: i.value, note: i.note, payment_id: i.payment_id, created_at: iso(i.created_at) })),
      evidence: evidence
        .filter((e) => e.case_id === c.id)
        .map((e) => ({
          id: e.id,
          category: e.category,
          description: e.description,
          original_sha256: Buffer.from(e.original_sha256).toString("hex"),
          added_by_you: e.uploaded_by === userId,
          added_at: iso(e.created_at),
          file_in_export: e.uploaded_by === userId ? addFile(`${folder}/preuves`, evidenceFiles.get(e.stored_file_id)) : null,
        })),
      messages: messages
        .filter((m) => m.case_id === c.id)
        .map((m) => ({
          from: senderName(m),
          text: m.message,
          file_name: m.file_name,
          file_in_export: m.sender_id === userId && m.file_id ? addFile(`${folder}/messagerie`, chatFiles.get(m.file_id)) : null,
          sent_at: iso(m.created_at),
          read_at: iso(m.read_at),
        })),
    };
  });

  const data = {
    format: "recours-export-donnees/1",
    generated_at: now.toISOString(),
    account: { id: user.id, email: user.email, email_verified: user.emailVerified, created_at: iso(new Date(user.createdAt)) },
    profile: {
      email: profile.email,
      first_name: profile.first_name,
      last_name: profile.last_name,
      role: profile.role,
      birth_date: sensitive.birthDate,
      nif: sensitive.nif,
      phone_mobile: profile.phone_mobile,
      phone_fixed: profile.phone_fixed,
      address: profile.address,
      postal_code: profile.postal_code,
      city: profile.city,
      department: profile.department,
      country: profile.country,
      profile_completed: profile.profile_completed,
      identity_verified: profile.identity_verified,
      privacy_policy_accepted_at: iso(profile.privacy_policy_accepted_at),
      terms_accepted_at: iso(profile.terms_accepted_at),
      created_at: iso(profile.created_at),
      updated_at: iso(profile.updated_at),
    },
    identity_verification: {
      status: verification ? { current_step: verification.current_step, overall_status: verification.overall_status, completed_at: iso(verification.completed_at) } : null,
      documents: identityDocuments,
    },
    cases: exportedCases,
    emails_sent_to_you: emails.map((e) => ({ sent_at: iso(e.sent_at), subject: e.subject, body: e.body_deleted_at ? null : e.body, status: e.status, body_erased_at: iso(e.body_deleted_at) })),
    sessions: sessions.map((s) => ({ signed_in_at: iso(new Date(s.createdAt)), last_active_at: iso(new Date(s.updatedAt)), expires_at: iso(new Date(s.expiresAt)), ip_address: s.ipAddress, user_agent: s.userAgent })),
    staff_reads_of_your_data: reads.map((r) => ({
      at: iso(r.created_at),
      by: r.first_name ? `${r.first_name} ${r.last_name ?? ""}`.trim() : null,
      role: r.role === "lawyer" ? "Avocat" : r.role === "admin" ? "Administrateur" : null,
      action: r.action,
      target: `${r.target_type}:${r.target_id}`,
    })),
  };
  return { data, files };
}

const README = `Vos données chez Recours
========================

Ce fichier ZIP contient tout ce que Recours conserve à votre sujet (RGPD, articles 15 et 20) :

- donnees.json : votre compte et votre profil (dont votre date de naissance et votre NIF, déchiffrés), votre
  vérification d'identité, vos dossiers avec leur historique de statuts, leurs paiements, les identifiants de
  l'escroc, les preuves et les messages échangés avec votre avocat, les e-mails que nous vous avons envoyés, vos
  sessions de connexion et la liste des consultations de vos données par l'équipe Recours.
- fichiers/ : les fichiers que vous nous avez envoyés, déchiffrés : pièces d'identité et justificatifs encore
  conservés, preuves de vos dossiers, pièces jointes de vos messages. Le champ "file_in_export" de donnees.json
  indique où se trouve chacun.

Ce fichier contient vos documents d'identité : conservez-le dans un endroit sûr et ne le partagez pas.
`;

/**
 * The ZIP as a stream: the JSON and the read-me first, then each file opened only when the archive reaches it
 * (decrypted through the storage gateway, one at a time), stored without recompression.
 */
export function zipExport(contents: ExportContents, storage: FileStorage, now = new Date()): Readable {
  const zip = new ZipFile();
  const output = new PassThrough();
  zip.on("error", (error: Error) => output.destroy(error));
  zip.outputStream.on("error", (error: Error) => output.destroy(error));
  zip.outputStream.pipe(output);
  zip.addBuffer(Buffer.from(README, "utf8"), "LISEZ-MOI.txt", { mtime: now });
  zip.addBuffer(Buffer.from(JSON.stringify(contents.data, null, 2), "utf8"), "donnees.json", { mtime: now });
  for (const { path, file } of contents.files) {
    zip.addReadStreamLazy(path, { mtime: file.created_at, compress: false, size: Number(file.size_bytes) }, (callback) => {
      storage.openObject(file).then(
        (stream) => {
          stream.on("error", (error) => output.destroy(error));
          callback(null, stream);
        },
        (error: unknown) => callback(error, undefined as unknown as NodeJS.ReadableStream),
      );
    });
  }
  zip.end();
  return output;
}

const exportPayload = (payload: Record<string, unknown>): string => {
  const id = payload.exportId;
  if (typeof id !== "string" || !/^[0-9a-f-]{36}$/i.test(id)) throw new PermanentJobError("export de données : identifiant invalide");
  return id;
};

/**
 * The export job: builds the ZIP into the storage gateway (encrypted like every file), then in one transaction records
 * the file, marks the export ready for 24 hours, queues the email (its link made when it is sent) and the job that
 * deletes the file at expiry. Run twice, the second run finds the export no longer queued and does nothing.
 */
export function createDataExportHandler(storage: () => FileStorage = fileStorage): JobHandler {
  return async (job, database) => {
    const exportId = exportPayload(job.payload);
    const row = await database.selectFrom("data_exports").select(["id", "user_id", "status"]).where("id", "=", exportId).executeTakeFirst();
    if (!row || row.status !== "queued") return;
    const gateway = storage();
    try {
      const started = Date.now();
      const contents = await collectExportContents(database, row.user_id);
      const fileId = randomUUID();
      const written = await gateway.writeObject(fileId, zipExport(contents, gateway));
      let expiresAt: Date | null = null;
      try {
        expiresAt = await database.transaction().execute(async (trx) => {
          const current = await trx.selectFrom("data_exports").select("status").where("id", "=", exportId).forUpdate().executeTakeFirst();
          if (current?.status !== "queued") return null;
          const person = await trx.selectFrom("profiles").select(["email", "first_name"]).where("id", "=", row.user_id).executeTakeFirstOrThrow();
          const readyAt = new Date();
          const expires = new Date(readyAt.getTime() + DATA_EXPORT_LINK_HOURS * HOUR_MS);
          const day = readyAt.toISOString().slice(0, 10);
          await gateway.record(trx, written, { ownerId: row.user_id, originalName: `recours-mes-donnees-${day}.zip`, mediaType: "application/zip" });
          await trx
            .updateTable("data_exports")
            .set({ status: "ready", ready_at: readyAt, expires_at: expires, stored_file_id: fileId, size_bytes: written.sizeBytes })
            .where("id", "=", exportId)
            .execute();
          await enqueueEmail(trx, {
            to: person.email,
            template: "export-donnees-pret",
            variables: { prenom: person.first_name, date_expiration: formatLongDateTime(expires) },
            personalLink: { kind: "data-export", userId: row.user_id, exportId },
          });
          await enqueueJob(trx, { kind: DATA_EXPORT_EXPIRY_JOB, payload: { exportId }, runAt: expires });
          return expires;
        });
      } catch (error) {
        await gateway.discardObject(written.objectName);
        throw error;
      }
      if (expiresAt === null) {
        await gateway.discardObject(written.objectName);
        return;
      }
      jobsEnqueued();
      logger.info(
        { exportId, userId: row.user_id, files: contents.files.length, bytes: written.sizeBytes, milliseconds: Date.now() - started },
        "export des données prêt",
      );
    } catch (error) {
      if (job.attempt >= job.maxAttempts) {
        await database.updateTable("data_exports").set({ status: "failed" }).where("id", "=", exportId).where("status", "=", "queued").execute();
        logger.error({ err: error, exportId }, "export des données en échec");
      }
      throw error;
    }
  };
}

/** Deletes an export's file (row marked first, like the retention sweep: a crash leaves it for the next sweep). */
async function discardExportFile(database: Kysely<Database>, storage: FileStorage, exportId: string): Promise<void> {
  const row = await database.selectFrom("data_exports").select("stored_file_id").where("id", "=", exportId).executeTakeFirst();
  if (!row?.stored_file_id) return;
  const marked = await database
    .updateTable("stored_files")
    .set({ deletion_requested_at: sql<Date>`coalesce(deletion_requested_at, now())` })
    .where("id", "=", row.stored_file_id)
    .returning("object_name")
    .executeTakeFirst();
  if (!marked) return;
  await storage.store.delete(marked.object_name);
  await database.deleteFrom("stored_files").where("id", "=", row.stored_file_id).where("deletion_requested_at", "is not", null).execute();
}

/** At the link's expiry: the file goes (the row stays, so the page says 'expiré'). */
export function createDataExportExpiryHandler(storage: () => FileStorage = fileStorage): JobHandler {
  return async (job, database) => {
    await discardExportFile(database, storage(), exportPayload(job.payload));
  };
}

/**
 * The email job's maker of an export link: a new random token, stored only as its SHA-256 on the export, so the
 * link exists only in the email. Null (no email) when the export is no longer ready.
 */
export const buildDataExportLink: PersonalLinkBuilder = async (request, database) => {
  if (request.kind !== "data-export" || !request.exportId) return null;
  const token = randomBytes(32).toString("base64url");
  const updated = await database
    .updateTable("data_exports")
    .set({ token_hash: tokenHash(token) })
    .where("id", "=", request.exportId)
    .where("user_id", "=", request.userId)
    .where("status", "=", "ready")
    .where("downloaded_at", "is", null)
    .where("expires_at", ">", new Date())
    .returning("id")
    .executeTakeFirst();
  if (!updated) return null;
  return `${runtime().env.PUBLIC_URL}/compte/donnees/export?token=${token}`;
};

export type ExportLinkState =
  | { state: "ready"; expiresAt: DateTimeText; sizeBytes: number }
  | { state: "used" | "expired"; status: 410; message: string }
  | { state: "not-found"; status: 404; message: string };

const notFound = { state: "not-found", status: 404, message: dataExportMessages.linkNotFound } as const;

/** What an emailed link leads to, for this person: another account's link, or a malformed one, is not found. */
export async function exportLinkState(actor: Actor, token: string | null, now = new Date()): Promise<ExportLinkState> {
  assertUser(actor);
  const parsed = exportTokenSchema.safeParse(token);
  if (!parsed.success) return notFound;
  const row = await db()
    .selectFrom("data_exports")
    .select(["id", "user_id", "status", "requested_at", "expires_at", "downloaded_at", "size_bytes", "stored_file_id"])
    .where("token_hash", "=", tokenHash(parsed.data))
    .executeTakeFirst();
  if (!row || row.user_id !== actor.userId) return notFound;
  const state = stateOf(row, now);
  if (state === "downloaded") return { state: "used", status: 410, message: dataExportMessages.linkUsed };
  if (state !== "ready") return { state: "expired", status: 410, message: dataExportMessages.linkExpired };
  return { state: "ready", expiresAt: dateTimeText(row.expires_at!), sizeBytes: Number(row.size_bytes) };
}

export type ExportDownload =
  | { kind: "file"; fileName: string; sizeBytes: number; stream: Readable }
  | { kind: "refused"; state: Exclude<ExportLinkState, { state: "ready" }> };

/**
 * Opens an export through its emailed link, once: the link is spent atomically as the download starts. A download
 * that does not reach its end (connection lost) gives the link back; one that does deletes the file.
 */
export async function openDataExport(actor: Actor, token: string | null, options: { storage?: FileStorage } = {}): Promise<ExportDownload> {
  assertUser(actor);
  const parsed = exportTokenSchema.safeParse(token);
  if (!parsed.success) return { kind: "refused", state: notFound };
  const storage = options.storage ?? fileStorage();
  const database = db();
  const spent = await database
    .updateTable("data_exports")
    .set({ downloaded_at: sql<Date>`now()` })
    .where("token_hash", "=", tokenHash(parsed.data))
    .where("user_id", "=", actor.userId)
    .where("status", "=", "ready")
    .where("downloaded_at", "is", null)
    .where("expires_at", ">", sql<Date>`now()`)
    .where("stored_file_id", "is not", null)
    .returning(["id", "stored_file_id", "downloaded_at"])
    .executeTakeFirst();
  if (!spent) {
    const state = await exportLinkState(actor, parsed.data);
    return { kind: "refused", state: state.state === "ready" ? { state: "used", status: 410, message: dataExportMessages.linkUsed } : state };
  }
  const giveBack = () =>
    database
      .updateTable("data_exports")
      .set({ downloaded_at: null })
      .where("id", "=", spent.id)
      .where("downloaded_at", "=", spent.downloaded_at)
      .execute();
  let opened: { file: StoredFile; stream: Readable };
  try {
    opened = await storage.open(spent.stored_file_id!);
  } catch (error) {
    await giveBack();
    throw error;
  }
  const body = new PassThrough();
  opened.stream.on("error", (error) => body.destroy(error));
  opened.stream.pipe(body);
  finished(body, (error) => {
    const done = error ? giveBack() : discardExportFile(database, storage, spent.id);
    done.catch((failure: unknown) => logger.error({ err: failure, exportId: spent.id }, "suite du téléchargement de l'export non enregistrée"));
  });
  logger.info({ userId: actor.userId, exportId: spent.id }, "export des données téléchargé");
  return { kind: "file", fileName: opened.file.original_name, sizeBytes: Number(opened.file.size_bytes), stream: body };
}
