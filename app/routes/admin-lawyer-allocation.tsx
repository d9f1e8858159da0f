import { useState } from "react";
import { AppLink } from "~/components/ui/app-link";
import { data, Form, useNavigation } from "react-router";
import { BackOfficePage, ListAlert, Pagination, pageHref, SearchForm } from "~/components/back-office/back-office-page";
import { z } from "zod";
import { Button } from "~/components/ui/button";
import { AllocationAlertsNotice } from "~/components/back-office/allocation-alerts";
import type { Route } from "./+types/admin-lawyer-allocation";
import { pageTitle } from "~/content/site";
import { allocationOverview, saveAllocation } from "~/modules/cases/allocation.server";
import { ALLOCATION_PAGE_SIZE, activeField, allocationMessages, allocationQuerySchema, lawyerEditHref, parseAllocationForm, percentageField, rowField, SHARE_WINDOW_DAYS } from "~/modules/cases/allocation.schema";
import { redirectWithToast } from "~/platform/flash.server";
import { parseForm } from "~/platform/form.server";
import { requireRole } from "~/platform/guards.server";
import { formatOneDecimal } from "~/lib/format";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Répartition des dossiers") }, { name: "robots", content: "noindex" }];

export async function loader({ url, context }: Route.LoaderArgs) {
  const actor = requireRole(context, "admin");
  const query = allocationQuerySchema.parse(Object.fromEntries(url.searchParams));
  return { q: query.q, overview: await allocationOverview(actor, query) };
}

const anyFields = z.record(z.string(), z.string());

export async function action({ url, request, context }: Route.ActionArgs) {
  const actor = requireRole(context, "admin");
  const form = await parseForm(request, anyFields);
  if (!form.ok) return data({ error: allocationMessages.saveFailed, fieldErrors: form.fieldErrors, values: form.values }, { status: 400 });
  const parsed = parseAllocationForm(form.data);
  if (!parsed.ok) {
    return data({ error: parsed.fieldErrors.form ?? allocationMessages.range, fieldErrors: parsed.fieldErrors, values: form.values }, { status: 400 });
  }
  const result = await saveAllocation(actor, parsed.rows);
  if (!result.ok) return data({ error: result.message, fieldErrors: result.fieldErrors, values: form.values }, { status: result.status });
  return redirectWithToast(`/admin/lawyer-allocation${url.search}`, {
    title: allocationMessages.saved,
    description: result.changed === 0 ? "Aucune valeur n'a changé." : "Les prochains dossiers soumis suivront ces pourcentages.",
    tone: "success",
  });
}

export default function AllocationPage({ loaderData, actionData }: Route.ComponentProps) {
  const { overview, q } = loaderData;
  // A new page, search or saved state starts the form again from the stored values.
  const formKey = `${overview.page}:${q}:${overview.rows.map((row) => `${row.lawyerId}=${row.percentage}${row.active ? "+" : "-"}`).join(",")}`;
  return <AllocationForm key={formKey} overview={overview} q={q} actionData={actionData} />;
}

function AllocationForm({
  overview,
  q,
  actionData,
}: {
  overview: Route.ComponentProps["loaderData"]["overview"];
  q: string;
  actionData: Route.ComponentProps["actionData"];
}) {
  const navigation = useNavigation();
  const posted = actionData?.values;
  const [rows, setRows] = useState(() =>
    overview.rows.map((row) => ({
      ...row,
      input: posted?.[percentageField(row.lawyerId)] ?? String(row.percentage),
      on: posted ? posted[activeField(row.lawyerId)] === "on" : row.active,
    })),
  );
  // The lawyers of other pages keep their stored percentages: the total is theirs plus this page's inputs.
  const otherPages = overview.total - overview.rows.reduce((sum, row) => sum + (row.active ? row.percentage : 0), 0);
  const total = otherPages + rows.reduce((sum, row) => sum + (row.on ? Number(row.input) || 0 : 0), 0);
  const errors: Partial<Record<string, string>> = actionData?.fieldErrors ?? {};
  const update = (lawyerId: string, change: Partial<{ input: string; on: boolean }>) =>
    setRows((current) => current.map((row) => (row.lawyerId === lawyerId ? { ...row, ...change } : row)));
  const first = (overview.page - 1) * ALLOCATION_PAGE_SIZE + 1;

  return (
    <BackOfficePage
      id="titre-repartition"
      title="Répartition des dossiers"
      intro={
        <>
          Chaque dossier soumis est confié automatiquement à un avocat actif dont le pourcentage est supérieur à 0&#x202f;: au fil des soumissions,
          la part de chacun suit son pourcentage. La somme des pourcentages des avocats actifs, sur toutes les pages, ne peut pas dépasser 100&#x202f;%&#x202f;;
          « Enregistrer » garde les avocats de cette page. À côté de chaque objectif, la part réellement reçue sur les {SHARE_WINDOW_DAYS} derniers
          jours ({overview.assignedRecently} dossier(s) attribué(s)).
        </>
      }
    >
      {actionData ? <ListAlert>{actionData.error}</ListAlert> : null}
      <div className="mt-4">
        <AllocationAlertsNotice id="titre-alerte-repartition" alerts={overview.alerts} />
      </div>

      <SearchForm label="Rechercher un avocat" placeholder="Adresse e-mail, prénom ou nom" value={q} />
      {overview.matching > 0 ? (
        <p className="mt-4 text-slate-700">
          Avocats {first} à {first + rows.length - 1} sur {overview.matching}
          {q ? ` correspondant à « ${q} »` : ""}&#x202f;: ceux qui reçoivent des dossiers d'abord, par pourcentage décroissant.
        </p>
      ) : null}

      {rows.length === 0 ? (
        <p className="mt-8">{q ? `Aucun avocat ne correspond à « ${q} ».` : "Aucun avocat n'est inscrit pour le moment."}</p>
      ) : (
        <Form method="post" action={`/admin/lawyer-allocation${pageHref(q, overview.page)}`} className="mt-6">
          <ul className="space-y-3">
            {rows.map((row) => {
              const inputId = `pourcentage-${row.lawyerId}`;
              const error = errors[percentageField(row.lawyerId)];
              return (
                <li key={row.lawyerId}>
                  <fieldset className="grid gap-3 rounded-lg border border-slate-300 bg-white p-4 sm:grid-cols-[1fr_auto_auto_14rem] sm:items-center">
                    <legend className="sr-only">
                      Maître {row.firstName} {row.lastName}
                    </legend>
                    <input type="hidden" name={rowField(row.lawyerId)} value="1" />
                    <div>
                      <div aria-hidden="true">
                        <p className="font-semibold">
                          Maître {row.firstName} {row.lastName}
                        </p>
                        <p className="break-all text-sm text-slate-700">{row.email}</p>
                      </div>
                      {row.barComplete ? null : (
                        <p id={`${inputId}-barreau`} className="mt-1 text-sm font-semibold text-amber-900" data-bar-missing="">
                          Barreau ou numéro d'inscription manquant&#x202f;: ses clients ne pourraient pas le vérifier, sa part reste à 0&#x202f;%.{" "}
                          <AppLink to={lawyerEditHref(row)} className="text-brand-800 underline">
                            Les renseigner<span className="sr-only"> pour Maître {row.firstName} {row.lastName}</span>
                          </AppLink>
                        </p>
                      )}
                    </div>
                    <label className="inline-flex min-h-11 items-center gap-2 font-semibold">
                      <input
                        type="checkbox"
                        role="switch"
                        name={activeField(row.lawyerId)}
                        checked={row.on}
                        onChange={(event) => update(row.lawyerId, { on: event.currentTarget.checked })}
                        className="size-5"
                      />
                      Actif<span className="sr-only"> : Maître {row.firstName} {row.lastName}</span>
                    </label>
                    <div>
                      <label htmlFor={inputId} className="block text-sm font-semibold">
                        Pourcentage<span className="sr-only"> de Maître {row.firstName} {row.lastName}</span>
                      </label>
                      <span className="inline-flex items-center gap-1">
                        <input
                          id={inputId}
                          name={percentageField(row.lawyerId)}
                          type="number"
                          inputMode="numeric"
                          min={0}
                          max={100}
                          step={1}
                          value={row.input}
                          disabled={!row.on}
                          aria-invalid={error ? true : undefined}
                          aria-describedby={[error ? `${inputId}-erreur` : null, row.barComplete ? null : `${inputId}-barreau`].filter(Boolean).join(" ") || undefined}
                          onChange={(event) => update(row.lawyerId, { input: event.currentTarget.value })}
                          className="min-h-11 w-24 rounded-md border border-slate-400 px-2 disabled:bg-slate-100"
                        />
                        <span aria-hidden="true">%</span>
                      </span>
                      {error ? (
                        <p id={`${inputId}-erreur`} className="mt-1 text-sm font-semibold text-red-800">
                          {error}
                        </p>
                      ) : null}
                    </div>
                    <p className="text-sm text-slate-800">
                      Part réelle ({SHARE_WINDOW_DAYS} j)&#x202f;:{" "}
                      <span className="font-semibold">{row.actualShare === null ? "aucun dossier" : `${formatOneDecimal(row.actualShare)}\u202f%`}</span>
                      <span className="block text-slate-700">
                        {row.assignedRecently} attribué(s), {row.activeCases} dossier(s) actif(s)
                      </span>
                    </p>
                  </fieldset>
                </li>
              );
            })}
          </ul>
          <div className="mt-4 flex flex-wrap items-center justify-between gap-4">
            <p aria-live="polite" className={`font-semibold ${total > 100 ? "text-red-800" : "text-slate-900"}`}>
              Total des avocats actifs&#x202f;: {total}&#x202f;%{total > 100 ? ` — ${allocationMessages.sumTooHigh}` : ""}
            </p>
            <Button size="lg" disabled={navigation.state === "submitting"}>
              {navigation.state === "submitting" ? "Enregistrement..." : "Enregistrer la répartition"}
            </Button>
          </div>
        </Form>
      )}
      {overview.pageCount > 1 ? (
        <Pagination
          label="Pages"
          back={overview.page > 1 ? { to: pageHref(q, overview.page - 1), label: "Page précédente" } : null}
          status={`Page ${overview.page} sur ${overview.pageCount}`}
          next={overview.page < overview.pageCount ? { to: pageHref(q, overview.page + 1), label: "Page suivante" } : null}
        />
      ) : null}
    </BackOfficePage>
  );
}
