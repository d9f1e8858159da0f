import { figures, PRODUCT_NAME } from "~/content/site";
import type { CallToAction, Feature, Paragraph } from "~/content/types";

export type TimelineMilestone = { year: string; title: string; text: string };

/** /a-propos: mission, values, timeline, leader and legal information. */
export type AboutContent = {
  metaTitle: string;
  metaDescription: string;
  /** The page's only h1 */
  heading: string;
  lead: string;
  mission: { heading: string; paragraphs: readonly Paragraph[] };
  values: { heading: string; items: readonly [Feature, Feature, Feature, Feature] };
  /** One milestone a year, 2020 to 2024. */
  timeline: {
    heading: string;
    milestones: readonly [TimelineMilestone, TimelineMilestone, TimelineMilestone, TimelineMilestone, TimelineMilestone];
  };
  /** The leader's name is the operator's publication director (configurable, see site.ts). */
  leader: { heading: string; role: string; portrait: readonly string[] };
  legalInformation: { heading: string; paragraphs: readonly Paragraph[] };
  closing: { heading: string; text: string; cta: CallToAction };
};

export const aboutContent: AboutContent = {
  metaTitle: "À propos",
  metaDescription: `Depuis ${figures.helpingSince}, ${PRODUCT_NAME} aide les victimes d'arnaques en ligne à se défendre, avec un réseau de ${figures.partnerLawyers} avocats partenaires. Notre mission, nos valeurs.`,
  heading: "Qui sommes-nous\u202f?",
  lead: `${PRODUCT_NAME} aide les victimes d'arnaques en ligne à trouver un avocat compétent et à se défendre\u202f: l'analyse du dossier est gratuite, et les honoraires de l'avocat sont fixés par écrit avant tout travail.`,
  mission: {
    heading: "Notre mission",
    paragraphs: [
      "Perdre de l'argent dans une arnaque est un choc. Beaucoup de victimes ont honte, ne savent pas à qui s'adresser, et certaines se font même voler une deuxième fois par de faux services de récupération.",
      `Notre mission est simple\u202f: offrir aux victimes une aide sérieuse et honnête. ${PRODUCT_NAME} met chaque victime en relation avec un avocat partenaire, inscrit à un barreau, qui étudie son dossier gratuitement et agit pour récupérer ce qui peut l'être.`,
      `Depuis ${figures.helpingSince}, nous avons accompagné ${figures.victimsHelped} victimes.`,
    ],
  },
  values: {
    heading: "Nos valeurs",
    items: [
      {
        icon: "check",
        title: "Transparence",
        text: "Nos tarifs sont écrits avant de commencer. Nous vous disons ce qui est possible, et aussi ce qui ne l'est pas.",
      },
      {
        icon: "heart",
        title: "Humanité",
        text: "Derrière chaque dossier, il y a une personne. Nous prenons le temps d'écouter, d'expliquer, sans jamais juger.",
      },
      {
        icon: "search",
        title: "Rigueur",
        text: "Chaque dossier est étudié avec sérieux, preuves à l'appui, par des avocats formés aux arnaques financières.",
      },
      {
        icon: "shield",
        title: "Indépendance",
        text: "Nous travaillons pour les victimes, et pour elles seules. Les avocats partenaires restent libres de leurs conseils.",
      },
    ],
  },
  timeline: {
    heading: "Notre histoire",
    milestones: [
      {
        year: `${figures.helpingSince}`,
        title: `Création de ${PRODUCT_NAME}`,
        text: "Une petite équipe et quelques avocats s'unissent pour aider les victimes de faux placements.",
      },
      {
        year: "2021",
        title: "Ouverture aux pays voisins",
        text: "Les victimes de Belgique, de Suisse et du Luxembourg peuvent à leur tour être accompagnées.",
      },
      {
        year: "2022",
        title: "Une formation pour nos avocats",
        text: "Nous lançons une formation en cybercriminalité financière pour tous les avocats qui rejoignent le réseau.",
      },
      {
        year: "2023",
        title: "Un espace en ligne pour chaque client",
        text: "Chaque client peut suivre son dossier et écrire à son avocat depuis son espace personnel. Les victimes du Canada sont aussi accueillies.",
      },
      {
        year: "2024",
        title: "Un réseau international",
        text: `Le réseau compte ${figures.partnerLawyers} avocats partenaires et intervient dans ${figures.countriesOfIntervention} pays.`,
      },
    ],
  },
  leader: {
    heading: "Notre dirigeant",
    role: "Fondateur et président",
    portrait: [
      `À l'origine de ${PRODUCT_NAME}, une conviction\u202f: une victime d'arnaque ne doit ni rester seule, ni payer pour faire analyser son dossier.`,
      "Son rôle est de veiller à ce que chaque dossier soit étudié avec sérieux, et à ce que chaque client sache toujours où en est le sien.",
    ],
  },
  legalInformation: {
    heading: "Informations légales",
    paragraphs: [
      [
        `L'identité de la société qui édite ${PRODUCT_NAME} (raison sociale, siège, numéro d'immatriculation) figure dans nos `,
        { text: "mentions légales", href: "/mentions-legales" },
        ".",
      ],
      `${PRODUCT_NAME} n'est pas un cabinet d'avocats. Nous vous mettons en relation avec des avocats partenaires et nous vous aidons à suivre votre dossier. Les conseils juridiques sont donnés par les avocats partenaires, qui sont inscrits à un barreau.`,
    ],
  },
  closing: {
    heading: "Besoin d'aide après une arnaque\u202f?",
    text: "Décrivez votre situation. Un avocat partenaire l'étudie gratuitement et vous dit ce qui est possible.",
    cta: { label: "Récupérer mon argent maintenant", to: "/inscription" },
  },
};
