import { officialScamReporting, PRODUCT_NAME, verifyContactNotice } from "~/content/site";
import type { Paragraph } from "~/content/types";

/** /verifier-un-contact (issue 32, decision 84): the call code explained, and the check of a contact. */
export const VERIFY_CONTACT_PATH = verifyContactNotice.path;

export const verifyContactContent = {
  metaTitle: "Vérifier un contact ou un appel",
  metaDescription: `Un appel, un e-mail ou un site se réclame de ${PRODUCT_NAME} ou d'un avocat partenaire\u202f? Vérifiez s'il vient vraiment de nous avant de répondre.`,
  heading: "Vérifier un appel, un e-mail ou un site",
  intro: [
    `De faux avocats et de faux «\u202fservices de récupération\u202f» appellent les victimes d'arnaque en se faisant passer pour ${PRODUCT_NAME} ou pour leur avocat. Avant de répondre, vérifiez.`,
  ] as readonly Paragraph[],
  check: {
    heading: "Ce contact vient-il de Recours\u202f?",
    intro: `Saisissez une adresse e-mail, un numéro de téléphone ou l'adresse d'un site\u202f: nous vous disons s'il appartient à ${PRODUCT_NAME} ou à l'un de ses avocats partenaires. Seule une correspondance exacte compte.`,
    label: "Adresse e-mail, numéro de téléphone ou site",
    hint: "Par exemple contact@exemple.fr, 01 23 45 67 89 ou www.exemple.fr.",
    submit: "Vérifier ce contact",
  },
  results: {
    operator: `Ce contact appartient à ${PRODUCT_NAME}`,
    lawyer: (name: string) => `Ce contact appartient à Me ${name}, avocat partenaire de ${PRODUCT_NAME}`,
    lawyerNote: "Si cette personne vous appelle, demandez-lui quand même de vous lire le code affiché dans votre espace client.",
    operatorNote: "Si l'on vous appelle de notre part, demandez quand même le code affiché dans votre espace client.",
    none: `Aucun lien avec ${PRODUCT_NAME}`,
    noneIntro: `Ce contact n'est ni à ${PRODUCT_NAME} ni à l'un de ses avocats partenaires. Si quelqu'un l'utilise en se réclamant de nous\u202f:`,
  },
  advice: [
    "Ne payez rien, quel que soit le nom donné aux frais (dossier, taxe, déblocage…).",
    "N'installez aucune application, surtout pas de prise de contrôle à distance (AnyDesk, TeamViewer…).",
    "Ne donnez aucun code\u202f: ni bancaire, ni de connexion, ni reçu par SMS.",
    [
      "Signalez-le\u202f: ",
      { text: officialScamReporting.description, href: officialScamReporting.href },
      " et ",
      { text: "17Cyber, l'aide en ligne de la police et de la gendarmerie", href: "https://www.17cyber.gouv.fr/" },
      ".",
    ],
  ] as readonly Paragraph[],
  callCode: {
    heading: "Le code d'appel de votre espace client",
    items: [
      `Si vous êtes client de ${PRODUCT_NAME}, un code de 6 caractères est affiché dans votre espace, sur votre tableau de bord et sur la page de votre dossier.`,
      `Quand votre avocat ou l'équipe ${PRODUCT_NAME} vous appelle, demandez-lui de vous lire ce code. Comparez-le à celui de votre écran.`,
      `S'il ne peut pas le lire, ou s'il lit un autre code, raccrochez\u202f: ce n'est ni ${PRODUCT_NAME} ni votre avocat.`,
      "Le code change chaque jour à minuit (heure de Paris) et après chaque utilisation\u202f: un code qui a déjà servi ne vaut plus rien.",
    ] as readonly Paragraph[],
  },
} as const;
