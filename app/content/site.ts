/** Site-wide content: product name, navigation and outside links. Marketing figures join this module. */
export const PRODUCT_NAME = "Recours";

export const mainNavigation = [
  { to: "/", label: "Accueil" },
  { to: "/fonctionnement", label: "Fonctionnement" },
  { to: "/temoignages", label: "Témoignages" },
  { to: "/a-propos", label: "À propos" },
] as const;

export const legalNavigation = [
  { to: "/mentions-legales", label: "Mentions légales" },
  { to: "/politique-confidentialite", label: "Politique de confidentialité" },
  { to: "/conditions-generales", label: "Conditions générales" },
] as const;

export const nationalBarCouncil = {
  label: "Conseil national des barreaux",
  href: "https://www.cnb.avocat.fr/",
} as const;

export const guarantees = {
  successRate: "75%",
  upfrontFees: "0€",
  successFee: "20%",
} as const;

export function pageTitle(title: string): string {
  return `${title} - ${PRODUCT_NAME}`;
}
