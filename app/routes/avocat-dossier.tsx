import { data, redirect } from "react-router";
import type { Route } from "./+types/avocat-dossier";
import { isUuid } from "~/lib/uuid";
import { markCaseOpened } from "~/modules/cases/lawyer-cases.server";
import { NotFoundError } from "~/platform/actor";
import { requireRole } from "~/platform/guards.server";


/** The lawyer's way into a case (lists, email): marks it opened ('Nouveaux dossiers' no more), then the case page. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const actor = requireRole(context, "lawyer");
  if (!isUuid(params.caseId)) throw data(null, { status: 404 });
  try {
    await markCaseOpened(actor, params.caseId);
  } catch (error) {
    if (error instanceof NotFoundError) throw data(null, { status: 404 });
    throw error;
  }
  return redirect(`/case/${params.caseId}`);
}

/** Never shown: the loader redirects, or its 404 is the not-found page (root error boundary). */
export default function LawyerCaseEntry() {
  return null;
}
