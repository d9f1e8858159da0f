import { redirect } from "react-router";

/** Kept: the specification also names /admin/emails/templates for the templates page (issue 14). */
export function loader() {
  return redirect("/admin/email-templates", 301);
}
