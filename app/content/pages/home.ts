import { feeTerms } from "~/content/fees";
import { figures, formatPercent, PRODUCT_NAME } from "~/content/site";
import type { FeeModel } from "~/lib/fees";
import type { CallToAction, Feature, Stat } from "~/content/types";
import { lawyersContent } from "./lawyers";

/** The home page (/). The scam cards come from `scamTypes` in site.ts; the 'Nos engagements' block from engagements.ts. */
export type HomeContent = {
  metaTitle: string;
  metaDescription: string;
  hero: {
    /** The page's only h1 */
    heading: string;
    lead: string;
    primaryCta: CallToAction;
    secondaryCta: CallToAction;
    /** Three short points shown under the calls to action. */
    reassurance: readonly [string, string, string];
  };
  /** Key figures, shown under the hero. */
  stats: readonly [Stat, Stat, Stat, Stat];
  scamTypes: {
    heading: string;
    intro: string;
    successRateLabel: string;
    acceptanceRateLabel: string;
    /** Text of each card's link to /arnaques/{slug} */
    cardLinkLabel: string;
  };
  whyChooseUs: { heading: string; intro: string; benefits: readonly [Feature, Feature, Feature, Feature] };
  expertise: { heading: string; intro: string; blocks: readonly [Feature, Feature, Feature] };
  lawyerRecruitment: {
    heading: string;
    text: string;
    benefits: readonly Feature[];
    cta: CallToAction;
  };
  closing: { heading: string; text: string; cta: CallToAction };
};

const recoverCta: CallToAction = { label: "Récupérer mon argent maintenant", to: "/inscription" };

export function homeContent(model: FeeModel): HomeContent {
  const fees = feeTerms(model);
  return {
    metaTitle: "Récupérer l'argent perdu dans une arnaque en ligne",
    metaDescription: `Victime d'une arnaque en ligne\u202f? Des avocats partenaires étudient votre dossier gratuitement. ${fees.upfrontLabel}, honoraires de diligence de ${fees.baseFee} et ${fees.resultFeeShort} des sommes récupérées.`,
    hero: {
      heading: "Victime d'une arnaque en ligne\u202f? Des avocats vous aident à récupérer votre argent.",
      lead: `Un avocat partenaire étudie votre dossier gratuitement et vous dit honnêtement ce qui est possible. Ses honoraires sont fixés par écrit avant tout travail\u202f: ${fees.baseFeeClause}, et ${fees.resultFeeClause}.`,
      primaryCta: recoverCta,
      secondaryCta: { label: "Comment ça marche\u202f?", to: "/fonctionnement" },
      reassurance: [
        "Analyse gratuite de votre dossier",
        fees.upfrontLabel,
        "Avocats inscrits au barreau",
      ],
    },
    stats: [
      { value: formatPercent(figures.successRatePercent), label: "taux de réussite", figure: "successRate" },
      { value: figures.partnerLawyers, label: "avocats partenaires", figure: "partnerLawyers" },
      { value: figures.countriesOfIntervention, label: "pays d'intervention", figure: "countriesOfIntervention" },
      { value: figures.victimsHelped, label: `victimes accompagnées depuis ${figures.helpingSince}`, figure: "victimsHelped" },
    ],
    scamTypes: {
      heading: "Quelle arnaque avez-vous subie\u202f?",
      intro: "Choisissez la situation qui ressemble le plus à la vôtre. Vous y trouverez les signes qui ne trompent pas et ce qu'un avocat peut faire pour vous.",
      successRateLabel: "Taux de réussite",
      acceptanceRateLabel: "Dossiers acceptés",
      cardLinkLabel: "En savoir plus",
    },
    whyChooseUs: {
      heading: `Pourquoi choisir ${PRODUCT_NAME}\u202f?`,
      intro: "Après une arnaque, on a besoin de personnes de confiance. Voici comment nous travaillons.",
      benefits: [
        {
          icon: "search",
          title: "Une analyse gratuite, sans engagement",
          text: `Un avocat étudie votre dossier, en général sous ${figures.firstAnalysis}. Il vous dit honnêtement ce qui est possible. Vous décidez ensuite, sans pression.`,
        },
        {
          icon: "euro",
          title: fees.nothingUpfront ? "Rien à payer pour commencer" : "Des honoraires connus d'avance",
          text: `L'analyse est gratuite. Les honoraires de l'avocat sont écrits dans une convention signée avant tout travail\u202f: ${fees.baseFeeClause}, et ${fees.resultFeeClause}.`,
        },
        {
          icon: "scale",
          title: "De vrais avocats, vérifiables",
          text: "Chaque avocat partenaire est inscrit à un barreau. Vous connaissez son nom et vous pouvez vérifier son inscription.",
        },
        {
          icon: "users",
          title: "Un suivi clair, à chaque étape",
          text: "Dans votre espace, vous voyez où en est votre dossier et vous échangez avec votre avocat par messagerie.",
        },
      ],
    },
    expertise: {
      heading: "Notre expertise",
      intro: "Récupérer de l'argent volé demande du droit, de la méthode et de la rapidité.",
      blocks: [
        {
          icon: "scale",
          title: "Analyse juridique",
          text: "L'avocat étudie vos preuves, identifie les responsables possibles (escrocs, banques, intermédiaires) et choisit les bons recours.",
        },
        {
          icon: "globe",
          title: "Action internationale",
          text: `Les escrocs agissent souvent depuis l'étranger. Notre réseau intervient dans ${figures.countriesOfIntervention} pays pour suivre l'argent là où il est parti.`,
        },
        {
          icon: "chart",
          title: "Récupération efficace",
          text: `Demandes aux banques, plaintes, procédures en justice\u202f: l'avocat mène les démarches utiles. Une procédure dure en général ${figures.typicalProcedure}.`,
        },
      ],
    },
    lawyerRecruitment: {
      heading: "Vous êtes avocat\u202f?",
      text: `Rejoignez nos ${figures.partnerLawyers} avocats partenaires et aidez les victimes d'arnaques en ligne à se défendre.`,
      benefits: lawyersContent.benefits.items,
      cta: { label: "Rejoindre le réseau", to: "/avocats" },
    },
    closing: {
      heading: "Faites analyser votre dossier gratuitement",
      text: "Décrivez ce qui vous est arrivé en quelques minutes. Un avocat l'étudie et vous dit ce qui est possible. L'analyse est gratuite et vous restez libre de votre décision.",
      cta: recoverCta,
    },
  };
}
