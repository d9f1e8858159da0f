import { Notice, type NoticeTone } from "~/components/ui/notice";
import { formatDateTime } from "~/lib/format";
import { revealerText, type CallCodeCheck } from "~/modules/call-verification/call-verification.schema";

const HANG_UP = "Raccrochez\u202f: ce n'est ni Recours ni votre avocat. Ne payez rien, n'installez rien, ne donnez aucun code.";

function describe(check: CallCodeCheck): { tone: NoticeTone; title: string; text: string } {
  const next = `Votre nouveau code est ${check.current.code}.`;
  switch (check.outcome) {
    case "valid":
      return {
        tone: "success",
        title: "Ce code est le bon",
        text: `Il a été affiché par ${revealerText(check.revealedBy)}, le ${formatDateTime(check.revealedBy.at)}. Ce code a maintenant servi\u202f: ${next}`,
      };
    case "not-revealed":
      return {
        tone: "warning",
        title: "Personne chez Recours n'a affiché ce code",
        text: `C'est bien le code de votre écran, mais ni votre avocat ni l'équipe Recours ne l'a affiché. Si quelqu'un vous l'a lu, il a pu voir votre écran\u202f: méfiez-vous. ${HANG_UP} Ce code est remplacé\u202f: ${next}`,
      };
    case "used":
      return {
        tone: "danger",
        title: "Ce code a déjà servi",
        text: `Il a été utilisé le ${formatDateTime(check.usedAt)} et n'est plus valable. Si quelqu'un vous le lit maintenant, ce n'est pas Recours. ${next}`,
      };
    case "expired":
      return {
        tone: "danger",
        title: "Ce code n'est plus valable",
        text: `C'est un code d'un jour précédent\u202f: les codes changent chaque jour à minuit (heure de Paris). Votre code d'aujourd'hui est ${check.current.code}. ${HANG_UP}`,
      };
    case "unknown":
      return { tone: "danger", title: "Ce n'est pas votre code", text: `Le code qu'on vous a lu ne correspond pas à celui de votre espace. ${HANG_UP}` };
  }
}

/** What the client's check of a code found, in French, with the code to use now. */
export function CallCodeCheckResult({ check }: { check: CallCodeCheck }) {
  const { tone, title, text } = describe(check);
  return (
    <div data-call-code-check={check.outcome}>
      <Notice id="resultat-code" tone={tone} title={title}>
        <p>{text}</p>
      </Notice>
    </div>
  );
}
