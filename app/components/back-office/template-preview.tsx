import { controlClasses } from "~/components/ui/field";
import { useMemo, useState } from "react";
import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/root";
import { renderEmail } from "~/modules/notifications/email-rendering";
import { sampleValue, usedVariables } from "~/modules/back-office/back-office.schema";

/**
 * The template as it will be sent, rendered by the very function the email job uses (same escaping), with sample
 * values the admin can change: the text part, and on request the HTML part in a sandboxed frame where no script runs.
 */
export function TemplatePreview({ subject, body, variables }: { subject: string; body: string; variables: string }) {
  const names = useMemo(() => {
    const declared = variables
      .split(",")
      .map((name) => name.trim())
      .filter((name) => /^[a-z0-9_]{1,40}$/.test(name));
    return [...new Set([...declared, ...usedVariables(`${subject}\n${body}`)])];
  }, [subject, body, variables]);
  const [values, setValues] = useState<Record<string, string>>({});
  // The frame is made only when asked for: closed, the page has no frame to load (nor to scan).
  const [showHtml, setShowHtml] = useState(false);
  const filled = Object.fromEntries(names.map((name) => [name, values[name] ?? sampleValue(name)]));
  // The safety box links to the site as the e-mail will (PUBLIC_URL, from the root loader).
  const siteUrl = useRouteLoaderData<typeof rootLoader>("root")?.publicUrl ?? "";
  const rendered = renderEmail({ subject, body: body || " " }, filled, [], siteUrl);
  return (
    <section aria-labelledby="titre-apercu" className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h2 id="titre-apercu" className="text-xl font-bold text-slate-900">
        Aperçu
      </h2>
      <p className="mt-1 text-sm text-slate-700">Avec des valeurs d'exemple, modifiables ci-dessous. Le texte est échappé comme à l'envoi.</p>
      {names.length > 0 ? (
        <fieldset className="mt-3 grid gap-2">
          <legend className="font-semibold">Valeurs d'exemple</legend>
          {names.map((name) => (
            <div key={name}>
              <label htmlFor={`exemple-${name}`} className="text-sm font-semibold">
                {name}
              </label>
              <input
                id={`exemple-${name}`}
                value={filled[name]}
                onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
                className={controlClasses(undefined)}
              />
            </div>
          ))}
        </fieldset>
      ) : null}
      <p className="mt-4">
        <span className="font-semibold">Objet&#x202f;: </span>
        <span data-preview="subject">{rendered.subject}</span>
      </p>
      <pre className="mt-3 whitespace-pre-wrap rounded-md border border-slate-300 bg-slate-50 p-3 font-sans text-sm" data-preview="text">
        {rendered.text}
      </pre>
      <details className="mt-3" onToggle={(event) => setShowHtml(event.currentTarget.open)}>
        <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold">Version HTML, telle qu'envoyée</summary>
        {showHtml ? (
          <iframe
            title="Aperçu HTML de l'e-mail"
            sandbox=""
            srcDoc={rendered.html}
            className="mt-2 h-96 w-full rounded-md border border-slate-300 bg-white"
            data-preview="html"
          />
        ) : null}
      </details>
    </section>
  );
}
