import { FigureSourceNote } from "./figure-source";
import { Link } from "react-router";
import { formatPercent, scamTypes, successRateLabel } from "~/content/site";

/** One card per scam type (spec: title, description, success rate, acceptance rate, link to its page). */
export function ScamCardGrid() {
  return (
    <>
    <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
      {scamTypes.map((scam) => (
        <li key={scam.slug} className="flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <h3 className="text-lg font-semibold text-slate-900">{scam.title}</h3>
          <p className="mt-2 flex-1 text-slate-700">{scam.description}</p>
          <dl className="mt-4 flex gap-6 text-sm">
            <div>
              <dt className="text-slate-700">Taux de réussite</dt>
              <dd data-figure="scamRates" className="text-xl font-bold text-green-800">{successRateLabel(scam)}</dd>
            </div>
            {scam.acceptanceRate === null ? null : (
              <div>
                <dt className="text-slate-700">Dossiers acceptés</dt>
                <dd data-figure="scamRates" className="text-xl font-bold text-brand-800">{formatPercent(scam.acceptanceRate)}</dd>
              </div>
            )}
          </dl>
          <Link
            to={`/arnaques/${scam.slug}`}
            className="mt-4 inline-flex min-h-11 items-center font-semibold text-brand-800 underline underline-offset-4"
          >
            En savoir plus<span className="sr-only"> : {scam.title}</span>
            <span aria-hidden="true">&nbsp;→</span>
          </Link>
        </li>
      ))}
    </ul>
    <p data-figure-source="scamRates" className="mt-4 text-sm text-slate-600">
      Taux de réussite et dossiers acceptés par type d'arnaque. <FigureSourceNote figure={"scamRates"} />
    </p>
    </>
  );
}
