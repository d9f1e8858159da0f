import { useFigureSource } from "~/components/use-operator";
import { DEVELOPMENT_FIGURE_SOURCE_TEXT, type FigureKey } from "~/content/site";
import { typeset } from "~/lib/typography";

/** "Source : <title linked to its address>, date", or the development mark when the operator has not set it. */
export function FigureSourceNote({ figure }: { figure: FigureKey }) {
  const source = useFigureSource(figure);
  if (!source) return <>{typeset(`Source\u202f: ${DEVELOPMENT_FIGURE_SOURCE_TEXT}`)}</>;
  return (
    <>
      {typeset("Source\u202f: ")}
      <a href={source.url} className="underline">
        {typeset(source.title)}
      </a>
      {typeset(`, ${source.date}`)}
    </>
  );
}
