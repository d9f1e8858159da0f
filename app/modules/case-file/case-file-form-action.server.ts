import { data } from "react-router";
import type { z } from "zod";
import type { FieldErrors } from "~/lib/form";
import { redirectWithToast } from "~/platform/flash.server";
import { parseForm } from "~/platform/form.server";
import type { CaseFileResult } from "./case-file.server";

/** What a case-file form page shows again after a refused post: the fields' errors, what was typed, the form's error. */
export interface CaseFileFormAnswer {
  fieldErrors: FieldErrors | undefined;
  values: Record<string, string> | undefined;
  formError: string | undefined;
}

/** A case-file edit's outcome as the page's answer: the form again with its errors, or the case page with a toast. */
export function caseFileAnswer(result: CaseFileResult, done: { back: string; title: string }, values?: Record<string, string>) {
  if (!result.ok) {
    return data<CaseFileFormAnswer>({ fieldErrors: result.fieldErrors, values, formError: result.formError }, { status: result.status });
  }
  return redirectWithToast(done.back, { title: done.title, tone: "success" });
}

/** Parses a case-file form with its shared schema, saves it through the use case, and answers as caseFileAnswer. */
export async function saveCaseFileForm<Schema extends z.ZodType>(
  request: Request,
  schema: Schema,
  save: (input: z.output<Schema>) => Promise<CaseFileResult>,
  done: { back: string; title: string },
) {
  const form = await parseForm(request, schema);
  if (!form.ok) return data<CaseFileFormAnswer>({ fieldErrors: form.fieldErrors, values: form.values, formError: undefined }, { status: 422 });
  return caseFileAnswer(await save(form.data), done, form.values);
}
