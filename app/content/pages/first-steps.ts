import { illegalContentReporting, officialScamReporting, PRODUCT_NAME, safetyNotice, verifyContactNotice } from "~/content/site";
import type { CallToAction, Paragraph } from "~/content/types";

/** A phone number or website to contact. href: tel:, sms: or an https:// address of an official body. */
export type FirstStepContact = { label: string; href: string; note?: string };

/** One thing to do now, in order. */
export type FirstStep = { title: string; text: Paragraph; contacts?: readonly FirstStepContact[] };

/** /premiers-reflexes: what to do right after a scam. */
export type FirstStepsContent = {
  metaTitle: string;
  metaDescription: string;
  /** The page's only h1 */
  heading: string;
  intro: readonly Paragraph[];
  steps: { heading: string; items: readonly FirstStep[] };
  /** Shown under the steps: the numbers above are French ones. */
  outsideFranceNote: Paragraph;
  /** Warning box about fake 'fund recovery' services. */
  recoveryScamWarning: { title: string; intro: Paragraph; items: readonly Paragraph[]; ourPromise: Paragraph };
  closing: { heading: string; text: string; cta: CallToAction };
};

export const firstStepsContent: FirstStepsContent = {
  metaTitle: "Premiers réflexes après une arnaque",
  metaDescription: "Victime d'une arnaque\u202f? Les bons réflexes dans l'ordre\u202f: bloquer votre carte, prévenir votre banque, garder les preuves, porter plainte, trouver de l'aide.",
  heading: "Victime d'une arnaque\u202f: les premiers réflexes",
  intro: [
    "Vous venez de découvrir une arnaque. C'est un choc, et ce n'est pas de votre faute\u202f: ces escrocs sont des professionnels. Vous n'êtes pas seul, des services existent pour vous aider.",
    "Il faut agir vite, mais calmement. Suivez ces étapes dans l'ordre, une à la fois.",
  ],
  steps: {
    heading: "Ce qu'il faut faire maintenant",
    items: [
      {
        title: "Bloquez votre carte bancaire",
        text: "Faites opposition tout de suite si votre carte ou vos codes ont été utilisés. Appelez le numéro d'opposition de votre banque (au dos de votre carte ou dans votre application), ou le serveur interbancaire d'opposition, ouvert 7 jours sur 7.",
        contacts: [{ label: "Opposition carte bancaire\u202f: 0 892 705 705", href: "tel:0892705705", note: "Appel payant" }],
      },
      {
        title: "Prévenez votre banque, aussi par écrit",
        text: "Appelez votre banque sans attendre. Si vous avez fait un virement, demandez tout de suite un « rappel de fonds »\u202f: votre banque demande à la banque de l'escroc de renvoyer l'argent. Plus vous êtes rapide, plus il y a de chances. Confirmez ensuite par écrit (lettre recommandée ou messagerie de votre banque). Pour un paiement que vous n'avez pas autorisé, la loi vous laisse au plus 13 mois pour le contester (article L133-24 du Code monétaire et financier), mais n'attendez pas.",
      },
      {
        title: "Changez vos mots de passe",
        text: "Depuis un appareil sûr (pas celui qui a pu être piraté), changez les mots de passe de votre messagerie, de votre banque et de vos comptes importants. Ne donnez jamais vos codes, à personne, même à quelqu'un qui dit appeler de votre banque ou de la police.",
      },
      {
        title: "Gardez toutes les preuves",
        text: "Ne supprimez rien. Gardez les captures d'écran, e-mails, SMS, relevés bancaires, l'IBAN de l'escroc, l'adresse des sites et les numéros de téléphone utilisés. Ne répondez plus à l'escroc, même s'il vous relance ou vous menace.",
      },
      {
        title: "Faites-vous aider par 17Cyber",
        text: "Le site officiel de la police et de la gendarmerie vous guide pas à pas selon votre situation. Selon votre situation, vous pouvez aussi y échanger avec un policier ou un gendarme.",
        contacts: [{ label: "17Cyber", href: "https://www.17cyber.gouv.fr/" }],
      },
      {
        title: "Portez plainte",
        text: "Rendez-vous au commissariat de police ou à la brigade de gendarmerie, avec vos preuves. Selon les cas, vous pouvez aussi faire une pré-plainte en ligne, ou porter plainte en ligne pour certaines escroqueries sur internet (plateforme THESEE). Gardez bien votre récépissé de plainte.",
        contacts: [
          {
            label: `${officialScamReporting.description} (service-public.fr)`,
            href: officialScamReporting.href,
          },
        ],
      },
      {
        title: "Appelez Info Escroqueries",
        text: "La ligne officielle de la police vous conseille sur les démarches à faire après une escroquerie. L'appel est gratuit.",
        contacts: [{ label: "Info Escroqueries\u202f: 0 805 805 817", href: "tel:0805805817", note: "Appel gratuit" }],
      },
      {
        title: "Parlez-en à France Victimes",
        text: "Après une arnaque, on peut se sentir seul, en colère ou honteux. Le 116 006 est un numéro d'aide aux victimes\u202f: écoute, soutien et conseils pour vos démarches.",
        contacts: [{ label: "France Victimes\u202f: 116 006", href: "tel:116006", note: "Appel gratuit, 7 jours sur 7" }],
      },
      {
        title: "Signalez le site ou le message",
        text: "Signalez le site, l'annonce ou le message frauduleux pour protéger d'autres personnes. Pour un SMS d'arnaque, transférez-le au 33700.",
        contacts: [
          { label: illegalContentReporting.label, href: illegalContentReporting.href },
          { label: "Transférer le SMS au 33700", href: "sms:33700" },
        ],
      },
    ],
  },
  outsideFranceNote: "Vous vivez en Belgique, en Suisse, au Luxembourg ou au Canada\u202f? Ces numéros sont ceux de la France. Votre banque et la police de votre pays restent vos premiers contacts.",
  recoveryScamWarning: {
    title: "Attention aux arnaques à la récupération",
    intro: "Après une arnaque, de faux avocats, faux policiers ou faux « services de récupération » contactent souvent les victimes. Ils promettent de rendre l'argent… et volent une deuxième fois.",
    items: [
      "Personne ne peut garantir de récupérer votre argent.",
      "Ne payez jamais à l'avance pour récupérer votre argent, quel que soit le nom donné à ces frais (dossier, taxe, déblocage…).",
      "N'installez jamais une application de prise de contrôle à distance (AnyDesk, TeamViewer…) à la demande de quelqu'un.",
      "Méfiez-vous de toute personne qui vous contacte la première pour vous proposer son aide.",
      [`Quelqu'un se réclame de ${PRODUCT_NAME} ou de votre avocat\u202f? `, { text: "Vérifiez son adresse, son numéro ou son site", href: verifyContactNotice.path }, " avant de lui répondre."],
    ],
    ourPromise: `${PRODUCT_NAME} ne vous demandera jamais de payer pour «\u202fdébloquer\u202f» votre argent\u202f: les honoraires de l'avocat sont écrits dans une convention que vous signez avant tout travail. ${safetyNotice}`,
  },
  closing: {
    heading: "Quand vous serez prêt, nous sommes là",
    text: "Un avocat partenaire peut étudier gratuitement votre dossier et vous dire ce qui est possible pour récupérer votre argent.",
    cta: { label: "Demander une analyse gratuite", to: "/inscription" },
  },
};
