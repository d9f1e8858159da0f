/**
 * The words of the scam-type landing pages (/arnaques/{slug}). Every figure that lives in site.ts (rates, delays,
 * network size) is interpolated from there, the fees from content/fees.ts; only page-specific figures are written here.
 */
import {
  PRODUCT_NAME,
  figures,
  formatPercent,
  nationalBarCouncil,
  safetyNotice,
  scamType,
  type ScamSlug,
} from "~/content/site";
import type { CallToAction, ScamPageContent, Stat } from "~/content/types";
import { feeTerms } from "~/content/fees";
import type { FeeModel } from "~/lib/fees";
import { REDIRECT_PARAM } from "~/lib/redirect-target";

const procedure = figures.scamPageProcedure;
const complexProcedure = `${figures.complexCaseProcedureMonths} mois`;

/**
 * Sign-up, then the case wizard with this page's scam type chosen in advance (issue 29); a signed-in visitor goes
 * straight to the wizard. The page about other scams chooses none: its readers pick among several types.
 */
function recoverCta(slug: ScamSlug, label = "Récupérer mon argent maintenant"): CallToAction {
  const wizard = slug === "autre" ? "/create-case" : `/create-case?type=${slug}`;
  return { label, to: `/inscription?${REDIRECT_PARAM}=${encodeURIComponent(wizard)}` };
}
const howItWorksCta: CallToAction = { label: "Comment ça marche\u202f?", to: "/fonctionnement" };

function percent(slug: ScamSlug, key: "successRate" | "acceptanceRate"): string {
  const value = scamType(slug)[key];
  return value === null ? "Variable" : formatPercent(value);
}

/** Success and acceptance rates of a scam type, from the scam table. */
function rateStats(slug: ScamSlug): Stat[] {
  return [
    { value: percent(slug, "successRate"), label: "de réussite sur les dossiers acceptés", figure: "scamRates" },
    { value: percent(slug, "acceptanceRate"), label: "des dossiers étudiés sont acceptés", figure: "scamRates" },
  ];
}

const procedureStat: Stat = {
  value: procedure,
  label: `durée habituelle d'une procédure, jusqu'à ${complexProcedure} si le dossier est complexe`,
  figure: "procedureDurations",
};


/** The free-analysis step, shared by most pages. */
const freeAnalysisText = `Vous décrivez ce qui s'est passé et vous déposez vos documents. Nous étudions votre situation gratuitement et vous répondons en général sous ${figures.firstAnalysis}.`;


const lawyersCheckable = `Nos avocats partenaires sont inscrits à un barreau\u202f: vous pouvez vérifier leur nom sur l'annuaire du ${nationalBarCouncil.label}.`;


function closingText(intro: string): string {
  return `${intro} L'analyse est gratuite et sans engagement. ${PRODUCT_NAME} ne demande jamais de paiement à l'avance. ${lawyersCheckable}`;
}

/** The scam pages, their fees from the operator's fee model (decision 77). */
export function scamPages(model: FeeModel): Record<ScamSlug, ScamPageContent> {
  const fees = feeTerms(model);
  const upfront = fees.nothingUpfront ? "aucun frais à l'avance" : "honoraires fixés par écrit";
  const upfrontStat: Stat = fees.nothingUpfront
    ? { value: fees.upfrontValue, label: "à payer à l'avance", figure: "fees" }
    : { value: fees.upfrontValue, label: "d'honoraires de diligence, à la signature", figure: "fees" };
  const feesText = `${fees.baseFeeClause}, et ${fees.resultFeeClause}`;
  /** The last step: how the money comes back and how the lawyer is paid. */
  const payoutText = `Les sommes récupérées vous sont reversées, par le compte CARPA de l'avocat. Ses honoraires sont fixés par écrit dans la convention d'honoraires\u202f: ${feesText}.`;
  const costAnswer = `L'analyse de votre dossier est gratuite. Si vous confiez votre dossier à l'avocat, vous signez avec lui une convention d'honoraires\u202f: ${feesText}. Si des frais de justice devaient être engagés, ils vous seraient expliqués avant, et rien ne serait fait sans votre accord écrit.`;
  return {
    "faux-placements": {
      metaTitle: "Faux placements\u202f: récupérer votre argent",
      metaDescription: `Livret, vin, diamants, parking\u202f: victime d'un faux placement\u202f? Analyse gratuite, ${upfront}, avocats partenaires pour récupérer votre argent.`,
      breadcrumbLabel: scamType("faux-placements").title,
      hero: {
        eyebrow: "Arnaque au faux placement",
        heading: "Victime d'un faux placement\u202f? Vous pouvez encore agir.",
        lead: "On vous a proposé un placement sûr, avec un bon rendement garanti. Puis plus de nouvelles, ou impossible de retirer votre argent. Ce n'est pas de votre faute\u202f: ces escroqueries sont préparées par des professionnels. Nos avocats partenaires étudient votre dossier gratuitement.",
        primaryCta: recoverCta("faux-placements"),
        secondaryCta: howItWorksCta,
      },
      stats: [...rateStats("faux-placements"), procedureStat, upfrontStat],
      sections: [
        {
          kind: "checklist",
          tone: "warning",
          heading: "Les signes d'un faux placement",
          intro: "Un seul de ces signes doit vous faire douter\u202f:",
          items: [
            "Un rendement élevé présenté comme « garanti », sans aucun risque.",
            "Un placement original\u202f: vin, diamants, places de parking, forêts, chambres d'EHPAD, livret « exclusif ».",
            "Un conseiller très aimable, qui vous appelle souvent et vous presse de décider vite.",
            "Des documents soignés et un beau site internet, parfois avec le nom d'une vraie banque recopié.",
            "Un virement demandé vers un compte à l'étranger.",
            "Des frais ou des « taxes » à payer avant de pouvoir retirer votre argent.",
            "Une société inconnue de l'AMF (l'Autorité des marchés financiers, qui contrôle les placements), ou présente sur ses listes noires.",
          ],
        },
        {
          kind: "text",
          heading: "Comment fonctionne l'arnaque",
          paragraphs: [
            "Tout commence souvent par une publicité sur internet ou un formulaire rempli pour « comparer des placements ». Un conseiller vous rappelle. Il est poli, patient, et semble très compétent.",
            "Il vous propose un placement sûr, avec de bons intérêts. Sur un espace en ligne, vous voyez votre argent grandir. Parfois, vous recevez même de petits intérêts. Cela vous met en confiance, et on vous propose d'investir davantage.",
            "Le jour où vous voulez retirer votre argent, tout se complique\u202f: frais imprévus, délais, puis silence. L'espace en ligne affichait des chiffres, mais l'argent était déjà parti. Il laisse pourtant des traces\u202f: c'est ce qui permet d'agir.",
          ],
        },
        {
          kind: "steps",
          heading: "Comment nous vous aidons à récupérer votre argent",
          intro: `Une procédure dure en général ${procedure}, et jusqu'à ${complexProcedure} pour les dossiers complexes.`,
          steps: [
            { title: "Analyse gratuite de votre dossier", text: freeAnalysisText },
            {
              title: "Suivi de l'argent",
              text: "L'avocat partenaire retrace le chemin de vos virements\u202f: quelles banques, quels comptes, dans quels pays. C'est ce qui permet de savoir où agir.",
            },
            {
              title: "Actions auprès des banques et de la justice",
              text: "Plainte, demandes aux banques qui ont reçu l'argent, procédures dans les pays concernés\u202f: l'avocat choisit les actions utiles et vous les explique avant de les lancer.",
            },
            { title: "Récupération et versement", text: payoutText },
          ],
        },
        {
          kind: "checklist",
          tone: "positive",
          heading: "Pour placer votre argent sans risque à l'avenir",
          items: [
            "Vérifiez toujours la société sur le site de l'AMF avant d'investir.",
            "Méfiez-vous de tout rendement élevé présenté comme « garanti »\u202f: un vrai placement comporte toujours un risque.",
            "Prenez le temps de réfléchir et parlez-en à un proche ou à votre banquier habituel.",
            "Ne faites jamais de virement vers l'étranger pour un placement proposé par téléphone.",
            "Si quelqu'un vous promet de récupérer votre argent contre des frais payés d'avance, refusez\u202f: c'est souvent une seconde arnaque.",
          ],
        },
      ],
      testimonials: [
        {
          name: "Jacqueline M.",
          age: 71,
          city: "Tours",
          scamType: "Faux placement",
          amountRecovered: "18 500\u202f€",
          rating: 5,
          quote: "J'avais placé 32 000\u202f€ dans des caves à vin qui n'existaient pas. Mon avocate m'a tout expliqué simplement, sans me faire de fausses promesses. Au bout de huit mois, une partie de mon argent est revenue sur mon compte.",
        },
        {
          name: "Bernard D.",
          age: 66,
          city: "Namur",
          scamType: "Faux livret d'épargne",
          amountRecovered: "21 000\u202f€",
          rating: 4,
          quote: "Je croyais ouvrir un livret à 7\u202f% auprès d'une banque connue. La procédure a pris presque un an, mais on m'a tenu au courant à chaque étape. Je n'ai rien payé avant d'être remboursé.",
        },
      ],
      faq: [
        {
          question: "J'ai honte d'avoir été trompé. Dois-je quand même agir\u202f?",
          answer: "Oui. Ces escroqueries sont préparées par des professionnels et trompent des personnes de tous âges et de tous milieux. Il n'y a aucune honte à avoir. Plus vous agissez tôt, plus il est facile de suivre l'argent.",
        },
        {
          question: "L'arnaque date de plusieurs mois. Est-il trop tard\u202f?",
          answer: "Pas forcément. Les délais pour porter plainte se comptent en années. Agir tôt aide, mais un dossier ancien peut aussi aboutir. L'analyse gratuite permet de le savoir.",
        },
        {
          question: "Quels documents dois-je préparer\u202f?",
          answer: "Tout ce que vous avez\u202f: contrats, relevés de compte montrant les virements, e-mails, SMS, noms et numéros de vos interlocuteurs, captures d'écran du site. S'il manque des pièces, ce n'est pas grave\u202f: nous vous aiderons à les retrouver.",
        },
        { question: "Combien cela coûte-t-il\u202f?", answer: costAnswer },
      ],
      closing: {
        heading: "Parlons de votre situation",
        text: closingText("Décrivez-nous ce qui s'est passé, à votre rythme."),
        cta: recoverCta("faux-placements"),
      },
    },

    "faux-conseiller-bancaire": {
      metaTitle: "Faux conseiller bancaire\u202f: vous faire rembourser",
      metaDescription: "Un faux conseiller de votre banque vous a fait valider des virements\u202f? La banque doit souvent rembourser. Nos avocats vous aident, sans frais d'avance.",
      breadcrumbLabel: scamType("faux-conseiller-bancaire").title,
      hero: {
        eyebrow: "Arnaque au faux conseiller bancaire",
        heading: "Un faux conseiller bancaire vous a piégé\u202f? Votre banque peut devoir vous rembourser.",
        lead: "Un appel « du service fraude » de votre banque, un numéro qui semble être le bon, une voix rassurante… puis des virements ou des paiements que vous n'avez pas voulus. Dans beaucoup de cas, la banque doit vous rembourser, même si elle refuse au début. Nos avocats partenaires vous aident à faire valoir vos droits.",
        primaryCta: recoverCta("faux-conseiller-bancaire"),
        secondaryCta: howItWorksCta,
      },
      stats: [
        ...rateStats("faux-conseiller-bancaire"),
        { value: "7 à 15 jours", label: "délai fréquent d'un remboursement obtenu auprès de la banque", figure: "bankRefundDelay" },
        upfrontStat,
      ],
      sections: [
        {
          kind: "checklist",
          tone: "warning",
          heading: "Les signes d'un faux conseiller bancaire",
          intro: "Ces escrocs sont très convaincants. Voici ce qui doit vous alerter\u202f:",
          items: [
            "On vous appelle pour une « opération suspecte » sur votre compte et on vous demande d'agir tout de suite.",
            "Le numéro affiché est celui de votre banque\u202f: les escrocs savent le falsifier. Ce n'est pas une preuve.",
            "Votre interlocuteur connaît déjà votre nom, votre banque, parfois vos dernières opérations.",
            "On vous demande de valider une opération sur votre application, ou de donner un code reçu par SMS, « pour l'annuler ».",
            "On vous propose de mettre votre argent « en sécurité » sur un nouveau compte.",
            "Un coursier doit passer chez vous récupérer votre carte bancaire « pour la détruire ».",
            "On vous demande de ne pas raccrocher et de n'en parler à personne, même pas à votre agence.",
          ],
        },
        {
          kind: "text",
          heading: "Pourquoi votre banque peut devoir vous rembourser",
          paragraphs: [
            "La loi protège les clients des banques. Quand une opération n'a pas vraiment été autorisée par vous, la banque doit en principe la rembourser.",
            "Souvent, la banque refuse au début. Elle explique que vous avez validé l'opération vous-même et parle de « négligence grave » (une faute très lourde de votre part). Pourtant, c'est à la banque de prouver cette faute, et les tribunaux jugent souvent qu'une victime trompée par un faux conseiller bien préparé n'a pas commis de faute grave.",
            "Un avocat sait présenter ces arguments. Les remboursements obtenus auprès de la banque interviennent souvent en 7 à 15 jours, une fois le dossier complet. Si la banque maintient son refus, d'autres démarches restent possibles.",
            "Pour un virement, le temps compte\u202f: signalé dans les 24 heures, il peut parfois encore être bloqué. Mais même plus tard, votre dossier mérite d'être étudié.",
          ],
        },
        {
          kind: "steps",
          heading: "Comment nous vous aidons",
          steps: [
            {
              title: "Analyse gratuite",
              text: `Vous nous racontez l'appel et vous déposez vos relevés de compte. Nous vous répondons en général sous ${figures.firstAnalysis}, sans frais.`,
            },
            {
              title: "Réclamation écrite à la banque",
              text: "L'avocat partenaire écrit à votre banque pour demander le remboursement, en s'appuyant sur la loi et sur les décisions des tribunaux.",
            },
            {
              title: "Médiateur ou tribunal si nécessaire",
              text: "Si la banque refuse, l'avocat peut saisir le médiateur bancaire (un service gratuit qui règle les désaccords avec la banque), puis le tribunal. Il vous explique chaque étape avant de la lancer.",
            },
            { title: "Remboursement", text: payoutText },
          ],
        },
        {
          kind: "checklist",
          tone: "positive",
          heading: "Les bons réflexes pour l'avenir",
          items: [
            "Votre banque ne vous demandera jamais de valider une opération pour l'annuler.",
            "Votre banque ne vous demandera jamais vos codes, ni par téléphone, ni par SMS, ni par e-mail.",
            "Aucun vrai conseiller n'envoie un coursier chercher votre carte.",
            "En cas de doute, raccrochez et rappelez vous-même votre agence, avec le numéro écrit au dos de votre carte.",
            "Prenez votre temps\u202f: une vraie banque ne vous presse jamais.",
          ],
        },
      ],
      testimonials: [
        {
          name: "Monique R.",
          age: 74,
          city: "Lyon",
          scamType: "Faux conseiller bancaire",
          amountRecovered: "7 800\u202f€",
          rating: 5,
          quote: "Un homme se disant du service fraude m'a fait valider trois virements. Ma banque refusait de me rembourser. Après le courrier de l'avocat, elle a remboursé la totalité en une douzaine de jours.",
        },
        {
          name: "Gérard P.",
          age: 68,
          city: "Bordeaux",
          scamType: "Faux conseiller bancaire",
          amountRecovered: "4 300\u202f€",
          rating: 4,
          quote: "J'avais donné un code reçu par SMS en croyant bloquer une fraude. J'avais honte et je n'osais pas en parler. L'équipe m'a rassuré, et ma banque a finalement remboursé la plus grande partie de la somme.",
        },
      ],
      faq: [
        {
          question: "Ma banque dit que c'est ma faute. Est-ce fini\u202f?",
          answer: "Non. Un premier refus est fréquent. C'est à la banque de prouver que vous avez commis une faute grave, et les tribunaux donnent souvent raison aux victimes de faux conseillers. Un avocat peut contester ce refus.",
        },
        {
          question: "J'ai moi-même validé les opérations. Puis-je quand même être remboursé\u202f?",
          answer: "Souvent, oui. Vous les avez validées parce qu'on vous a trompé. Chaque situation est différente\u202f: l'analyse gratuite permet de savoir ce qui est possible dans votre cas.",
        },
        {
          question: "En combien de temps serai-je remboursé\u202f?",
          answer: `Quand la banque accepte, le remboursement intervient souvent en 7 à 15 jours. Si elle refuse et qu'il faut passer par le médiateur ou le tribunal, c'est plus long\u202f: en général ${procedure}.`,
        },
        {
          question: "Faut-il payer quelque chose pour commencer\u202f?",
          answer: `Non. L'analyse est gratuite et ${PRODUCT_NAME} ne demande jamais de paiement à l'avance. ${safetyNotice}`,
        },
      ],
      closing: {
        heading: "Faites valoir vos droits auprès de votre banque",
        text: closingText("Racontez-nous l'appel que vous avez reçu et ce qui a suivi."),
        cta: recoverCta("faux-conseiller-bancaire"),
      },
    },

    phishing: {
      metaTitle: "Hameçonnage (phishing)\u202f: récupérer votre argent",
      metaDescription: "Un faux SMS ou e-mail (colis, impôts, Ameli, banque) a permis de vider votre compte\u202f? Analyse gratuite et avocats partenaires, sans frais d'avance.",
      breadcrumbLabel: scamType("phishing").title,
      hero: {
        eyebrow: "Hameçonnage (phishing)",
        heading: "Victime d'hameçonnage\u202f? Vous pouvez demander à être remboursé.",
        lead: "L'hameçonnage, ou phishing, c'est un faux message qui imite un organisme connu pour voler vos informations. Un SMS pour un colis, un e-mail des impôts ou d'Ameli… puis des paiements que vous n'avez jamais faits. Souvent, la banque doit rembourser. Nos avocats partenaires vous aident à l'obtenir.",
        primaryCta: recoverCta("phishing"),
        secondaryCta: howItWorksCta,
      },
      stats: [...rateStats("phishing"), procedureStat, upfrontStat],
      sections: [
        {
          kind: "checklist",
          tone: "warning",
          heading: "Reconnaître un message d'hameçonnage",
          items: [
            "Un message inattendu\u202f: colis en attente, remboursement d'impôts, carte Vitale à renouveler, amende à payer, compte bloqué.",
            "Une urgence\u202f: « dernier avis », « sous 24 heures », « votre compte sera suspendu ».",
            "Un petit montant à payer, par exemple des frais de livraison, qui sert en réalité à voler les données de votre carte.",
            "Un lien vers un site qui ressemble au vrai, mais dont l'adresse est légèrement différente.",
            "Une demande de numéro de carte, de code reçu par SMS ou de mot de passe.",
            "Des fautes, un ton inhabituel ou une adresse d'expéditeur étrange.",
            "Peu après, l'appel d'un « conseiller » qui connaît déjà vos informations\u202f: c'est souvent la suite de la même arnaque.",
          ],
        },
        {
          kind: "text",
          heading: "Ce qui se passe ensuite, et pourquoi tout n'est pas perdu",
          paragraphs: [
            "Avec vos informations, les escrocs font des achats ou des virements, parfois en quelques minutes. Ils peuvent aussi ajouter votre carte sur leur propre téléphone pour payer à votre place.",
            "La loi prévoit que la banque rembourse les opérations que vous n'avez pas autorisées, sauf faute grave de votre part, qu'elle doit prouver. Même si vous avez cliqué sur un lien ou saisi un code, un remboursement reste souvent possible.",
            "Le temps compte\u202f: dans les 72 heures, il est plus facile de contester et parfois de bloquer certaines opérations. Mais même plus tard, votre dossier mérite d'être étudié.",
          ],
        },
        {
          kind: "steps",
          heading: "Comment nous vous aidons",
          steps: [
            {
              title: "Analyse gratuite",
              text: `Vous nous transmettez le message reçu, vos relevés et la liste des opérations que vous n'avez pas faites. Nous vous répondons en général sous ${figures.firstAnalysis}.`,
            },
            {
              title: "Contestation auprès de la banque",
              text: "L'avocat partenaire rédige une contestation précise et demande le remboursement des opérations non autorisées.",
            },
            {
              title: "Recours si la banque refuse",
              text: "Médiateur bancaire (un service gratuit qui règle les désaccords avec la banque), puis tribunal si nécessaire. Rien n'est lancé sans votre accord.",
            },
            { title: "Remboursement", text: payoutText },
          ],
        },
        {
          kind: "checklist",
          tone: "positive",
          heading: "Vous protéger à l'avenir",
          items: [
            "Ne cliquez pas sur un lien reçu par SMS ou par e-mail\u202f: allez vous-même sur le site officiel ou l'application.",
            "Les impôts, Ameli ou La Poste ne vous demandent jamais votre numéro de carte par message.",
            "Ne donnez jamais un code reçu par SMS\u202f: il sert à valider un paiement, pas à l'annuler.",
            "Transférez les SMS suspects au 33700, le service gratuit de signalement des messages indésirables.",
            "Activez les alertes de votre banque pour être prévenu de chaque paiement.",
          ],
        },
      ],
      testimonials: [
        {
          name: "Sylvie B.",
          age: 58,
          city: "Lille",
          scamType: "Hameçonnage",
          amountRecovered: "2 950\u202f€",
          rating: 5,
          quote: "Un SMS pour un colis m'a coûté près de 3 000\u202f€. Ma banque ne voulait rien entendre. L'avocate a repris le dossier et j'ai été remboursée en six semaines.",
        },
        {
          name: "André T.",
          age: 77,
          city: "Montpellier",
          scamType: "Faux e-mail des impôts",
          amountRecovered: "5 600\u202f€",
          rating: 4,
          quote: "J'ai cru à un remboursement des impôts et j'ai donné les informations de ma carte. On m'a expliqué mes droits avec patience. J'ai récupéré l'essentiel de la somme, après quatre mois de démarches.",
        },
      ],
      faq: [
        {
          question: "J'ai cliqué sur le lien et donné mes informations moi-même. Suis-je quand même protégé\u202f?",
          answer: "Souvent, oui. Vous avez été trompé par un message fait pour ressembler au vrai. C'est à la banque de prouver une faute grave de votre part, et ce n'est pas automatique. L'analyse gratuite permet de faire le point sur votre cas.",
        },
        {
          question: "Combien de temps ai-je pour contester\u202f?",
          answer: "En France, vous avez en principe 13 mois après le débit pour contester une opération non autorisée auprès de votre banque. Mais n'attendez pas\u202f: une démarche rapide a plus de chances d'aboutir.",
        },
        {
          question: "Ma banque m'a déjà remboursé une partie. Puis-je demander le reste\u202f?",
          answer: "C'est possible. Envoyez-nous le détail des opérations et la réponse de votre banque\u202f: nous vérifierons si le reste peut être réclamé.",
        },
        {
          question: "Devrai-je vous donner mes codes bancaires\u202f?",
          answer: `Jamais. ${safetyNotice} Si quelqu'un vous les demande en se présentant comme ${PRODUCT_NAME}, c'est une arnaque.`,
        },
      ],
      closing: {
        heading: "Demandez le remboursement qui vous est dû",
        text: closingText("Envoyez-nous le message reçu et vos relevés\u202f: nous regardons avec vous ce qui peut être récupéré."),
        cta: recoverCta("phishing"),
      },
    },

    "faux-support-technique": {
      metaTitle: "Faux support technique\u202f: récupérer votre argent",
      metaDescription: `Un faux technicien a pris la main sur votre ordinateur et s'est fait payer\u202f? Analyse gratuite, avocats partenaires, ${upfront}.`,
      breadcrumbLabel: scamType("faux-support-technique").title,
      hero: {
        eyebrow: "Arnaque au faux support technique",
        heading: "Un faux technicien a pris la main sur votre ordinateur\u202f?",
        lead: "Une fenêtre bloque votre écran, un message annonce un virus et donne un numéro à appeler. Le « technicien » vous a fait installer un logiciel, puis s'est fait payer ou a touché à vos comptes. Ce n'est pas de votre faute\u202f: ces arnaques sont bien rodées. Nos avocats partenaires peuvent vous aider.",
        primaryCta: recoverCta("faux-support-technique"),
        secondaryCta: howItWorksCta,
      },
      stats: [...rateStats("faux-support-technique"), procedureStat, upfrontStat],
      sections: [
        {
          kind: "checklist",
          tone: "warning",
          heading: "Les signes d'un faux support technique",
          items: [
            "Une fenêtre s'ouvre sur votre écran, parfois avec une alarme ou une voix, et annonce un virus ou un blocage.",
            "Le message donne un numéro à appeler, présenté comme celui de Microsoft, d'Apple ou de votre fournisseur internet.",
            "On vous appelle sans que vous ayez rien demandé, pour « réparer » votre ordinateur.",
            "On vous demande d'installer un logiciel de prise en main à distance (comme AnyDesk ou TeamViewer), qui permet à quelqu'un de contrôler votre ordinateur.",
            "On vous fait payer un dépannage ou un « contrat de protection », parfois en cartes prépayées ou en cryptomonnaie.",
            "On vous demande d'ouvrir votre compte bancaire « pour vérifier » ou « pour vous rembourser un trop-perçu ».",
            "Votre écran devient noir pendant que le technicien « travaille ».",
          ],
        },
        {
          kind: "features",
          heading: "Ce que nous pouvons faire pour vous",
          intro: "Selon la façon dont l'argent a été pris, plusieurs solutions existent\u202f:",
          items: [
            {
              title: "Contester les paiements par carte",
              text: "Un paiement obtenu par tromperie peut souvent être contesté auprès de votre banque.",
              icon: "euro",
            },
            {
              title: "Réclamer les virements non autorisés",
              text: "Si le faux technicien a fait des virements depuis votre compte, la banque peut devoir les rembourser.",
              icon: "scale",
            },
            {
              title: "Suivre l'argent",
              text: "L'avocat identifie les comptes qui ont reçu l'argent, en France ou à l'étranger, et demande leur blocage quand c'est possible.",
              icon: "search",
            },
            {
              title: "Vous accompagner",
              text: "Plainte, échanges avec la banque, documents\u202f: vous n'êtes pas seul face aux démarches.",
              icon: "handshake",
            },
          ],
        },
        {
          kind: "steps",
          heading: "Comment se passe la récupération",
          steps: [
            { title: "Analyse gratuite", text: freeAnalysisText },
            {
              title: "Point sur les paiements",
              text: "Nous listons avec vous chaque paiement et chaque virement\u202f: montant, date, moyen de paiement. Chacun se conteste d'une façon différente.",
            },
            {
              title: "Démarches de l'avocat",
              text: "L'avocat partenaire conteste les paiements, réclame le remboursement à la banque et agit contre les comptes qui ont reçu l'argent. Il vous explique tout avant d'agir.",
            },
            { title: "Remboursement", text: payoutText },
          ],
        },
        {
          kind: "checklist",
          tone: "positive",
          heading: "Vous protéger à l'avenir",
          items: [
            "Microsoft, Apple ou votre fournisseur internet ne vous appellent jamais pour un virus.",
            "Un vrai message d'erreur ne vous demande jamais d'appeler un numéro.",
            "Si une fenêtre bloque votre écran, n'appelez pas\u202f: éteignez l'ordinateur puis rallumez-le.",
            "N'installez jamais un logiciel à la demande d'une personne que vous ne connaissez pas.",
            "Pour un vrai dépannage, demandez à un proche ou cherchez un professionnel sur le site officiel cybermalveillance.gouv.fr.",
          ],
        },
      ],
      testimonials: [
        {
          name: "Michel F.",
          age: 79,
          city: "Nantes",
          scamType: "Faux support technique",
          amountRecovered: "1 850\u202f€",
          rating: 4,
          quote: "Une alarme a bloqué mon ordinateur et j'ai appelé le numéro affiché. J'ai payé un « contrat de protection » par carte. L'avocat a obtenu le remboursement en trois mois.",
        },
        {
          name: "Danielle G.",
          age: 69,
          city: "Liège",
          scamType: "Faux support technique",
          amountRecovered: "9 200\u202f€",
          rating: 5,
          quote: "Pendant que le technicien « réparait » mon ordinateur, il a fait deux virements depuis mon compte. Je pensais que c'était perdu. Grâce aux courriers de l'avocate, ma banque a remboursé une grande partie.",
        },
      ],
      closing: {
        heading: "Récupérez ce qui vous a été pris",
        text: closingText("Dites-nous ce qui s'est passé sur votre ordinateur et quels paiements ont été faits."),
        cta: recoverCta("faux-support-technique"),
      },
    },

    "arnaque-president": {
      metaTitle: "Fraude au président (FOVI)\u202f: récupérer les fonds",
      metaDescription: `Votre entreprise a fait un virement à un faux dirigeant ou faux fournisseur\u202f? Prise en charge en 2 h et avocats dans ${figures.countriesOfIntervention} pays.`,
      breadcrumbLabel: scamType("arnaque-president").title,
      hero: {
        eyebrow: "Entreprises\u202f: fraude au président (FOVI)",
        heading: "Fraude au président\u202f: agissez vite pour bloquer le virement",
        lead: "Un faux dirigeant, un faux fournisseur ou un faux avocat a obtenu un virement urgent de votre entreprise. On parle aussi de FOVI, pour « faux ordre de virement international ». Le temps compte, mais rien n'est perdu d'avance\u202f: nos avocats partenaires interviennent rapidement, en France et à l'étranger.",
        primaryCta: recoverCta("arnaque-president"),
        secondaryCta: { label: "Procédure d'urgence", to: "/fonctionnement" },
      },
      stats: [
        ...rateStats("arnaque-president"),
        { value: "2 h", label: "pour la prise en charge d'un dossier urgent, aux heures d'ouverture", figure: "responseTimes" },
        { value: figures.countriesOfIntervention, label: "pays d'intervention", figure: "countriesOfIntervention" },
      ],
      sections: [
        {
          kind: "checklist",
          tone: "warning",
          heading: "Les signes d'une fraude au président",
          items: [
            "Un message du « dirigeant » demande un virement urgent et confidentiel, souvent pour un rachat ou une opération sensible.",
            "On vous demande de ne pas suivre la procédure habituelle et de n'en parler à personne.",
            "Un fournisseur annonce un changement de coordonnées bancaires (RIB) par e-mail ou par courrier.",
            "L'adresse e-mail ressemble à la vraie, à une lettre près.",
            "Le virement part vers un compte à l'étranger, ou vers une banque inhabituelle.",
            "La demande arrive un vendredi soir, pendant les vacances ou quand le dirigeant est en déplacement.",
            "Un prétendu avocat ou expert-comptable appuie la demande par téléphone.",
          ],
        },
        {
          kind: "text",
          heading: "Pourquoi agir dans les 24 heures",
          paragraphs: [
            "Un virement peut parfois être rappelé\u202f: la banque de votre entreprise demande à la banque qui a reçu l'argent de le renvoyer. Cette demande a le plus de chances d'aboutir dans les 24 premières heures, avant que l'argent soit transféré ailleurs.",
            "Au-delà, des solutions existent encore\u202f: blocage des comptes par un juge, procédures à l'étranger, action contre les banques qui n'ont pas été assez vigilantes. Elles demandent simplement plus de temps.",
            `Nos avocats partenaires interviennent dans ${figures.countriesOfIntervention} pays et connaissent les démarches à mener là où l'argent est arrivé.`,
          ],
        },
        {
          kind: "steps",
          heading: "Notre procédure d'urgence",
          steps: [
            {
              title: "Prise en charge en 2 h",
              text: "Aux heures d'ouverture, un avocat partenaire prend connaissance de votre dossier dans les 2 heures\u202f: montant, date, banque destinataire, échanges avec le fraudeur.",
            },
            {
              title: "Demande de blocage et de retour des fonds",
              text: "L'avocat appuie la demande de votre banque pour faire revenir le virement et alerte la banque qui l'a reçu.",
            },
            {
              title: "Plainte et actions en justice",
              text: "Plainte, demande de blocage des comptes par un juge, avocats correspondants dans le pays concerné\u202f: tout est mené en parallèle.",
            },
            {
              title: "Récupération et bilan",
              text: `Les fonds récupérés reviennent à votre entreprise. Les honoraires de l'avocat sont fixés par écrit\u202f: ${feesText}. L'avocat vous aide aussi à renforcer vos procédures internes.`,
            },
          ],
        },
        {
          kind: "checklist",
          tone: "positive",
          heading: "Protéger votre entreprise",
          items: [
            "Exigez une double validation pour tout virement important ou inhabituel.",
            "Vérifiez chaque changement de RIB par un appel à un numéro que vous connaissez déjà, jamais celui indiqué dans le message.",
            "Informez vos équipes comptables de cette arnaque, y compris les remplaçants et les stagiaires.",
            "Rappelez qu'aucune urgence ne justifie de contourner les règles internes.",
            "Limitez les informations publiques sur l'organisation de l'entreprise et les absences des dirigeants.",
          ],
        },
      ],
      testimonials: [
        {
          name: "Isabelle C.",
          age: 52,
          city: "Strasbourg",
          scamType: "Fraude au président (FOVI)",
          amountRecovered: "86 000\u202f€",
          rating: 5,
          quote: "Notre comptable a reçu un e-mail du « PDG » pour un virement confidentiel vers l'Asie. Nous avons contacté l'avocat le jour même. Une grande partie des fonds a pu être bloquée et nous est revenue en cinq mois.",
        },
        {
          name: "Laurent V.",
          age: 45,
          city: "Rennes",
          scamType: "Faux changement de RIB",
          amountRecovered: "23 400\u202f€",
          rating: 4,
          quote: "Un faux fournisseur nous a envoyé un nouveau RIB, et nous avons découvert la fraude trois semaines plus tard. La procédure a pris du temps. L'avocat a tout de même récupéré une partie des fonds auprès de la banque qui les avait reçus.",
        },
      ],
      closing: {
        heading: "Votre entreprise a été visée\u202f? Parlons-en maintenant",
        text: closingText("Transmettez-nous l'ordre de virement et les échanges avec le fraudeur\u202f: un avocat partenaire regarde votre dossier en priorité."),
        cta: recoverCta("arnaque-president"),
      },
    },

    "investissement-en-ligne": {
      metaTitle: "Investissement en ligne\u202f: récupérer votre argent",
      metaDescription: `Trading, forex ou cryptomonnaies\u202f: votre plateforme bloque vos retraits\u202f? Analyse gratuite, avocats partenaires, ${upfront}.`,
      breadcrumbLabel: scamType("investissement-en-ligne").title,
      hero: {
        eyebrow: "Trading, forex et cryptomonnaies",
        heading: "Votre plateforme d'investissement ne vous laisse plus retirer votre argent\u202f?",
        lead: "Trading (acheter et revendre vite pour gagner), forex (le marché des monnaies étrangères) ou cryptomonnaies (des monnaies numériques comme le bitcoin)\u202f: de fausses plateformes affichent des gains qui n'existent pas. Si vos retraits sont bloqués, nos avocats partenaires peuvent suivre votre argent et agir pour le récupérer.",
        primaryCta: recoverCta("investissement-en-ligne"),
        secondaryCta: howItWorksCta,
      },
      stats: [
        ...rateStats("investissement-en-ligne"),
        { value: "4 à 12 mois", label: "durée habituelle de la procédure, souvent internationale", figure: "procedureDurations" },
        { value: "40 000\u202f€", label: "perte moyenne dans ces dossiers", figure: "averageLoss" },
      ],
      sections: [
        {
          kind: "checklist",
          tone: "warning",
          heading: "Les signes d'une fausse plateforme d'investissement",
          items: [
            "Une publicité avec une personnalité connue qui aurait « fait fortune » grâce à la plateforme.",
            "Des gains rapides et réguliers affichés sur votre espace, bien au-dessus de ce que rapporte un placement normal.",
            "Un « conseiller » ou « analyste » qui vous appelle souvent et vous pousse à investir plus.",
            "On vous demande d'installer une application de prise en main à distance, ou d'acheter des cryptomonnaies pour les lui envoyer.",
            "Un petit retrait accepté au début, pour vous mettre en confiance.",
            "Puis des retraits bloqués\u202f: « taxes », « frais de déblocage » ou « vérification » à payer d'abord.",
            "Une plateforme qui n'a pas l'autorisation de l'AMF (l'Autorité des marchés financiers), ou qui figure sur ses listes noires.",
          ],
        },
        {
          kind: "text",
          heading: "Comment fonctionne l'arnaque",
          paragraphs: [
            "La plateforme ressemble à un vrai site de placement. Vos gains montent chaque jour sur l'écran. Mais ces chiffres sont inventés\u202f: votre argent n'a jamais été investi.",
            "Quand vous demandez un retrait, on vous réclame de nouveaux frais. Payer ne débloque rien\u202f: cela ne fait qu'augmenter la perte.",
            `Après la fermeture du site, de faux « cabinets de récupération » contactent parfois les victimes et promettent de tout récupérer contre des frais. C'est une seconde arnaque. ${PRODUCT_NAME} ne demande jamais de paiement à l'avance, ni de paiement en cryptomonnaie.`,
          ],
        },
        {
          kind: "steps",
          heading: "Comment nous vous aidons à récupérer vos fonds",
          intro: "Ces dossiers passent souvent par plusieurs pays\u202f: la procédure dure en général 4 à 12 mois.",
          steps: [
            { title: "Analyse gratuite", text: freeAnalysisText },
            {
              title: "Suivi des fonds",
              text: "L'avocat suit vos virements et, pour les cryptomonnaies, les transferts entre portefeuilles (des sortes de comptes numériques). L'argent passe souvent par des plateformes d'échange connues, qui peuvent être sollicitées.",
            },
            {
              title: "Blocage et actions en justice",
              text: "Demandes de blocage aux banques et aux plateformes d'échange, plainte, procédures dans les pays concernés avec nos avocats correspondants.",
            },
            { title: "Récupération", text: payoutText },
          ],
        },
        {
          kind: "checklist",
          tone: "positive",
          heading: "Investir sans vous faire piéger",
          items: [
            "Avant d'investir, vérifiez sur le site de l'AMF que la société est autorisée et qu'elle ne figure pas sur ses listes noires.",
            "Un gain élevé et sans risque n'existe pas.",
            "Ne payez jamais de frais pour retirer votre propre argent.",
            "N'installez jamais un logiciel de prise en main à distance à la demande d'un conseiller.",
            "Refusez tout « service de récupération » qui demande des frais à l'avance ou un paiement en cryptomonnaie.",
          ],
        },
      ],
      testimonials: [
        {
          name: "Philippe A.",
          age: 63,
          city: "Marseille",
          scamType: "Trading en ligne",
          amountRecovered: "27 000\u202f€",
          rating: 4,
          quote: "J'avais versé 45 000\u202f€ sur une plateforme de trading qui affichait de beaux gains. Quand j'ai voulu retirer, on m'a demandé des « taxes ». Après neuf mois de procédure, l'avocat a récupéré une bonne partie de la somme auprès des banques.",
        },
        {
          name: "Nathalie K.",
          age: 49,
          city: "Bruxelles",
          scamType: "Cryptomonnaies",
          amountRecovered: "12 400\u202f€",
          rating: 4,
          quote: "Je pensais investir en bitcoin avec l'aide d'un conseiller. Tout était faux. L'équipe m'a dit honnêtement ce qui pouvait être récupéré, et j'ai retrouvé 12 400\u202f€ sur les 20 000\u202f€ perdus.",
        },
      ],
      faq: [
        {
          question: "Mon argent est parti en cryptomonnaie. Peut-on le retrouver\u202f?",
          answer: "Parfois, oui. Les transferts en cryptomonnaie laissent des traces. Quand l'argent arrive sur une plateforme d'échange connue, celle-ci peut être sollicitée pour bloquer les fonds. Nous vous dirons honnêtement ce qui est possible dans votre cas.",
        },
        {
          question: "La plateforme me demande des frais pour débloquer mon retrait. Dois-je payer\u202f?",
          answer: "Non. Ces frais sont un moyen de vous prendre encore de l'argent. Ne payez plus rien, et gardez une copie de tous vos échanges avec la plateforme.",
        },
        {
          question: "Une société m'a contacté pour récupérer mon argent contre des frais. Est-ce vous\u202f?",
          answer: `Non. ${PRODUCT_NAME} ne demande jamais de paiement à l'avance, ni de paiement en cryptomonnaie. ${lawyersCheckable} Méfiez-vous de toute personne qui vous promet un résultat garanti.`,
        },
        {
          question: "Combien de temps dure la procédure\u202f?",
          answer: "En général 4 à 12 mois, car l'argent passe souvent par plusieurs pays. Vous êtes tenu informé à chaque étape.",
        },
      ],
      closing: {
        heading: "Faites le point sur vos chances de récupération",
        text: closingText("Envoyez-nous le nom de la plateforme, vos virements et vos échanges avec le « conseiller »."),
        cta: recoverCta("investissement-en-ligne"),
      },
    },

    "ponzi-mlm": {
      metaTitle: "Système de Ponzi ou MLM\u202f: récupérer votre argent",
      metaDescription: `Un système pyramidal ou une vente en réseau s'est effondré\u202f? Analyse gratuite de votre dossier, actions avec d'autres victimes, ${upfront}.`,
      breadcrumbLabel: scamType("ponzi-mlm").title,
      hero: {
        eyebrow: "Ponzi et MLM",
        heading: "Victime d'un système pyramidal ou d'une fausse vente en réseau\u202f?",
        lead: "Un système de Ponzi paie les anciens participants avec l'argent des nouveaux, jusqu'à ce qu'il s'effondre. Certaines ventes en réseau (MLM, pour « multi-level marketing ») fonctionnent de la même façon. Si vous avez perdu de l'argent, des recours existent, souvent aux côtés d'autres victimes.",
        primaryCta: recoverCta("ponzi-mlm"),
        secondaryCta: howItWorksCta,
      },
      stats: [...rateStats("ponzi-mlm"), procedureStat, upfrontStat],
      sections: [
        {
          kind: "checklist",
          tone: "warning",
          heading: "Les signes d'un système pyramidal",
          items: [
            "Des gains élevés et réguliers promis, quoi qu'il arrive.",
            "Vous gagnez surtout en faisant entrer de nouvelles personnes, pas en vendant des produits.",
            "Un droit d'entrée, un « pack de démarrage » ou un stock à acheter pour commencer.",
            "Des produits chers, que presque personne n'achète en dehors du réseau.",
            "Une pression pour recruter votre famille et vos amis.",
            "Des réunions enthousiastes et des histoires de réussite spectaculaire.",
            "Des paiements de plus en plus lents, puis des excuses, puis plus rien.",
          ],
        },
        {
          kind: "text",
          heading: "Vente en réseau légale ou système pyramidal\u202f?",
          paragraphs: [
            "La vente en réseau (MLM) est légale quand elle repose sur la vente de vrais produits à de vrais clients. Un système pyramidal, lui, est interdit\u202f: il vit surtout de l'argent des nouvelles recrues.",
            "Un test simple\u202f: dans une vente en réseau légitime, au moins 70\u202f% du chiffre d'affaires (l'argent encaissé par le réseau) doit venir de ventes de produits à de vrais clients, extérieurs au réseau. Si l'essentiel de l'argent vient des droits d'entrée et des recrutements, c'est un signal d'alarme.",
            "Un système de Ponzi va plus loin\u202f: il n'y a souvent aucun vrai placement. Les « intérêts » des anciens sont payés avec l'argent des nouveaux. Quand les nouvelles recrues manquent, tout s'arrête.",
          ],
        },
        {
          kind: "steps",
          heading: "Comment nous vous aidons",
          steps: [
            {
              title: "Analyse gratuite",
              text: `Vous nous transmettez vos versements, vos contrats, vos messages et le nom des responsables que vous connaissez. Nous vous répondons en général sous ${figures.firstAnalysis}.`,
            },
            {
              title: "Regroupement des victimes",
              text: "Quand d'autres victimes du même système se sont fait connaître, les dossiers peuvent être coordonnés. Agir ensemble donne plus de poids et partage le travail d'enquête.",
            },
            {
              title: "Actions en justice",
              text: "Plainte, demande de saisie des biens des organisateurs, déclaration de créance si la société est en faillite (c'est-à-dire demander officiellement à être remboursé sur ce qui reste).",
            },
            { title: "Récupération", text: payoutText },
          ],
        },
        {
          kind: "checklist",
          tone: "positive",
          heading: "Avant de rejoindre un réseau",
          items: [
            "Demandez quelle part des revenus vient de ventes à de vrais clients, et demandez-en la preuve.",
            "Méfiez-vous si l'on vous parle plus de recrutement que de produits.",
            "Ne versez jamais d'argent sous la pression d'un proche ou d'une réunion.",
            "Vérifiez la société sur les sites officiels, comme celui de l'AMF.",
            "Gardez une trace de tous vos versements et de vos échanges.",
          ],
        },
      ],
      testimonials: [
        {
          name: "Karim H.",
          age: 41,
          city: "Toulouse",
          scamType: "Système de Ponzi",
          amountRecovered: "6 700\u202f€",
          rating: 4,
          quote: "Un ami m'avait fait entrer dans un « club d'investissement » qui promettait 3\u202f% par mois. Quand tout s'est arrêté, nous étions des centaines à avoir perdu de l'argent. Mon dossier a été regroupé avec d'autres, et j'ai récupéré une partie de ma mise après dix mois.",
        },
        {
          name: "Chantal N.",
          age: 60,
          city: "Clermont-Ferrand",
          scamType: "Vente en réseau (MLM)",
          amountRecovered: "3 900\u202f€",
          rating: 4,
          quote: "J'avais acheté pour plus de 6 000\u202f€ de stock et de formations. On m'a aidée à faire valoir mes droits face à la société. Je n'ai pas tout récupéré, mais je ne pensais plus revoir cet argent.",
        },
      ],
      closing: {
        heading: "Vous n'êtes pas seul dans ce cas",
        text: closingText("Dites-nous quel réseau vous avez rejoint et combien vous avez versé."),
        cta: recoverCta("ponzi-mlm"),
      },
    },

    "usurpation-identite": {
      metaTitle: "Usurpation d'identité\u202f: réparer le préjudice",
      metaDescription: "Quelqu'un utilise votre nom pour des crédits, des comptes ou des abonnements\u202f? Nos avocats vous aident à faire annuler les dettes et à être remboursé.",
      breadcrumbLabel: scamType("usurpation-identite").title,
      hero: {
        eyebrow: "Usurpation d'identité",
        heading: "Quelqu'un utilise votre identité\u202f? Reprenez la main.",
        lead: "Un crédit que vous n'avez jamais demandé, un compte ouvert à votre nom, des relances pour des achats inconnus… Ce n'est pas à vous de payer les dettes d'un autre. Nos avocats partenaires vous aident à le faire reconnaître, à faire annuler ces dettes et à récupérer votre argent.",
        primaryCta: recoverCta("usurpation-identite"),
        secondaryCta: { label: "Restaurer mon identité", to: "/fonctionnement" },
      },
      stats: [
        { value: "210 000", label: "cas d'usurpation d'identité déclarés chaque année en France", figure: "identityTheftCases" },
        ...rateStats("usurpation-identite"),
        procedureStat,
      ],
      sections: [
        {
          kind: "checklist",
          tone: "neutral",
          heading: "Les formes d'usurpation d'identité",
          items: [
            "Vol de papiers\u202f: carte d'identité, passeport ou permis perdus ou volés, puis réutilisés.",
            "Copie de documents\u202f: une photo de vos papiers, envoyée pour une location ou une annonce, réutilisée à votre insu.",
            "Usurpation en ligne\u202f: faux profil sur les réseaux sociaux, adresse e-mail ou compte piraté.",
            "Usurpation bancaire\u202f: vos coordonnées bancaires servent à payer ou à ouvrir un compte.",
            "Usurpation par un proche\u202f: parfois, c'est une personne de l'entourage qui utilise vos informations.",
          ],
        },
        {
          kind: "features",
          heading: "Ce que les fraudeurs font avec votre identité",
          items: [
            { title: "Crédits et prêts", text: "Des crédits à la consommation ou des prêts en ligne demandés à votre nom.", icon: "euro" },
            { title: "Comptes bancaires", text: "Des comptes ouverts à votre nom pour faire passer de l'argent volé.", icon: "lock" },
            { title: "Abonnements", text: "Téléphone, internet ou énergie souscrits à votre nom, puis laissés impayés.", icon: "phone" },
            { title: "Achats en ligne", text: "Des achats payés en plusieurs fois, que l'on vous réclame ensuite.", icon: "file" },
            { title: "Locations", text: "Un logement ou une voiture loués avec vos papiers.", icon: "users" },
            { title: "Amendes et infractions", text: "Des amendes ou des poursuites qui arrivent à votre nom.", icon: "scale" },
          ],
        },
        {
          kind: "checklist",
          tone: "warning",
          heading: "Les signes qui doivent vous alerter",
          items: [
            "Vous recevez des relances ou des courriers de recouvrement (demandes de paiement d'une dette) que vous ne comprenez pas.",
            "Votre banque refuse un crédit à cause d'un incident que vous ne connaissez pas.",
            "Des opérations inconnues apparaissent sur vos relevés.",
            "Vous recevez des colis, des cartes bancaires ou des contrats que vous n'avez pas demandés.",
            "Vous ne recevez plus certains courriers habituels.",
            "Des proches vous signalent un profil à votre nom sur internet.",
            "Vous recevez un avis d'amende pour un véhicule que vous n'avez pas.",
          ],
        },
        {
          kind: "text",
          heading: "Les conséquences\u202f: une double victimisation",
          paragraphs: [
            "L'usurpation d'identité coûte de l'argent\u202f: crédits réclamés, prélèvements, frais bancaires, parfois un compte bloqué ou une inscription à la Banque de France qui empêche d'emprunter.",
            "On parle de « double victimisation »\u202f: vous subissez d'abord la fraude, puis toutes ses suites, alors que vous n'avez rien fait. Le préjudice (le dommage subi) est à la fois financier, avec des sommes réclamées à tort, moral, avec le stress et la peur de ne pas être cru, et administratif, avec de longues démarches pour prouver que ce n'est pas vous.",
            "Tous ces dommages peuvent être reconnus. Un avocat peut demander l'annulation des dettes, le remboursement des sommes prélevées et, selon les cas, une indemnisation (une somme qui compense le préjudice).",
          ],
        },
        {
          kind: "notice",
          tone: "warning",
          heading: "Vérifiez vos comptes et votre situation bancaire",
          text: "Par précaution, relisez vos relevés de compte des derniers mois et signalez à votre banque toute opération inconnue. Demandez aussi à la Banque de France si un crédit ou un incident est inscrit à votre nom\u202f: cette démarche est gratuite.",
        },
        {
          kind: "steps",
          heading: "Notre méthode en quatre étapes",
          steps: [
            {
              title: "Analyse complète du préjudice",
              text: "Nous faisons le point avec vous\u202f: crédits, comptes, abonnements, sommes prélevées, inscriptions à la Banque de France. Rien n'est oublié.",
            },
            {
              title: "Identification des auteurs",
              text: "L'avocat rassemble les preuves et demande aux organismes concernés (banques, opérateurs, sociétés de crédit) les informations utilisées pour ouvrir les contrats.",
            },
            {
              title: "Actions multiples",
              text: "Plainte, contestation des contrats et des dettes, demandes de remboursement, demande de retrait des inscriptions à la Banque de France\u202f: tout est mené en parallèle.",
            },
            {
              title: "Suivi complet",
              text: `Vous êtes informé à chaque étape, jusqu'à ce que votre situation soit rétablie. Les honoraires de l'avocat sont fixés par écrit\u202f: ${feesText}.`,
            },
          ],
        },
        {
          kind: "checklist",
          tone: "positive",
          heading: "Protéger votre identité",
          items: [
            "N'envoyez une copie de vos papiers que si c'est vraiment nécessaire, avec un filigrane indiquant la date, le destinataire et l'usage. Le service officiel gratuit « Filigrane Facile » permet de l'ajouter.",
            "Déchirez les courriers qui contiennent vos informations avant de les jeter.",
            "Utilisez des mots de passe différents et activez la double authentification (un code en plus du mot de passe).",
            "Limitez les informations personnelles visibles sur les réseaux sociaux.",
            "Déclarez rapidement la perte ou le vol de vos papiers.",
            "Consultez régulièrement vos relevés bancaires.",
          ],
        },
      ],
      testimonials: [
        {
          name: "Valérie S.",
          age: 54,
          city: "Reims",
          scamType: "Usurpation d'identité",
          amountRecovered: "8 300\u202f€",
          rating: 5,
          quote: "Trois crédits avaient été ouverts à mon nom et j'étais inscrite à la Banque de France. L'avocat a fait annuler les contrats et retirer l'inscription. J'ai aussi récupéré les sommes prélevées sur mon compte, en sept mois.",
        },
        {
          name: "Jean-Pierre L.",
          age: 72,
          city: "Dijon",
          scamType: "Usurpation d'identité",
          amountRecovered: "2 100\u202f€",
          rating: 4,
          quote: "Quelqu'un avait souscrit des abonnements et fait des achats en plusieurs fois avec mes papiers volés. Je recevais des relances sans arrêt et je dormais mal. Tout a été réglé en quelques mois, et on m'a toujours répondu avec patience.",
        },
      ],
      faq: [
        {
          question: "Dois-je payer les dettes faites à mon nom\u202f?",
          answer: "Non, vous n'avez pas à payer des dettes que vous n'avez pas contractées. Avant de payer ou de signer quoi que ce soit, demandez conseil\u202f: l'avocat contestera ces dettes auprès des organismes concernés.",
        },
        {
          question: "Comment prouver que ce n'est pas moi\u202f?",
          answer: "Plusieurs éléments peuvent le montrer\u202f: votre plainte, une signature différente de la vôtre, une adresse que vous ne connaissez pas, une date où vous étiez ailleurs. L'avocat vous aide à les rassembler.",
        },
        {
          question: "Je suis inscrit à la Banque de France à cause de l'usurpateur. Que faire\u202f?",
          answer: "Une inscription liée à une fraude peut être contestée. L'avocat demande à l'organisme qui l'a déclarée de la retirer, preuves à l'appui.",
        },
        { question: "Combien cela coûte-t-il\u202f?", answer: costAnswer },
      ],
      closing: {
        heading: "Retrouvez votre tranquillité",
        text: closingText("Dites-nous ce qui a été fait à votre nom\u202f: nous vous aidons à tout remettre en ordre."),
        cta: recoverCta("usurpation-identite"),
      },
    },

    autre: {
      metaTitle: "Autres arnaques\u202f: analyse gratuite de votre cas",
      metaDescription: `Arnaque sentimentale, fausse location, faux site d'achat… Votre arnaque n'est pas listée\u202f? Analyse gratuite, ${upfront}, avocats partenaires.`,
      breadcrumbLabel: scamType("autre").title,
      hero: {
        eyebrow: "Toutes les arnaques",
        heading: "Votre arnaque ne figure pas dans notre liste\u202f? Nous étudions chaque situation.",
        lead: "Arnaque sentimentale, fausse location, faux site d'achat… Il existe des centaines de façons de tromper les gens. Quelle que soit la vôtre, la consultation est gratuite et sans engagement, et une première analyse vous est souvent faite dès 24 h.",
        primaryCta: recoverCta("autre", "Analyse gratuite de mon cas"),
        secondaryCta: howItWorksCta,
      },
      stats: [
        upfrontStat,
        { value: figures.firstAnalysis, label: "pour une première analyse, jusqu'à une semaine pour un cas complexe", figure: "responseTimes" },
        { value: figures.partnerLawyers, label: "avocats partenaires", figure: "partnerLawyers" },
        { value: figures.countriesOfIntervention, label: "pays d'intervention", figure: "countriesOfIntervention" },
      ],
      sections: [
        {
          kind: "checklist",
          tone: "neutral",
          heading: "Quelques exemples d'arnaques que nous traitons",
          intro: "Cette liste n'est pas complète. Si votre situation n'y figure pas, décrivez-la-nous quand même.",
          items: [
            "Arnaque sentimentale\u202f: une personne rencontrée en ligne gagne votre confiance, puis vous demande de l'argent.",
            "Fausse location\u202f: un logement ou un gîte payé d'avance qui n'existe pas.",
            "Faux site d'achat\u202f: une commande payée, jamais livrée.",
            "Fausse offre d'emploi\u202f: des frais à payer, ou vos papiers demandés, pour un travail qui n'existe pas.",
            "Faux gain à la loterie ou faux héritage\u202f: des frais à payer pour toucher une somme imaginaire.",
            "Fausse association\u202f: un don pour une cause inventée.",
            "Chantage à la webcam (sextorsion)\u202f: des menaces de diffuser des images intimes, vraies ou inventées.",
            "Faux crédit\u202f: des frais de dossier à payer pour un prêt qui n'arrive jamais.",
            "Faux billets ou faux voyages\u202f: concerts, matchs ou séjours vendus par de faux vendeurs.",
            "Faux minage de cryptomonnaie\u202f: un contrat qui promet de « produire » des cryptomonnaies pour vous avec des ordinateurs.",
          ],
        },
        {
          kind: "checklist",
          tone: "warning",
          heading: "Les signes communs à presque toutes les arnaques",
          items: [
            "Une offre trop belle\u202f: prix très bas, gain énorme, amour soudain.",
            "Une urgence\u202f: il faut payer ou décider tout de suite.",
            "Un moyen de paiement inhabituel\u202f: cartes prépayées, cryptomonnaie, virement vers l'étranger.",
            "Une demande de secret\u202f: « n'en parlez à personne ».",
            "Une personne que vous n'avez jamais rencontrée en vrai.",
            "Des frais à payer avant de recevoir quoi que ce soit.",
            "Une demande de codes, de mots de passe ou de copie de vos papiers.",
          ],
        },
        {
          kind: "steps",
          heading: "Comment se passe l'analyse de votre cas",
          steps: [
            {
              title: "Analyse gratuite",
              text: `Vous décrivez votre situation en ligne. Un premier retour vous est fait souvent dès 24 h, en général sous ${figures.firstAnalysis}, et jusqu'à une semaine pour un cas complexe.`,
            },
            {
              title: "Évaluation des chances",
              text: "Nous vous disons honnêtement si une récupération est possible, et ce qu'elle peut raisonnablement donner. Si les chances sont trop faibles, nous vous le disons aussi.",
            },
            {
              title: "Stratégie personnalisée",
              text: `Si votre dossier est accepté, un avocat de notre réseau de ${figures.partnerLawyers} avocats partenaires vous propose les actions adaptées à votre cas.`,
            },
            {
              title: "Mise en œuvre",
              text: `L'avocat mène les démarches et vous tient informé. Ses honoraires sont fixés par écrit\u202f: ${feesText}.`,
            },
          ],
        },
        {
          kind: "notice",
          tone: "info",
          heading: "La règle d'or",
          text: `Ne payez jamais pour récupérer votre argent, et ne donnez jamais vos codes. Après une arnaque, des escrocs recontactent souvent les victimes en se faisant passer pour des avocats, la police ou des services de récupération. Chez ${PRODUCT_NAME}, aucun paiement n'est demandé à l'avance. ${safetyNotice}`,
        },
      ],
      testimonials: [
        {
          name: "Françoise D.",
          age: 67,
          city: "Avignon",
          scamType: "Arnaque sentimentale",
          amountRecovered: "14 000\u202f€",
          rating: 5,
          quote: "Pendant huit mois, j'ai cru à une histoire d'amour avec un homme rencontré en ligne. J'avais honte d'en parler. L'avocate ne m'a jamais jugée, et une partie des virements a pu être récupérée auprès des banques.",
        },
        {
          name: "Thomas R.",
          age: 34,
          city: "Paris",
          scamType: "Fausse location",
          amountRecovered: "1 600\u202f€",
          rating: 4,
          quote: "J'avais versé la caution et le premier loyer pour un appartement qui n'existait pas. Je pensais que c'était perdu pour une si petite somme. Mon dossier a été accepté et j'ai été remboursé en quatre mois.",
        },
      ],
      faq: [
        {
          question: "Mon type d'arnaque n'est pas dans la liste. Pouvez-vous m'aider\u202f?",
          answer: "Probablement. La liste ne donne que des exemples. Décrivez-nous ce qui s'est passé\u202f: nous étudions chaque situation, même inhabituelle, et nous vous disons franchement si nous pouvons agir.",
        },
        {
          question: "L'analyse est-elle vraiment gratuite\u202f?",
          answer: `Oui. L'analyse est gratuite et sans engagement. Si vous décidez d'aller plus loin, vous signez avec l'avocat une convention d'honoraires\u202f: ${feesText}. Si des frais de justice devaient être engagés, ils vous seraient expliqués avant, et rien ne serait fait sans votre accord écrit.`,
        },
        {
          question: "Combien de temps cela prend-il\u202f?",
          answer: `La première analyse prend en général ${figures.firstAnalysis}, parfois jusqu'à une semaine pour un cas complexe. Une procédure de récupération dure ensuite souvent ${procedure}, et jusqu'à ${complexProcedure} pour les dossiers les plus complexes.`,
        },
      ],
      closing: {
        heading: "Décrivez-nous votre situation",
        text: closingText("Quelle que soit l'arnaque, racontez-nous ce qui s'est passé\u202f: nous vous dirons honnêtement ce qui peut être fait."),
        cta: recoverCta("autre", "Analyse gratuite de mon cas"),
      },
    },
  };
}
