import { redirect } from "react-router";

/** Kept: /admin/comptes was a published staff URL (issues 4, 5, 9); its actions moved to each person's page under /admin/users (issue 14). */
export function loader() {
  return redirect("/admin/users", 301);
}

export function action() {
  return redirect("/admin/users", 303);
}
