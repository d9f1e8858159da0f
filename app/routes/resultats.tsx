import type { Route } from "./+types/resultats";
import { PageHero } from "~/components/marketing/page-hero";
import { PageSection } from "~/components/marketing/page-section";
import { HIDDEN_FIGURE_TEXT, resultsContent as content } from "~/content/pages/results";
import { publicPageMeta } from "~/content/seo";
import { formatCount, formatDate, formatDateTime } from "~/lib/format";
import { staticPageHandle } from "~/lib/page-handle";
import { anonymousActor } from "~/modules/accounts/accounts.server";
import { publishedResults } from "~/modules/results/results.server";

// Served from the public-page cache like the other content pages: the cache renders a page again in the background
// once it is older than a minute, so a new outcome shows here within about a minute (decision 0082).
export const handle = staticPageHandle;

export async function loader({ request }: Route.LoaderArgs) {
  const results = await publishedResults(anonymousActor(request));
  return {
    from: results.from.toISOString(),
    to: results.to.toISOString(),
    computedAt: results.computedAt.toISOString(),
    minCases: results.minCases,
    figures: results.figures,
    byScamType: results.byScamType,
    typesBelowThreshold: results.typesBelowThreshold,
  };
}

export const meta: Route.MetaFunction = (args) => publicPageMeta(args, { title: content.metaTitle, description: content.metaDescription });

const cases = (count: number) => `${formatCount(count)} ${count >= 2 ? "dossiers clos" : "dossier clos"}`;

export default function ResultsPage({ loaderData: results }: Route.ComponentProps) {
  return (
    <>
      <PageHero heading={content.heading} lead={<p>{content.lead}</p>} />
      <PageSection
        id="chiffres"
        heading={content.figuresHeading}
        intro={
          <p>
            Période&#x202f;: du <time dateTime={results.from}>{formatDate(results.from)}</time> au <time dateTime={results.to}>{formatDate(results.to)}</time>{" "}
            (les 12 derniers mois). Calculé le <time dateTime={results.computedAt}>{formatDateTime(results.computedAt)}</time>. Un chiffre qui repose sur
            moins de {cases(results.minCases)} n'est pas publié.
          </p>
        }
      >
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-results="">
          {results.figures.map((figure) => (
            <div key={figure.key} className="flex flex-col rounded-xl border border-slate-300 bg-white p-5" data-figure={figure.key}>
              <dt className="font-semibold text-slate-900">{figure.label}</dt>
              <dd className="mt-2 text-3xl font-bold text-brand-800" data-figure-value="">
                {figure.text ?? <span className="text-base font-normal text-slate-700">{HIDDEN_FIGURE_TEXT}</span>}
              </dd>
              <dd className="mt-2 text-sm text-slate-700">{figure.definition}</dd>
              <dd className="mt-2 text-sm font-semibold text-slate-800" data-figure-based-on={figure.basedOn}>
                {`Repose sur ${cases(figure.basedOn)}.`}
              </dd>
            </div>
          ))}
        </dl>
      </PageSection>
      <PageSection id="par-type" heading={content.byTypeHeading} tone="muted">
        {results.byScamType.length === 0 ? (
          <p className="max-w-3xl text-slate-800" data-by-type="none">
            Aucun type d'arnaque ne compte encore au moins {cases(results.minCases)} sur la période&#x202f;: {HIDDEN_FIGURE_TEXT.charAt(0).toLowerCase()}
            {HIDDEN_FIGURE_TEXT.slice(1)}
          </p>
        ) : (
          <div className="overflow-x-auto">
            <table className="min-w-full max-w-3xl border-collapse text-left" data-by-type="">
              <caption className="mb-2 text-left text-slate-800">
                Seuls les types d'arnaque comptant au moins {cases(results.minCases)} sur la période sont détaillés. La médiane porte sur les
                dossiers du type où une somme a été récupérée, et n'est publiée qu'à partir de {cases(results.minCases)} de ce genre.
              </caption>
              <thead>
                <tr className="border-b border-slate-400">
                  <th scope="col" className="py-2 pr-4">Type d'arnaque</th>
                  <th scope="col" className="py-2 pr-4">Dossiers clos</th>
                  <th scope="col" className="py-2 pr-4">Avec au moins une somme récupérée</th>
                  <th scope="col" className="py-2">Somme récupérée médiane</th>
                </tr>
              </thead>
              <tbody>
                {results.byScamType.map((type) => (
                  <tr key={type.scamType ?? "none"} className="border-b border-slate-300">
                    <th scope="row" className="py-2 pr-4 font-semibold">{type.label}</th>
                    <td className="py-2 pr-4">{formatCount(type.closed)}</td>
                    <td className="py-2 pr-4">{type.shareText}</td>
                    <td className="py-2" data-type-median="">
                      {type.medianRecoveredText ?? <span className="text-slate-700">{HIDDEN_FIGURE_TEXT}</span>}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {results.typesBelowThreshold > 0 ? (
              <p className="mt-3 max-w-3xl text-slate-800" data-by-type-below="">
                {results.typesBelowThreshold >= 2 ? `Les ${formatCount(results.typesBelowThreshold)} autres types d'arnaque` : "L'autre type d'arnaque"} de la période&#x202f;: pas encore assez de dossiers clos pour {results.typesBelowThreshold >= 2 ? "les" : "le"} détailler.
              </p>
            ) : null}
          </div>
        )}
      </PageSection>
      <PageSection id="methode" heading={content.method.heading}>
        <ul className="max-w-3xl list-disc space-y-2 pl-5 text-slate-800">
          {content.method.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </PageSection>
    </>
  );
}
