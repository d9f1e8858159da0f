import { typeset } from "~/lib/typography";
import type { Block, DocumentSection, Paragraph } from "~/content/types";
import { phoneHref, type OperatorIdentity } from "~/content/site";
import { Notice } from "~/components/ui/notice";
import { ContentLink } from "./content-link";
import { buttonClasses } from "~/components/ui/button";

const linkStyle = "font-semibold text-brand-800 underline underline-offset-2";

export function RichText({ text }: { text: Paragraph }) {
  if (typeof text === "string") return <>{text}</>;
  return (
    <>
      {text.map((piece, index) =>
        typeof piece === "string" ? (
          piece
        ) : (
          <ContentLink key={index} href={piece.href} className={linkStyle}>
            {piece.text}
          </ContentLink>
        ),
      )}
    </>
  );
}

export function OperatorIdentityList({ operator }: { operator: OperatorIdentity }) {
  const rows: [string, string][] = [
    ["Raison sociale", operator.name],
    ["Forme juridique", operator.legalForm],
    ["Capital social", operator.shareCapital],
    ["SIREN", operator.siren],
    ["Immatriculation", `RCS ${operator.rcs}`],
    ["Siège social", operator.address],
    ["Directeur de la publication", operator.publicationDirector],
    ["Hébergeur", `${operator.hostName}, ${operator.hostAddress}`],
  ];
  return <DefinitionRows rows={rows} />;
}

export function OperatorContactList({ operator }: { operator: OperatorIdentity }) {
  return (
    <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
      <dt className="font-semibold text-slate-900">Adresse e-mail</dt>
      <dd>
        <a href={`mailto:${operator.email}`} className={`inline-flex min-h-11 items-center break-all ${linkStyle}`}>
          {operator.email}
        </a>
      </dd>
      <dt className="font-semibold text-slate-900">Téléphone</dt>
      <dd>
        <a href={phoneHref(operator.phone)} className={`inline-flex min-h-11 items-center ${linkStyle}`}>
          {typeset(operator.phone)}
        </a>
      </dd>
    </dl>
  );
}

function DefinitionRows({ rows }: { rows: [string, string][] }) {
  return (
    <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-semibold text-slate-900">{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function BlockView({ block, operator, id }: { block: Block; operator: OperatorIdentity; id: string }) {
  switch (block.kind) {
    case "paragraph":
      return (
        <p>
          <RichText text={block.text} />
        </p>
      );
    case "list": {
      const items = block.items.map((item, index) => (
        <li key={index}>
          <RichText text={item} />
        </li>
      ));
      return block.ordered ? (
        <ol className="list-decimal space-y-1 pl-6">{items}</ol>
      ) : (
        <ul className="list-disc space-y-1 pl-6">{items}</ul>
      );
    }
    case "table":
      return (
        // A wide table scrolls in its own region, which the keyboard can reach and scroll (WCAG 2.1.1, axe's
        // scrollable-region-focusable); the page itself never scrolls sideways.
        <div className="overflow-x-auto" role="region" tabIndex={0} aria-label={block.caption}>
          <table className="w-full border-collapse text-left text-sm">
            <caption className="mb-2 text-left font-semibold text-slate-900">{block.caption}</caption>
            <thead>
              <tr>
                {block.head.map((cell) => (
                  <th key={cell} scope="col" className="border border-slate-300 bg-slate-100 px-3 py-2">
                    {cell}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {block.rows.map((row, rowIndex) => (
                <tr key={rowIndex}>
                  {row.map((cell, cellIndex) =>
                    cellIndex === 0 ? (
                      <th key={cellIndex} scope="row" className="border border-slate-300 px-3 py-2 font-medium">
                        {cell}
                      </th>
                    ) : (
                      <td key={cellIndex} className="border border-slate-300 px-3 py-2">
                        {cell}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
    case "notice":
      return (
        <Notice id={id} tone={block.tone} title={block.title} heading="h3">
          <p>
            <RichText text={block.text} />
          </p>
        </Notice>
      );
    case "operator-identity":
      return <OperatorIdentityList operator={operator} />;
    case "operator-contact":
      return <OperatorContactList operator={operator} />;
  }
}

/** A long text (legal pages, statements): h2 per section, numbered anchors, a table of contents. */
export function DocumentSections({
  sections,
  operator,
}: {
  sections: readonly DocumentSection[];
  operator: OperatorIdentity;
}) {
  return (
    <>
      <nav aria-labelledby="sommaire" className="rounded-xl border border-slate-200 bg-white p-5">
        <h2 id="sommaire" className="text-lg font-bold">
          Sommaire
        </h2>
        <ol className="mt-3 space-y-1 text-slate-800">
          {sections.map((section, index) => (
            <li key={section.heading}>
              <a className={buttonClasses({ variant: "subtle" })} href={`#section-${index + 1}`}>
                {section.heading}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((section, index) => (
        <section key={section.heading} aria-labelledby={`section-${index + 1}`} className="mt-10">
          <h2 id={`section-${index + 1}`} className="scroll-mt-4 text-xl font-bold text-slate-900 sm:text-2xl">
            {section.heading}
          </h2>
          <div className="mt-4 space-y-4 leading-relaxed text-slate-800">
            {section.blocks.map((block, blockIndex) => (
              <BlockView key={blockIndex} block={block} operator={operator} id={`section-${index + 1}-${blockIndex}`} />
            ))}
          </div>
        </section>
      ))}
    </>
  );
}
