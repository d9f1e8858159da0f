import { sql, type Selectable } from "kysely";
import { feeModelFrom } from "~/content/operator.server";
import type { FeeModel } from "~/lib/fees";
import type { FieldErrors } from "~/lib/form";
import { recordStaffAction } from "~/modules/audit/audit.server";
import { assertRole, NotFoundError, type Actor } from "~/platform/actor";
import type { Executor, FeeAgreementTemplateTable } from "~/platform/database-schema";
import { db, runtime } from "~/platform/runtime.server";
import type { TemplateSection } from "./agreements.schema";
import { defaultTemplate } from "./default-template";
import { templateProblems, type AgreementTemplate, type TemplateVersionInput } from "./templates.schema";

/**
 * The fee agreement's templates (issue 30, decision 0077). A version is immutable (the database refuses any change);
 * a new version never changes an agreement already proposed or signed, which names the version it was made from.
 */

/** The operator's fee model, as this process was configured (FEE_* variables, read once at start). */
export function currentFeeModel(): FeeModel {
  return feeModelFrom(runtime().env);
}

type TemplateRow = Selectable<FeeAgreementTemplateTable> & { author_first_name: string | null; author_last_name: string | null; author_deleted_at: Date | null };

function selectTemplates(executor: Executor) {
  return executor
    .selectFrom("fee_agreement_templates as t")
    .leftJoin("profiles as p", "p.id", "t.created_by")
    .selectAll("t")
    .select(["p.first_name as author_first_name", "p.last_name as author_last_name", "p.deleted_at as author_deleted_at"]);
}

function sectionsOf(value: unknown): TemplateSection[] {
  const parsed: unknown = typeof value === "string" ? JSON.parse(value) : value;
  return Array.isArray(parsed) ? (parsed as TemplateSection[]) : [];
}

function toTemplate(row: TemplateRow): AgreementTemplate {
  const author = row.author_first_name !== null && row.author_deleted_at === null ? `${row.author_first_name} ${row.author_last_name ?? ""}`.trim() : null;
  return {
    id: row.id,
    version: row.version,
    title: row.title,
    sections: sectionsOf(row.sections),
    baseFeeMinCents: row.base_fee_min_cents,
    baseFeeMaxCents: row.base_fee_max_cents,
    baseFeeDue: row.base_fee_due,
    resultPercentMinBp: row.result_percent_min_bp,
    resultPercentMaxBp: row.result_percent_max_bp,
    createdAt: row.created_at.toISOString(),
    createdBy: author ? { name: author } : null,
  };
}

function rowValues(input: TemplateVersionInput) {
  return {
    title: input.title,
    sections: JSON.stringify(input.sections.map(({ kind, title, body }) => ({ kind, title, body }))),
    base_fee_min_cents: input.baseFeeMinCents,
    base_fee_max_cents: input.baseFeeMaxCents,
    base_fee_due: input.baseFeeDue,
    result_percent_min_bp: input.resultPercentMinBp,
    result_percent_max_bp: input.resultPercentMaxBp,
  };
}

async function latest(executor: Executor): Promise<AgreementTemplate | null> {
  const row = await selectTemplates(executor).orderBy("t.version", "desc").limit(1).executeTakeFirst();
  return row ? toTemplate(row) : null;
}

/**
 * The template a new proposal uses: the latest version. When there is none yet, version 1 is generated from the
 * operator's fee model (defaultTemplate); two instances doing it at once insert it once (the version is unique).
 * Not a use case: the agreements' use cases call it after their own access checks.
 */
export async function currentTemplate(executor: Executor = db()): Promise<AgreementTemplate> {
  const found = await latest(executor);
  if (found) return found;
  await executor
    .insertInto("fee_agreement_templates")
    .values({ version: 1, ...rowValues(defaultTemplate(currentFeeModel())), created_by: null })
    .onConflict((conflict) => conflict.column("version").doNothing())
    .execute();
  const inserted = await latest(executor);
  if (!inserted) throw new Error("fee_agreement_templates: version 1 missing after its insert");
  return inserted;
}

/** One version by id (an agreement's template); NotFoundError when there is none. */
export async function templateById(executor: Executor, id: string): Promise<AgreementTemplate> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) throw new NotFoundError();
  const row = await selectTemplates(executor).where("t.id", "=", id).executeTakeFirst();
  if (!row) throw new NotFoundError();
  return toTemplate(row);
}

/** Admin: every version, newest first (the current one generated first if none exists yet). */
export async function listTemplates(actor: Actor): Promise<AgreementTemplate[]> {
  assertRole(actor, "admin");
  await currentTemplate();
  const rows = await selectTemplates(db()).orderBy("t.version", "desc").limit(500).execute();
  return rows.map(toTemplate);
}

/** Admin: one version, read-only. */
export async function templateVersion(actor: Actor, id: string): Promise<AgreementTemplate> {
  assertRole(actor, "admin");
  return templateById(db(), id);
}

/** Admin: the version the "Nouvelle version" form starts from, and the fee model its bounds may not exceed. */
export async function newVersionStart(actor: Actor): Promise<{ current: AgreementTemplate; feeModel: FeeModel }> {
  assertRole(actor, "admin");
  return { current: await currentTemplate(), feeModel: currentFeeModel() };
}

export type CreateTemplateResult = { ok: true; template: AgreementTemplate } | { ok: false; status: 400; fieldErrors: FieldErrors };

/**
 * Admin: saves a new version (the latest + 1), checked against every rule (templateProblems) whoever the caller is.
 * The table is locked for the numbering, so two admins saving at once get two consecutive versions.
 */
export async function createTemplateVersion(actor: Actor, input: TemplateVersionInput): Promise<CreateTemplateResult> {
  assertRole(actor, "admin");
  const fieldErrors = templateProblems(input, currentFeeModel());
  if (Object.keys(fieldErrors).length > 0) return { ok: false, status: 400, fieldErrors };
  const id = await db()
    .transaction()
    .execute(async (trx) => {
      // EXCLUSIVE lets readers read and keeps another writer out until this version is committed.
      await sql`LOCK TABLE fee_agreement_templates IN EXCLUSIVE MODE`.execute(trx);
      const { max } = await trx
        .selectFrom("fee_agreement_templates")
        .select((eb) => eb.fn.max("version").as("max"))
        .executeTakeFirstOrThrow();
      const version = (max ?? 0) + 1;
      const row = await trx
        .insertInto("fee_agreement_templates")
        .values({ version, ...rowValues(input), created_by: actor.userId })
        .returning("id")
        .executeTakeFirstOrThrow();
      await recordStaffAction(trx, actor, {
        action: "agreement-template.created",
        targetType: "agreement-template",
        targetId: row.id,
        after: {
          version,
          title: input.title,
          sections: input.sections.map((section) => section.kind),
          baseFeeMinCents: input.baseFeeMinCents,
          baseFeeMaxCents: input.baseFeeMaxCents,
          baseFeeDue: input.baseFeeDue,
          resultPercentMinBp: input.resultPercentMinBp,
          resultPercentMaxBp: input.resultPercentMaxBp,
        },
      });
      return row.id;
    });
  return { ok: true, template: await templateById(db(), id) };
}
