import { sql } from "kysely";
import { recordPersonalDataReads } from "~/modules/audit/audit.server";
import { openProfileFields } from "~/modules/profile/sensitive-fields.server";
import { assertRole, type Actor, type UserActor } from "~/platform/actor";
import type { DocumentSide, DocumentStatus, DocumentType, ProofOfAddressType } from "~/platform/database-schema";
import { encodeCursor } from "~/platform/keyset";
import { cursorTime, flaggedOlderThan } from "~/platform/keyset.server";
import { containsPattern, FULL_ADDRESS } from "~/platform/like-pattern";
import { db, runtime } from "~/platform/runtime.server";
import { formatSize } from "~/lib/format";
import type { ReviewQuery, UploadStep } from "./identity.schema";
import { DOCUMENT_FILE_COLUMNS, documentFile, documentsWithFiles } from "./verification-status.server";

const REVIEW_PAGE_SIZE = 20;

export interface ReviewGroup {
  /** Any document of the group identifies it; the newest one is used. */
  groupId: string;
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  birthDate: string | null;
  address: string | null;
  postalCode: string | null;
  city: string | null;
  documentType: DocumentType;
  stepNumber: UploadStep;
  day: string;
  status: DocumentStatus;
  uploadedAt: string;
  ownDocuments: boolean;
  documents: {
    id: string;
    side: DocumentSide;
    proofType: ProofOfAddressType | null;
    fileId: string | null;
    fileName: string;
    mediaType: string;
    fileStatus: string | null;
    size: string;
    status: DocumentStatus;
    rejectionReason: string | null;
    reviewedAt: string | null;
  }[];
}

export interface ReviewPage {
  groups: ReviewGroup[];
  /** Groups matching the search and filter, up to REVIEW_COUNT_CAP. */
  total: number;
  /** More than REVIEW_COUNT_CAP groups match. */
  totalCapped: boolean;
  /** The cursor of the next page (keyset), or null on the last one. */
  nextCursor: string | null;
  firstPage: boolean;
  pendingGroups: number;
}

/**
 * The review console's list: groups (person, type, step, upload day) of non-obsolete documents, pending first then
 * newest, a page at a time by keyset over identity_document_groups (kept by the database, migration 0027).
 */
export const REVIEW_COUNT_CAP = 10_000;
const REVIEW_STATUSES: readonly DocumentStatus[] = ["pending", "approved", "rejected"];

export async function reviewQueue(actor: Actor, query: ReviewQuery): Promise<ReviewPage> {
  assertRole(actor, "admin");
  const database = db();
  const term = query.q.trim();
  const pattern = term ? containsPattern(term) : null;
  const cursor = query.after ?? null;
  // Every group has its person (foreign key, cascade): the count needs no join.
  let matching = database.selectFrom("identity_document_groups as g");
  if (query.status !== "all") matching = matching.where("g.status", "=", query.status);
  if (pattern) {
    const contains = sql`SELECT person.id FROM profiles person
      WHERE person.email ILIKE ${pattern} OR person.first_name ILIKE ${pattern} OR person.last_name ILIKE ${pattern}
         OR person.first_name || ' ' || person.last_name ILIKE ${pattern}`;
    // A whole address: its person by the unique index, and the contains search only when nobody has it (decision
    // 0057's rule; the trigram scan of an address sharing the domain of every other costs 7–13 ms, 100 under load).
    const people = FULL_ADDRESS.test(term)
      ? sql`WITH exact AS (SELECT id FROM profiles WHERE lower(email) = ${term.toLowerCase()})
          SELECT id FROM exact UNION ALL SELECT c.id FROM (${contains}) c WHERE NOT EXISTS (SELECT 1 FROM exact)`
      : contains;
    // One branch per index: the people through their own indexes then their groups by key, the groups through the
    // file names' one. An OR of both in one WHERE would scan every group.
    matching = matching.where(
      sql<boolean>`(g.user_id, g.document_type, g.step_number, g.group_day) IN (
        SELECT x.user_id, x.document_type, x.step_number, x.group_day FROM identity_document_groups x
         WHERE x.user_id IN (${people})
        UNION
        SELECT x.user_id, x.document_type, x.step_number, x.group_day FROM identity_document_groups x WHERE x.file_names ILIKE ${pattern})`,
    );
  }
  const [rows, counts] = await Promise.all([
    matching
      .innerJoin("profiles as p", "p.id", "g.user_id")
      .select([
        "g.user_id",
        "g.document_type",
        "g.step_number",
        "g.group_day",
        "g.status",
        "g.pending",
        "g.last_upload",
        cursorTime("g.last_upload").as("cursor_at"),
        "g.anchor_id",
        "p.email",
        "p.first_name",
        "p.last_name",
        "p.fields_key_id",
        "p.fields_wrapped_key",
        "p.birth_date_sealed",
        "p.nif_sealed",
        "p.address",
        "p.postal_code",
        "p.city",
      ])
      .$if(cursor !== null, (qb) => qb.where(flaggedOlderThan("g.pending", "g.last_upload", "g.anchor_id", cursor!)))
      .orderBy("g.pending", "desc")
      .orderBy("g.last_upload", "desc")
      .orderBy("g.anchor_id", "desc")
      .limit(REVIEW_PAGE_SIZE + 1)
      .execute(),
    // Without a search the counts are kept by the database (platform_counts, migration 0111); with one, the matching
    // groups are counted up to the cap only: past it the page says "10 000+" (an exact count grows with the years).
    sql<{ n: string; pending: string }>`
      SELECT ${
        pattern
          ? sql`(SELECT count(*) FROM (${matching.select(sql`1`.as("one")).limit(REVIEW_COUNT_CAP + 1)}) counted)`
          : sql`(SELECT coalesce(sum(n), 0) FROM platform_counts WHERE name IN (${sql.join(
              (query.status === "all" ? REVIEW_STATUSES : [query.status]).map((status) => `document_groups_${status}`),
            )}))`
      } AS n,
      (SELECT coalesce(sum(n), 0) FROM platform_counts WHERE name = 'document_groups_pending') AS pending`
      .execute(database)
      .then((result) => result.rows[0]!),
  ]);
  const keys = rows.slice(0, REVIEW_PAGE_SIZE);
  const last = keys[keys.length - 1];
  const nextCursor = rows.length > REVIEW_PAGE_SIZE && last ? encodeCursor(last.cursor_at, last.anchor_id, last.pending) : null;
  const documents = keys.length
    ? await documentsWithFiles(database)
        .select([
          "d.id",
          "d.user_id",
          "d.document_type",
          "d.step_number",
          "d.group_day",
          ...DOCUMENT_FILE_COLUMNS,
          "d.file_size",
          "d.status",
          "d.rejection_reason",
          "d.reviewed_at",
        ])
        .where("d.obsolete", "=", false)
        .where("d.user_id", "in", [...new Set(keys.map((row) => row.user_id))])
        .orderBy("d.uploaded_at")
        .orderBy("d.document_side")
        .execute()
    : [];
  const groups: ReviewGroup[] = keys.map((row) => ({
    groupId: row.anchor_id,
    userId: row.user_id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    birthDate: openProfileFields(runtime().keyring, { ...row, id: row.user_id }, ["birth_date"]).birthDate,
    address: row.address,
    postalCode: row.postal_code,
    city: row.city,
    documentType: row.document_type,
    stepNumber: Number(row.step_number) as UploadStep,
    day: row.group_day,
    status: row.status,
    uploadedAt: new Date(row.last_upload).toISOString(),
    ownDocuments: row.user_id === actor.userId,
    documents: documents
      .filter((d) => d.user_id === row.user_id && d.document_type === row.document_type && d.step_number === Number(row.step_number) && d.group_day === row.group_day)
      .map((d) => ({
        id: d.id,
        side: d.document_side,
        proofType: d.proof_type,
        ...documentFile(d),
        size: formatSize(Number(d.file_size)),
        status: d.status,
        rejectionReason: d.rejection_reason,
        reviewedAt: d.reviewed_at ? d.reviewed_at.toISOString() : null,
      })),
  }));
  // The console shows each person's birth date (sealed in the database): a read of identity data by staff.
  await recordPersonalDataReads(
    database,
    actor as UserActor,
    [...new Set(groups.filter((group) => group.birthDate).map((group) => group.userId))].map((userId) => ({
      action: "profile.sensitive-viewed" as const,
      subjectUserId: userId,
      targetType: "user",
      targetId: userId,
      details: { fields: ["birth_date"], screen: "identity-review" },
    })),
    { coalesceMinutes: 30 },
  );
  return { groups, total: Math.min(Number(counts.n), REVIEW_COUNT_CAP), totalCapped: Number(counts.n) > REVIEW_COUNT_CAP, nextCursor, firstPage: cursor === null, pendingGroups: Number(counts.pending) };
}
