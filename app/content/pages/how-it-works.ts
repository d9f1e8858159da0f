import { feeTerms } from "~/content/fees";
import { figures, formatPercent, PRODUCT_NAME } from "~/content/site";
import type { FeeModel } from "~/lib/fees";
import type { CallToAction, FaqItem, Feature, Step } from "~/content/types";

/** One phase of the recovery process, with its usual duration. */
export type RecoveryPhase = Step & { duration: string };

/** /fonctionnement: how it works. The 'Nos engagements' block comes from engagements.ts. */
export type HowItWorksContent = {
  metaTitle: string;
  metaDescription: string;
  /** The page's only h1 */
  heading: string;
  lead: string;
  /** What the client does: three steps. */
  steps: { heading: string; intro: string; items: readonly [Step, Step, Step] };
  /** What happens to the case: free analysis, investigation, legal action, recovery. */
  process: {
    heading: string;
    intro: string;
    phases: readonly [RecoveryPhase, RecoveryPhase, RecoveryPhase, RecoveryPhase];
    /** Overall duration and its limits, shown under the phases. */
    note: string;
  };
  guarantees: { heading: string; intro: string; items: readonly Feature[] };
  faq: { heading: string; items: readonly FaqItem[] };
  closing: { heading: string; text: string; cta: CallToAction };
};


export function howItWorksContent(model: FeeModel): HowItWorksContent {
  const fees = feeTerms(model);
  return {
    metaTitle: "Comment ça marche\u202f?",
    metaDescription: `Analyse gratuite, ${fees.upfrontLabel.toLowerCase()}, honoraires de diligence de ${fees.baseFee} et ${fees.resultFeeShort} des sommes récupérées\u202f: découvrez pas à pas comment un avocat vous aide après une arnaque.`,
    heading: "Comment ça marche\u202f?",
    lead: `Vous décrivez ce qui vous est arrivé. Un avocat partenaire étudie votre dossier gratuitement, puis agit pour récupérer votre argent. Vous suivez tout depuis votre espace${fees.nothingUpfront ? ", et vous ne payez rien à l'avance" : ""}.`,
    steps: {
      heading: "Trois étapes pour vous",
      intro: "Vous n'avez pas besoin de connaître le droit. Nous vous guidons à chaque étape.",
      items: [
        {
          title: "Inscrivez-vous et décrivez votre situation",
          text: "Créez votre espace en quelques minutes. Racontez ce qui s'est passé avec vos mots, et ajoutez les preuves que vous avez.",
        },
        {
          title: "Un avocat analyse votre dossier gratuitement",
          text: `En général sous ${figures.firstAnalysis}, un avocat partenaire étudie votre dossier. Il vous dit honnêtement ce qui est possible, et ce que cela peut coûter.`,
        },
        {
          title: "L'avocat agit, vous suivez tout",
          text: "Si vous êtes d'accord, l'avocat lance les démarches. Dans votre espace, vous voyez l'avancement et vous pouvez lui écrire à tout moment.",
        },
      ],
    },
    process: {
      heading: "Les quatre phases de la récupération",
      intro: "Voici ce qui se passe pour votre dossier, du premier contact jusqu'au remboursement.",
      phases: [
        {
          title: "Analyse gratuite",
          duration: figures.firstAnalysis,
          text: "L'avocat lit votre récit et vos preuves. Il vérifie ce qui peut être fait et vous explique ses conclusions simplement.",
        },
        {
          title: "Enquête",
          duration: "Quelques semaines",
          text: "L'avocat suit le chemin de l'argent\u202f: comptes bancaires, plateformes, intermédiaires. Il identifie qui peut être tenu de vous rembourser.",
        },
        {
          title: "Action en justice",
          duration: "Plusieurs mois",
          text: "Réclamations auprès des banques, plaintes, procédures en France ou à l'étranger\u202f: l'avocat choisit les démarches utiles et vous tient informé.",
        },
        {
          title: "Récupération",
          duration: "Selon le dossier",
          text: "Quand des sommes sont récupérées, elles vous sont reversées. L'honoraire de résultat n'est calculé que sur ces sommes, et prélevé seulement avec votre autorisation écrite.",
        },
      ],
      note: `En tout, une procédure dure en général ${figures.typicalProcedure}. Les dossiers les plus complexes peuvent demander jusqu'à ${figures.complexCaseProcedureMonths} mois. Chaque dossier est différent\u202f: personne ne peut garantir le résultat à l'avance.`,
    },
    guarantees: {
      heading: "Nos garanties",
      intro: "Des règles simples, écrites noir sur blanc avant de commencer.",
      items: [
        {
          icon: "euro",
          title: fees.nothingUpfront ? "Aucun frais à l'avance" : "Une analyse gratuite",
          text: `L'analyse de votre dossier est gratuite. Si vous confiez votre dossier à l'avocat, ${fees.baseFeeClause}.`,
        },
        {
          icon: "chart",
          title: `${fees.resultFeeShort} en complément, sur l'argent récupéré`,
          text: `En complément des honoraires de diligence, ${fees.resultFeeClause.replace(/, en complément$/, "")}. Tout est écrit dans la convention d'honoraires que vous signez avec l'avocat.`,
        },
        {
          icon: "file",
          title: "Frais de justice\u202f: jamais sans votre accord",
          text: "Certaines démarches entraînent des frais de justice (huissier, traduction, tribunal étranger…). Ils restent à votre charge, et ne sont engagés qu'avec votre accord écrit préalable.",
        },
        {
          icon: "lock",
          title: "Confidentialité",
          text: "Votre histoire et vos documents restent confidentiels. Seuls l'avocat chargé de votre dossier et notre équipe y ont accès.",
        },
        {
          icon: "scale",
          title: "Des avocats inscrits à un barreau",
          text: "Chaque avocat partenaire est inscrit à un barreau et soumis à la déontologie de sa profession, dont le secret professionnel.",
        },
      ],
    },
    faq: {
      heading: "Vos questions",
      items: [
        {
          question: "Combien cela coûte-t-il\u202f?",
          answer: `L'analyse est gratuite. Si vous confiez votre dossier à l'avocat, vous signez avec lui une convention d'honoraires\u202f: ${fees.baseFeeClause}, et ${fees.resultFeeClause}.${fees.resultExample ? ` Par exemple, ${fees.resultExample}.` : ""} Les éventuels frais de justice restent à votre charge, mais ils ne sont engagés qu'avec votre accord écrit préalable.`,
        },
        {
          question: "Combien de temps cela prend-il\u202f?",
          answer: `La première analyse prend en général ${figures.firstAnalysis}. Ensuite, une procédure dure en général ${figures.typicalProcedure}, parfois jusqu'à ${figures.complexCaseProcedureMonths} mois pour les dossiers complexes. Votre avocat vous donne une estimation pour votre cas.`,
        },
        {
          question: "Quelles sont mes chances de récupérer mon argent\u202f?",
          answer: `Notre taux de réussite est de ${formatPercent(figures.successRatePercent)}, mais chaque dossier est différent. Tout dépend de la rapidité de votre réaction, du chemin pris par l'argent et des preuves disponibles. Personne ne peut vous garantir un résultat\u202f: méfiez-vous de ceux qui le font. Après l'analyse, l'avocat vous dit franchement ce qu'il pense de votre dossier.`,
        },
        {
          question: "J'habite hors de France, pouvez-vous m'aider\u202f?",
          answer: `Oui, si vous habitez en France, en Belgique, en Suisse, au Luxembourg ou au Canada. Et même si l'escroc est ailleurs, notre réseau intervient dans ${figures.countriesOfIntervention} pays.`,
        },
        {
          question: "Quels documents dois-je préparer\u202f?",
          answer: "Rassemblez ce que vous avez\u202f: relevés bancaires montrant les paiements, preuves de virement, e-mails, SMS, captures d'écran des conversations, adresse du site, numéros de téléphone, coordonnées bancaires (IBAN) de l'escroc, et votre récépissé de plainte si vous en avez déposé une. Ce n'est pas grave s'il vous manque quelque chose\u202f: l'avocat vous dira ce qui est utile.",
        },
        {
          question: "Pourquoi dois-je vérifier mon identité\u202f?",
          answer: "Pour vous protéger. L'avocat doit savoir qui il représente, et cela empêche un escroc de se faire passer pour vous pour réclamer votre argent. Nous vous demandons une pièce d'identité, que vous envoyez depuis votre espace sécurisé. Nous ne vous demanderons jamais vos codes bancaires ni vos mots de passe.",
        },
        {
          question: "Puis-je arrêter en cours de route\u202f?",
          answer: "Oui. Vous pouvez mettre fin à l'accompagnement à tout moment, par lettre recommandée. L'arrêt prend effet dès sa réception. Restent à votre charge les honoraires prévus par votre convention pour le travail déjà accompli, et les frais de justice que vous aviez acceptés par écrit et qui sont déjà engagés. Tout est expliqué dans nos conditions générales.",
        },
        {
          question: "Et si rien n'est récupéré\u202f?",
          answer: `Aucun honoraire de résultat n'est dû. ${model.baseFeeCents === 0 ? "Aucun honoraire de diligence n'est dû non plus" : `Les honoraires de diligence (${fees.baseFee}) rémunèrent le travail accompli\u202f: ils restent dus`}, ainsi que les frais de justice que vous aviez acceptés par écrit. C'est pourquoi l'avocat vous explique toujours, avant, ce qu'une démarche coûte et ce qu'elle peut apporter.`,
        },
      ],
    },
    closing: {
      heading: "Prêt à faire analyser votre dossier\u202f?",
      text: `L'analyse est gratuite et sans engagement. ${PRODUCT_NAME} ne vous demandera jamais de payer à l'avance.`,
      cta: { label: "Récupérer mon argent maintenant", to: "/inscription" },
    },
  };
}
