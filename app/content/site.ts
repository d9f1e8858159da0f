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

/** Placeholder contact details until the operator supplies real ones (the phone number is in ARCEP's fiction range). */
export const contact = {
  email: "contact@recours.example",
  phone: "01 99 00 12 34",
  phoneHref: "tel:+33199001234",
  hours: "Du lundi au vendredi, de 9 h à 18 h",
} as const;

/** The French government's official platform for reporting online scams and illegal content (PHAROS). */
export const officialScamReporting = {
  label: "Signaler une arnaque",
  description: "Sur la plateforme officielle du ministère de l'Intérieur (PHAROS)",
  href: "https://www.internet-signalement.gouv.fr/",
} as const;

export const safetyNotice =
  "Recours ne vous demandera jamais de mot de passe, de code bancaire, d'application de prise de contrôle à distance ni de paiement en cryptomonnaie.";

export const guarantees = {
  successRate: "75%",
  upfrontFees: "0€",
  successFee: "20%",
} as const;

export function pageTitle(title: string): string {
  return `${title} - ${PRODUCT_NAME}`;
}
