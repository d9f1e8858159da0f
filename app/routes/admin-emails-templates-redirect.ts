import { redirect } from "react-router";

/** The spec's other reading of the templates' path. */
export function loader() {
  return redirect("/admin/email-templates", 301);
}
