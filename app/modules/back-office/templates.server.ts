import { recordStaffAction } from "~/modules/audit/audit.server";
import type { Selectable } from "kysely";
import { isUniqueViolation } from "~/platform/database-errors";
import type { EmailTemplateTable } from "~/platform/database-schema";
import { assertRole, NotFoundError, type Actor } from "~/platform/actor";
import { containsPattern } from "~/platform/like-pattern";
import { db } from "~/platform/runtime.server";
import { backOfficeMessages, SYSTEM_TEMPLATE_REQUIRED_VARIABLES, usedVariables, type TemplateInput } from "./back-office.schema";

export interface TemplateRow {
  id: string;
  key: string | null;
  name: string;
  subject: string;
  body: string;
  variables: string[];
  createdAt: string;
  updatedAt: string;
}

function toRow(row: Omit<Selectable<EmailTemplateTable>, "created_by">): TemplateRow {
  return {
    id: row.id,
    key: row.key,
    name: row.name,
    subject: row.subject,
    body: row.body,
    variables: row.variables,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

const COLUMNS = ["id", "key", "name", "subject", "body", "variables", "created_at", "updated_at"] as const;

/** Admin: templates newest first, searched on name and subject. */
export async function listTemplates(actor: Actor, search: string): Promise<TemplateRow[]> {
  assertRole(actor, "admin");
  const rows = await db()
    .selectFrom("email_templates")
    .select(COLUMNS)
    .$if(search !== "", (q) => q.where((eb) => eb.or([eb("name", "ilike", containsPattern(search)), eb("subject", "ilike", containsPattern(search))])))
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(500)
    .execute();
  return rows.map(toRow);
}

export async function templateById(actor: Actor, id: string): Promise<TemplateRow> {
  assertRole(actor, "admin");
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw new NotFoundError();
  const row = await db().selectFrom("email_templates").select(COLUMNS).where("id", "=", id).executeTakeFirst();
  if (!row) throw new NotFoundError();
  return toRow(row);
}

export type TemplateSaveResult =
  | { ok: true; id: string }
  | { ok: false; status: 400 | 409; fieldErrors: Partial<Record<"name" | "subject" | "body" | "variables" | "form", string>> };

/** A system template keeps every variable the platform fills and needs, in its list and in its text. */
function missingRequired(key: string | null, input: TemplateInput): string[] {
  if (!key) return [];
  const used = usedVariables(`${input.subject}\n${input.body}`);
  return (SYSTEM_TEMPLATE_REQUIRED_VARIABLES[key] ?? []).filter((name) => !input.variables.includes(name) || !used.includes(name));
}

function journalled(template: { name: string; subject: string; body: string; variables: readonly string[] }) {
  return { name: template.name, subject: template.subject, variables: template.variables, body: template.body.slice(0, 2000) };
}

export async function createTemplate(actor: Actor, input: TemplateInput): Promise<TemplateSaveResult> {
  assertRole(actor, "admin");
  try {
    const id = await db()
      .transaction()
      .execute(async (trx) => {
        const row = await trx
          .insertInto("email_templates")
          .values({ name: input.name, subject: input.subject, body: input.body, variables: input.variables, created_by: actor.userId })
          .returning("id")
          .executeTakeFirstOrThrow();
        await recordStaffAction(trx, actor, { action: "template.created", targetType: "template", targetId: row.id, after: journalled(input) });
        return row.id;
      });
    return { ok: true, id };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, status: 409, fieldErrors: { name: backOfficeMessages.templateNameTaken } };
    throw error;
  }
}

export async function updateTemplate(actor: Actor, id: string, input: TemplateInput): Promise<TemplateSaveResult> {
  assertRole(actor, "admin");
  const current = await templateById(actor, id);
  const missing = missingRequired(current.key, input);
  if (missing.length > 0) return { ok: false, status: 400, fieldErrors: { variables: backOfficeMessages.templateRequired(missing) } };
  try {
    await db()
      .transaction()
      .execute(async (trx) => {
        const updated = await trx
          .updateTable("email_templates")
          .set({ name: input.name, subject: input.subject, body: input.body, variables: input.variables })
          .where("id", "=", id)
          .executeTakeFirst();
        if (updated.numUpdatedRows === 0n) throw new NotFoundError();
        await recordStaffAction(trx, actor, {
          action: "template.updated",
          targetType: "template",
          targetId: id,
          before: journalled(current),
          after: journalled(input),
        });
      });
    return { ok: true, id };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, status: 409, fieldErrors: { name: backOfficeMessages.templateNameTaken } };
    throw error;
  }
}

/** Admin: deletes a custom template. A system template (with a key) is refused here and by the database. */
export async function deleteTemplate(actor: Actor, id: string): Promise<{ ok: true; name: string } | { ok: false; status: 409; message: string }> {
  assertRole(actor, "admin");
  const current = await templateById(actor, id);
  if (current.key) return { ok: false, status: 409, message: backOfficeMessages.templateSystemDelete };
  await db()
    .transaction()
    .execute(async (trx) => {
      const deleted = await trx.deleteFrom("email_templates").where("id", "=", id).executeTakeFirst();
      if (deleted.numDeletedRows === 0n) throw new NotFoundError();
      await recordStaffAction(trx, actor, { action: "template.deleted", targetType: "template", targetId: id, before: journalled(current) });
    });
  return { ok: true, name: current.name };
}
