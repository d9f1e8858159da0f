import { data } from "react-router";
import type { z } from "zod";
import { NotFoundError, type UserActor } from "~/platform/actor";
import type { Role } from "~/platform/database-schema";
import { redirectWithToast, type Toast } from "~/platform/flash.server";
import { parseForm } from "~/platform/form.server";
import { requireRole } from "~/platform/guards.server";
import { redirectRenamedQuery } from "~/platform/renamed-query.server";

/**
 * A staff list's query, read from the address's search parameters (a schema whose fields fall back on bad values).
 * An address with the French parameter names of older links is first redirected to the English ones.
 */
export function listQuery<Schema extends z.ZodType>(url: URL, schema: Schema): z.output<Schema> {
  redirectRenamedQuery(url);
  return schema.parse(Object.fromEntries(url.searchParams));
}

/** The loader of a staff list page: the role checked, the query read (listQuery), then `{ query, page }` from the list's use case. */
export function staffListLoader<Schema extends z.ZodType, Page>(role: Role, schema: Schema, list: (actor: UserActor, query: z.output<Schema>) => Promise<Page>) {
  return async ({ url, context }: { url: URL; context: Parameters<typeof requireRole>[0] }) => {
    const actor = requireRole(context, role);
    const query = listQuery(url, schema);
    return { query, page: await list(actor, query) };
  };
}

type Refusal = { ok: false; status: number; message: string };

/**
 * A row action of a staff case list (assign a lawyer, change a status): the posted form checked, the use case run,
 * then back to the list with a toast. A refusal answers on the list, beside the case, with the use case's status
 * (400 for an unreadable form, 404 for a case that is gone).
 */
export async function caseRowAction<Schema extends z.ZodType<{ caseId: string }>, Result extends { ok: true } | Refusal>(
  request: Request,
  url: URL,
  schema: Schema,
  options: {
    /** The fields whose message answers an unreadable form, in this order; else `failed`. */
    fields: readonly string[];
    failed: string;
    unknownCase: string;
    run(input: z.output<Schema>): Promise<Result>;
    /** Where the list is, from the posted address (its filters kept). */
    back(url: URL): string;
    toast(result: Extract<Result, { ok: true }>): Toast;
  },
) {
  const form = await parseForm(request, schema);
  if (!form.ok) {
    const message = options.fields.map((field) => form.fieldErrors[field]).find(Boolean) ?? options.failed;
    return data({ caseId: form.values.caseId ?? null, error: message }, { status: 400 });
  }
  try {
    const result = await options.run(form.data);
    if (!result.ok) return data({ caseId: form.data.caseId, error: (result as Refusal).message }, { status: (result as Refusal).status });
    return redirectWithToast(options.back(new URL(url)), options.toast(result as Extract<Result, { ok: true }>));
  } catch (error) {
    if (error instanceof NotFoundError) return data({ caseId: form.data.caseId, error: options.unknownCase }, { status: 404 });
    throw error;
  }
}
