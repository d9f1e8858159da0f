import type { Route } from "./+types/dashboard";
import { AdminDashboardView } from "~/components/dashboard/admin-dashboard";
import { LawyerDashboardView } from "~/components/dashboard/lawyer-dashboard";
import { UserDashboardView } from "~/components/dashboard/user-dashboard";
import { pageTitle } from "~/content/site";
import { dashboardFor } from "~/modules/dashboard/dashboard.server";
import { requireUser } from "~/platform/guards.server";
import { submitCase } from "~/modules/cases/cases.server";
import { caseMessages, submittedDescription } from "~/modules/cases/cases.schema";
import { redirectWithToast } from "~/platform/flash.server";
import { UNREADABLE_FORM_MESSAGE } from "~/platform/form.server";
import { data } from "react-router";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Mon espace") }, { name: "robots", content: "noindex" }];

export async function loader({ url, context }: Route.LoaderArgs) {
  return dashboardFor(requireUser(context), { period: url.searchParams.get("period") });
}

/** The case list's 'Soumettre' (spec §4): the draft is submitted, the list reloads with the spec's toast. */
export async function action({ request, context }: Route.ActionArgs) {
  const actor = requireUser(context);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw data({ formError: UNREADABLE_FORM_MESSAGE }, { status: 400 });
  }
  if (form.get("intent") !== "submit") throw data({ formError: UNREADABLE_FORM_MESSAGE }, { status: 400 });
  const result = await submitCase(actor, String(form.get("caseId") ?? ""));
  if (!result.ok) {
    return redirectWithToast("/dashboard", { title: caseMessages.submitFailed, description: result.message, tone: "error" });
  }
  return redirectWithToast("/dashboard", {
    title: caseMessages.submitted,
    description: submittedDescription(result.caseNumber, result.assignedLawyerId !== null),
    tone: "success",
  });
}

export default function DashboardPage({ loaderData }: Route.ComponentProps) {
  if (loaderData.view === "admin") return <AdminDashboardView dashboard={loaderData} />;
  if (loaderData.view === "lawyer") return <LawyerDashboardView dashboard={loaderData} />;
  return <UserDashboardView dashboard={loaderData} />;
}
