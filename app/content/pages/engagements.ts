import { PRODUCT_NAME } from "~/content/site";
import type { Feature } from "~/content/types";

/** The 'Nos engagements' trust block, shown on the home page and on /fonctionnement. */
export type EngagementsContent = {
  heading: string;
  intro: string;
  /** Exactly four commitments. */
  commitments: readonly [Feature, Feature, Feature, Feature];
  /** Shown with the fourth commitment: the national lawyers' directory, where anyone can check a lawyer. */
  lawyerDirectoryLink: { text: string; href: string };
  /** One line; the page appends the contact e-mail address right after it. */
  impostorWarning: string;
};

export const engagementsContent: EngagementsContent = {
  heading: "Nos engagements",
  intro: `Des escrocs se font parfois passer pour des services d'aide aux victimes. Voici ce que ${PRODUCT_NAME} fera toujours, et ne fera jamais.`,
  commitments: [
    {
      icon: "euro",
      title: "Jamais de frais pour débloquer votre argent",
      text: "L'analyse de votre dossier est gratuite. Les honoraires de l'avocat sont écrits dans une convention d'honoraires que vous signez avant tout travail, et nous ne vous réclamerons jamais de « frais de dossier » pour débloquer votre argent.",
    },
    {
      icon: "lock",
      title: "Jamais vos codes ni votre ordinateur",
      text: "Nous ne vous demandons jamais vos mots de passe ni vos codes bancaires. Nous ne vous demandons jamais d'installer une application pour prendre la main sur votre téléphone ou votre ordinateur.",
    },
    {
      icon: "alert",
      title: "Jamais de cryptomonnaie ni de cartes cadeaux",
      text: "Nous ne vous demandons jamais de payer en cryptomonnaie (bitcoin…), en cartes cadeaux, en coupons ou en cartes prépayées.",
    },
    {
      icon: "scale",
      title: "Des avocats que vous pouvez vérifier",
      text: "Votre avocat partenaire vous est présenté avec son nom et son barreau. Vous pouvez vérifier vous-même son inscription dans l'annuaire national des avocats.",
    },
  ],
  lawyerDirectoryLink: {
    text: "Vérifier un avocat dans l'annuaire national",
    href: "https://www.cnb.avocat.fr/fr/annuaire-des-avocats-de-france",
  },
  impostorWarning: `Si quelqu'un vous demande l'une de ces choses au nom de ${PRODUCT_NAME}, c'est un escroc. Ne donnez rien et prévenez-nous\u202f:`,
};
