import { redirect } from "react-router";
import type { Route } from "./+types/deconnexion";
import { signOut } from "~/modules/accounts/accounts.server";
import { currentActor } from "~/platform/guards.server";

export async function action({ request, context }: Route.ActionArgs) {
  const headers = await signOut(currentActor(context), request);
  return redirect("/", { headers });
}

export function loader() {
  return redirect("/");
}
