import { data, Form, useSearchParams } from "react-router";
import { Button, ButtonLink } from "~/components/ui/button";
import { controlClasses } from "~/components/ui/field";
import type { Route } from "./+types/admin-lawyers";
import { BackOfficePage, InlineAlert, pageHref, PersonCell, Pagination, SearchForm, StaffTable } from "~/components/back-office/back-office-page";
import { pageTitle } from "~/content/site";
import { BAR_DIRECTORY_URL, backOfficeMessages, LAWYER_LEVEL_LABELS, LAWYER_LEVELS, lawyerActionSchema, lawyerListQuerySchema } from "~/modules/back-office/back-office.schema";
import { listLawyers, setBarDetails, setLawyerLevel } from "~/modules/back-office/lawyers.server";
import { NotFoundError } from "~/platform/actor";
import { redirectWithToast } from "~/platform/flash.server";
import { parseForm } from "~/platform/form.server";
import { requireRole } from "~/platform/guards.server";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Avocats") }, { name: "robots", content: "noindex" }];

/** The lawyer whose level and bar are being edited (?edit=<id>): only that row carries the forms. */
function editedLawyer(raw: string | null): string | null {
  return raw && /^[\w-]{1,100}$/.test(raw) ? raw : null;
}

function pageNumber(raw: string | null): number {
  const page = Number(raw ?? "1");
  return Number.isInteger(page) && page >= 1 && page <= 1000 ? page : 1;
}

export async function loader({ url, context }: Route.LoaderArgs) {
  const actor = requireRole(context, "admin");
  const parsed = lawyerListQuerySchema.safeParse({ q: url.searchParams.get("q") ?? undefined });
  if (!parsed.success) {
    return data(
      { q: "", editing: null, page: { lawyers: [], page: 1, hasNext: false }, error: parsed.error.issues[0]?.message ?? "Recherche illisible." },
      { status: 400 },
    );
  }
  const page = await listLawyers(actor, { q: parsed.data.q, page: pageNumber(url.searchParams.get("page")) });
  return { q: parsed.data.q, editing: editedLawyer(url.searchParams.get("edit")), page, error: null };
}

export async function action({ url, request, context }: Route.ActionArgs) {
  const actor = requireRole(context, "admin");
  const form = await parseForm(request, lawyerActionSchema);
  // Saved, the row closes its forms; refused, it keeps them open with the message.
  const kept = new URLSearchParams(url.searchParams);
  kept.delete("edit");
  const back = `/admin/lawyers${kept.size > 0 ? `?${kept}` : ""}`;
  if (!form.ok) {
    const intent = form.values.intent;
    const message =
      form.fieldErrors.level ?? form.fieldErrors.barName ?? form.fieldErrors.barNumber ?? form.fieldErrors.intent ?? form.fieldErrors.lawyerId ?? "Action illisible.";
    return data({ lawyerId: form.values.lawyerId ?? null, error: intent === "level" ? `${backOfficeMessages.levelError}\u202f: ${message}` : message }, { status: 400 });
  }
  try {
    if (form.data.intent === "level") {
      await setLawyerLevel(actor, form.data);
      return redirectWithToast(back, { title: backOfficeMessages.levelUpdated, tone: "success" });
    }
    await setBarDetails(actor, form.data);
    return redirectWithToast(back, { title: backOfficeMessages.barUpdated, tone: "success" });
  } catch (error) {
    if (error instanceof NotFoundError) return data({ lawyerId: form.data.lawyerId, error: backOfficeMessages.lawyerUnknown }, { status: 404 });
    throw error;
  }
}

export default function AdminLawyersPage({ loaderData, actionData }: Route.ComponentProps) {
  const { q, page, error, editing } = loaderData;
  const [params] = useSearchParams();
  const editLink = (lawyerId: string | null) => {
    const next = new URLSearchParams(params);
    if (lawyerId) next.set("edit", lawyerId);
    else next.delete("edit");
    return `/admin/lawyers${next.size > 0 ? `?${next}` : ""}`;
  };
  const rowError = (id: string) => <InlineAlert className="mt-1">{actionData?.lawyerId === id ? actionData.error : null}</InlineAlert>;
  return (
    <BackOfficePage
      id="titre-avocats"
      title="Avocats"
      intro={
        <>
          Dossiers actifs (attribués, non fermés) et clients de chaque avocat. Le barreau et le numéro d'inscription sont montrés aux
          clients, qui peuvent les vérifier dans l'
          <a href={BAR_DIRECTORY_URL} className="font-semibold text-brand-800 underline" rel="noreferrer" target="_blank">
            annuaire national des avocats
          </a>
          .
        </>
      }
    >
      <SearchForm label="Rechercher un avocat" placeholder="Adresse e-mail, prénom ou nom" value={q} error={error} />
      <InlineAlert>{actionData && !page.lawyers.some((lawyer) => lawyer.id === actionData.lawyerId) ? actionData.error : null}</InlineAlert>
      <StaffTable caption="Avocats, par nom" rows={page.lawyers} empty="Aucun avocat ne correspond à cette recherche." columns={[
        { header: "Avocat", cell: (lawyer) => <PersonCell person={lawyer} /> },
        { header: "Dossiers actifs", cell: (lawyer) => lawyer.activeCases },
        { header: "Clients", cell: (lawyer) => lawyer.clients },
        {
          header: "Niveau",
          // Closed, a row shows its values and a link: the forms of 50 rows (each row rendered twice, table and
          // phone cards) made most of the page's weight (decision 0057).
          cell: (lawyer) =>
            editing !== lawyer.id ? (
              <span>{lawyer.level ? LAWYER_LEVEL_LABELS[lawyer.level] : "Non défini"}</span>
            ) : (
              <Form method="post" className="flex flex-wrap items-end gap-2">
                <input type="hidden" name="intent" value="level" />
                <input type="hidden" name="lawyerId" value={lawyer.id} />
                <label htmlFor={`niveau-${lawyer.id}`} className="sr-only">
                  Niveau de {lawyer.firstName} {lawyer.lastName}
                </label>
                <select id={`niveau-${lawyer.id}`} name="level" defaultValue={lawyer.level ?? ""} className={controlClasses(undefined)}>
                  {lawyer.level ? null : <option value="">Non défini</option>}
                  {LAWYER_LEVELS.map((level) => (
                    <option key={level} value={level}>
                      {LAWYER_LEVEL_LABELS[level]}
                    </option>
                  ))}
                </select>
                <Button variant="secondary">
                  Enregistrer<span className="sr-only"> le niveau de {lawyer.firstName} {lawyer.lastName}</span>
                </Button>
              </Form>
            ),
        },
        {
          header: "Barreau",
          cell: (lawyer) =>
            editing !== lawyer.id ? (
              <>
                <span className="block">
                  {lawyer.barName || lawyer.barNumber ? [lawyer.barName, lawyer.barNumber].filter(Boolean).join(", ") : "Non renseigné"}
                </span>
                <ButtonLink to={editLink(lawyer.id)} preventScrollReset variant="link">
                  Modifier<span className="sr-only"> le niveau et le barreau de {lawyer.firstName} {lawyer.lastName}</span>
                </ButtonLink>
                {rowError(lawyer.id)}
              </>
            ) : (
              <Form method="post" className="grid gap-2">
                <input type="hidden" name="intent" value="bar" />
                <input type="hidden" name="lawyerId" value={lawyer.id} />
                <label htmlFor={`barreau-${lawyer.id}`} className="text-sm font-semibold">
                  Barreau
                </label>
                <input id={`barreau-${lawyer.id}`} name="barName" defaultValue={lawyer.barName ?? ""} maxLength={100} placeholder="Paris" className={controlClasses(undefined)} />
                <label htmlFor={`numero-${lawyer.id}`} className="text-sm font-semibold">
                  Numéro d'inscription
                </label>
                <input id={`numero-${lawyer.id}`} name="barNumber" defaultValue={lawyer.barNumber ?? ""} maxLength={30} className={controlClasses(undefined)} />
                <Button variant="secondary">
                  Enregistrer<span className="sr-only"> le barreau de {lawyer.firstName} {lawyer.lastName}</span>
                </Button>
                {rowError(lawyer.id)}
                <ButtonLink to={editLink(null)} preventScrollReset variant="link">
                  Fermer<span className="sr-only"> la modification de {lawyer.firstName} {lawyer.lastName}</span>
                </ButtonLink>
              </Form>
            ),
        },
      ]} />
      <Pagination
        label="Pages"
        back={page.page > 1 ? { to: pageHref(q, page.page - 1), label: "Page précédente" } : null}
        next={page.hasNext ? { to: pageHref(q, page.page + 1), label: "Page suivante" } : null}
      />
    </BackOfficePage>
  );
}
