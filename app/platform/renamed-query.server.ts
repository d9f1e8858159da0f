import { redirect } from "react-router";

/**
 * Query parameter names that links sent by email, printed (the identity check's QR code) or kept as bookmarks carried
 * before the code spoke one vocabulary (decision 71), and their names now. Nothing else reads the old names.
 */
export const RENAMED_QUERY_PARAMETERS: Readonly<Record<string, string>> = {
  statut: "status",
  filtre: "filter",
  apres: "after",
  vue: "view",
  acteur: "actor",
  cible: "target",
  cibleId: "targetId",
  // The case wizard's resume address (/create-case?id=…&etape=N) and the phone hand-off (/verify-identity?etape=2).
  etape: "step",
};

/**
 * For a page whose published links may still carry the old names: answers a permanent redirect to the same
 * address with the current names (a current name already present wins), or returns when there is nothing to rename.
 */
export function redirectRenamedQuery(url: URL): void {
  const names = [...url.searchParams.keys()];
  if (!names.some((name) => Object.hasOwn(RENAMED_QUERY_PARAMETERS, name))) return;
  const renamed = new URLSearchParams();
  for (const [name, value] of url.searchParams) {
    const current = Object.hasOwn(RENAMED_QUERY_PARAMETERS, name) ? RENAMED_QUERY_PARAMETERS[name]! : name;
    if (current !== name && url.searchParams.has(current)) continue;
    renamed.append(current, value);
  }
  const search = renamed.toString();
  throw redirect(search ? `${url.pathname}?${search}` : url.pathname, 301);
}
