import { figures, PRODUCT_NAME } from "~/content/site";
import type { CallToAction, Feature, Step } from "~/content/types";


/** /avocats: recruitment of partner lawyers. */
export type LawyersContent = {
  metaTitle: string;
  metaDescription: string;
  /** The page's only h1 */
  heading: string;
  lead: string;
  benefits: {
    heading: string;
    /** Exactly four: cases in their area, training, international network, the cases they receive. Also shown on the home page. */
    items: readonly [Feature, Feature, Feature, Feature];
  };
  requirements: { heading: string; intro: string; items: readonly string[] };
  process: { heading: string; intro: string; steps: readonly [Step, Step, Step, Step] };
  documents: { heading: string; intro: string; items: readonly string[] };
  clientFees: { heading: string; intro: string };
  application: { heading: string; text: string; cta: CallToAction; note: string };
};

export const lawyersContent: LawyersContent = {
  metaTitle: "Avocats\u202f: rejoignez notre réseau",
  metaDescription: `Avocat\u202f? Rejoignez les ${figures.partnerLawyers} avocats partenaires de ${PRODUCT_NAME}\u202f: des dossiers qualifiés près de chez vous et une formation en cybercriminalité financière.`,
  heading: "Avocats\u202f: rejoignez notre réseau de partenaires",
  lead: `${PRODUCT_NAME} met en relation des victimes d'arnaques en ligne avec des avocats qui savent les défendre. Nous cherchons des confrères et consœurs rigoureux, à l'écoute et motivés par la défense des victimes.`,
  benefits: {
    heading: "Ce que le réseau vous apporte",
    items: [
      {
        icon: "file",
        title: "Des dossiers qualifiés près de chez vous",
        text: "Vous recevez des dossiers déjà préparés, dans votre secteur\u202f: faits résumés, pièces réunies, identité du client vérifiée.",
      },
      {
        icon: "graduation",
        title: "Une formation spécialisée",
        text: "Une formation à la cybercriminalité financière\u202f: circuits des fonds, plateformes frauduleuses, démarches auprès des banques.",
      },
      {
        icon: "globe",
        title: "Un réseau international",
        text: `Vous travaillez avec nos ${figures.partnerLawyers} avocats partenaires, présents dans ${figures.countriesOfIntervention} pays, quand l'argent part à l'étranger.`,
      },
      {
        icon: "euro",
        title: "Des dossiers qui vous sont confiés",
        text: "Le client vous confie son dossier et vous mandate lui-même. Vos honoraires sont fixés avec lui dans une convention écrite, selon les règles de votre profession.",
      },
    ],
  },
  requirements: {
    heading: "Les conditions pour nous rejoindre",
    intro: "Nos clients nous confient souvent leurs économies. Nous demandons donc à nos partenaires\u202f:",
    items: [
      "Être inscrit à un barreau.",
      `Avoir au moins ${figures.lawyerMinimumExperienceYears} ans d'expérience professionnelle.`,
      "Avoir une pratique du contentieux bancaire, financier ou de la cybercriminalité.",
      "Être couvert par une assurance responsabilité civile professionnelle.",
      "Respecter strictement la déontologie de la profession, notamment le secret professionnel et la transparence sur les honoraires.",
    ],
  },
  process: {
    heading: "Comment se passe votre candidature",
    intro: "Quatre étapes, du premier contact à vos premiers dossiers.",
    steps: [
      {
        title: "Candidature",
        text: "Vous nous envoyez votre candidature par e-mail, avec les documents demandés ci-dessous.",
      },
      {
        title: "Évaluation",
        text: "Nous étudions votre dossier, puis nous échangeons avec vous sur votre pratique et vos attentes.",
      },
      {
        title: "Formation",
        text: `Vous suivez notre formation de ${figures.lawyerTrainingWeeks} semaines en cybercriminalité financière.`,
      },
      {
        title: "Certification",
        text: "Une fois la formation validée, vous devenez avocat partenaire certifié et vous recevez vos premiers dossiers.",
      },
    ],
  },
  documents: {
    heading: "Les documents à nous envoyer",
    intro: "Pour que nous puissions étudier votre candidature, joignez à votre e-mail\u202f:",
    items: [
      "Votre CV.",
      "Une attestation d'inscription au barreau.",
      "Une attestation d'assurance responsabilité civile professionnelle.",
      "Des références ou des exemples de dossiers traités (anonymisés).",
      "Une lettre de motivation.",
    ],
  },
  clientFees: {
    heading: "Ce que vos clients paient",
    intro: "Les victimes que nous vous adressons lisent la même règle partout sur le site\u202f:",
  },
  application: {
    heading: "Prêt à nous rejoindre\u202f?",
    text: "Envoyez-nous votre candidature par e-mail. Nous vous répondons personnellement.",
    // The address is the operator's contact address (OPERATOR_EMAIL): see lawyerApplication().
    cta: { label: "Envoyer ma candidature", to: "mailto:" },
    note: "Vous pouvez aussi écrire directement à",
  },
};

/** The application call to action, sent to the operator's contact address (configured, never an example address). */
export function lawyerApplication(email: string): { cta: CallToAction; note: string } {
  return {
    cta: {
      label: lawyersContent.application.cta.label,
      to: `mailto:${email}?subject=${encodeURIComponent("Candidature avocat partenaire")}`,
    },
    note: `${lawyersContent.application.note} ${email}.`,
  };
}
