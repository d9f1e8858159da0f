import { COUNTRIES } from "~/lib/countries";
import { feeStatement, feeTerms } from "~/content/fees";
import { figures, PRODUCT_NAME } from "~/content/site";
import type { FeeModel } from "~/lib/fees";
import type { LegalDocument } from "~/content/types";

/** « France, Belgique, Suisse, Luxembourg ou Canada » */
const acceptedCountries = `${COUNTRIES.slice(0, -1)
  .map((country) => country.label)
  .join(", ")} ou ${COUNTRIES[COUNTRIES.length - 1]?.label ?? ""}`;

/**
 * Terms of use (spec §2 « Terms of use », §9 fees, termination and versions). Twelve articles, version 1.5. The fees
 * come from the operator's fee model (decision 77).
 */
export function termsFor(model: FeeModel): LegalDocument {
  const fees = feeTerms(model);
  return {
    title: "Conditions générales d'utilisation",
    metaDescription: `Les règles d'utilisation de ${PRODUCT_NAME}\u202f: accès, vérification d'identité, convention d'honoraires avec l'avocat (${fees.baseFee} et ${fees.resultFeeShort} des sommes récupérées), résiliation.`,
    intro: [
      `Ces conditions générales sont le contrat entre vous et la société éditrice de ${PRODUCT_NAME} (voir les `,
      { text: "mentions légales", href: "/mentions-legales" },
      "). Lisez-les avant de créer votre compte. Si une question reste sans réponse, contactez-nous\u202f: nous vous expliquerons.",
    ],
    sections: [
      {
        heading: "Article 1 – Objet",
        blocks: [
          {
            kind: "paragraph",
            text: `${PRODUCT_NAME} est une plateforme en ligne qui met en relation les victimes d'arnaques en ligne avec un réseau d'avocats partenaires, pour tenter de récupérer les sommes perdues.`,
          },
          {
            kind: "paragraph",
            text: `Ces conditions fixent les règles d'utilisation du site et du service. Elles s'appliquent à toute personne qui utilise le site. En créant un compte, vous déclarez les avoir lues et acceptées.`,
          },
          {
            kind: "paragraph",
            text: "Nous pouvons modifier ces conditions. La version applicable est celle en vigueur le jour de votre inscription. Pour un dossier en cours, toute modification importante vous est annoncée par e-mail au moins un mois à l'avance. Si vous la refusez, vous pouvez résilier sans frais (article 11).",
          },
        ],
      },
      {
        heading: "Article 2 – Définitions",
        blocks: [
          {
            kind: "list",
            items: [
              `« Société éditrice »\u202f: la société qui exploite ${PRODUCT_NAME} (voir les mentions légales). Elle agit uniquement comme intermédiaire entre les victimes et les avocats.`,
              "« Utilisateur »\u202f: toute personne qui utilise le site, qu'elle ait un compte ou non.",
              "« Client »\u202f: un utilisateur qui a créé un compte et souscrit au service en déposant un dossier.",
              "« Avocat partenaire »\u202f: un avocat inscrit à un barreau français ou étranger, qui a rejoint le réseau de la plateforme. Il exerce en toute indépendance.",
              "« Dossier »\u202f: l'ensemble des informations et documents que le client dépose pour décrire l'arnaque dont il a été victime.",
              "« Fonds effectivement récupérés »\u202f: les sommes réellement reversées au client (remboursement, restitution, indemnité payée). Une somme seulement promise, ou une décision de justice non payée, n'en fait pas partie.",
            ],
          },
          {
            kind: "notice",
            tone: "info",
            title: `${PRODUCT_NAME} n'est pas un cabinet d'avocats`,
            text: `La société éditrice ne donne elle-même aucun conseil juridique et ne vous représente pas en justice. Les conseils juridiques et les actions en justice relèvent uniquement de l'avocat partenaire chargé de votre dossier.`,
          },
        ],
      },
      {
        heading: "Article 3 – Accès au service",
        blocks: [
          {
            kind: "paragraph",
            text: "Le service est réservé aux personnes qui remplissent toutes ces conditions\u202f:",
          },
          {
            kind: "list",
            items: [
              "être une personne majeure, capable de signer un contrat, ou une personne morale (société, association…) représentée par une personne autorisée à agir pour elle\u202f;",
              "avoir été victime d'une arnaque et avoir perdu de l'argent\u202f;",
              `résider dans l'un de ces pays\u202f: ${acceptedCountries}.`,
            ],
          },
          {
            kind: "paragraph",
            text: "La consultation du site et la première analyse de votre situation sont gratuites et sans engagement. Un dossier déposé n'est pas automatiquement accepté\u202f: nous vous informons de notre décision. Un refus ne vous coûte rien.",
          },
        ],
      },
      {
        heading: "Article 4 – Compte et vérification d'identité",
        blocks: [
          {
            kind: "list",
            items: [
              "Vous donnez des informations exactes, complètes et à jour. Vous les corrigez dès qu'elles changent.",
              "Un seul compte par personne. Une personne morale a un seul compte, utilisé par son représentant.",
              "Votre mot de passe est personnel. Ne le communiquez à personne. Si vous pensez qu'il a été découvert, changez-le et prévenez-nous tout de suite.",
              "Vous utilisez la messagerie de votre dossier avec respect et uniquement pour votre dossier.",
            ],
          },
          {
            kind: "paragraph",
            text: "Avant qu'un avocat n'agisse pour vous, nous vérifions votre identité. Vous envoyez deux pièces d'identité différentes et un justificatif de domicile de moins de 3 mois. Ces documents sont examinés par notre équipe de conformité. Un document illisible, expiré ou non conforme peut être refusé\u202f: nous vous disons pourquoi et vous pouvez en envoyer un autre.",
          },
          {
            kind: "paragraph",
            text: "Un faux document ou une fausse déclaration entraîne le refus ou la fin du service (article 11). Nous pouvons aussi le signaler aux autorités compétentes.",
          },
        ],
      },
      {
        heading: "Article 5 – Prise en charge du dossier et durée du contrat",
        blocks: [
          {
            kind: "list",
            ordered: true,
            items: [
              `Vous déposez votre dossier en ligne. Nous l'analysons gratuitement, en général sous ${figures.firstAnalysis}.`,
              "Si votre dossier est accepté, nous vous le confirmons par écrit. Le contrat commence à cette date.",
              "Votre dossier est confié à un avocat partenaire. Vous échangez avec lui par la messagerie de votre dossier.",
              "L'avocat mène les démarches de récupération\u202f: enquête, réclamations, actions en justice si nécessaire. Il vous tient informé.",
            ],
          },
          {
            kind: "paragraph",
            text: "Le contrat dure jusqu'à la fin de la procédure de récupération\u202f: fonds récupérés, ou toutes les voies raisonnables épuisées, ce que nous vous confirmons par écrit. Il peut aussi prendre fin plus tôt par résiliation (article 11).",
          },
          {
            kind: "paragraph",
            text: "L'avocat partenaire agit en toute indépendance et dans le respect des règles de sa profession, notamment le secret professionnel. La société éditrice organise la mise en relation, le suivi et les outils du dossier. Elle n'intervient pas dans les choix juridiques de l'avocat.",
          },
        ],
      },
      {
        heading: "Article 6 – Conditions financières",
        blocks: [
          {
            kind: "list",
            items: [
              feeStatement(model),
              "Les honoraires sont ceux de l'avocat partenaire\u202f: ils sont fixés dans une convention d'honoraires écrite que vous signez avec lui dans votre espace, avant tout travail (article 10 de la loi n° 71-1130 du 31 décembre 1971).",
              model.baseFeeCents === 0
                ? "Aucun honoraire de diligence n'est demandé."
                : `Honoraires de diligence\u202f: ${fees.baseFee}, payables ${fees.baseFeeDue}. Ils rémunèrent le travail accompli, quel que soit le résultat.`,
              model.resultPercentBp === 0
                ? "Aucun honoraire de résultat n'est demandé."
                : `Honoraire complémentaire de résultat\u202f: ${fees.resultFee} des sommes effectivement récupérées, en complément des honoraires de diligence.`,
              "Les sommes récupérées sont reçues sur le compte CARPA de l'avocat, qui n'y prélève ses honoraires qu'avec votre autorisation écrite.",
            ],
          },
          {
            kind: "paragraph",
            text: fees.resultExample
              ? `Exemple\u202f: ${fees.resultExample}. Cet honoraire n'est facturé qu'une fois les fonds effectivement récupérés.`
              : "Les montants de votre convention ne dépassent jamais ceux-ci.",
          },
          {
            kind: "notice",
            tone: "info",
            title: "Les frais de justice restent à votre charge",
            text: "Certaines procédures entraînent des frais de justice\u202f: commissaire de justice (huissier), expert, frais de tribunal. Ces frais ne sont pas compris dans les honoraires et restent à votre charge. Ils ne sont engagés qu'avec votre accord écrit préalable, après que leur montant estimé vous a été indiqué.",
          },
        ],
      },
      {
        heading: "Article 7 – Droit de rétractation",
        blocks: [
          {
            kind: "paragraph",
            text: "Si vous êtes un consommateur, vous disposez d'un délai de 14 jours pour vous rétracter, sans donner de motif. Ce délai court à partir de l'acceptation de votre dossier, date de conclusion du contrat. Les professionnels de cinq salariés au plus bénéficient du même droit, si le contrat n'entre pas dans le champ de leur activité principale.",
          },
          {
            kind: "paragraph",
            text: "Pour vous rétracter, envoyez-nous une déclaration claire, par e-mail ou par courrier (coordonnées dans les mentions légales). Vous pouvez utiliser le modèle de formulaire de rétractation prévu par le Code de la consommation, mais ce n'est pas obligatoire.",
          },
          {
            kind: "paragraph",
            text: "La convention d'honoraires que vous signez avec l'avocat a son propre délai de rétractation de 14 jours, que vous exercez avec le bouton «\u202fMe rétracter\u202f» de la page de votre dossier. Si vous avez demandé expressément que le travail commence pendant ce délai, puis que vous vous rétractez, seul le travail déjà accompli peut vous être facturé, en proportion de la mission convenue. Sans cette demande, rien n'est dû. Les frais de justice déjà engagés avec votre accord écrit restent dus.",
          },
        ],
      },
      {
        heading: "Article 8 – Responsabilité",
        blocks: [
          {
            kind: "paragraph",
            text: "La société éditrice et les avocats partenaires sont tenus d'une obligation de moyens\u202f: ils font tout ce qui est raisonnablement possible pour récupérer vos fonds. La récupération ne peut pas être garantie. Elle dépend notamment des escrocs, des banques, des plateformes et des tribunaux. Les taux de réussite affichés sur le site sont des moyennes constatées sur les dossiers passés. Ils ne sont pas une promesse pour votre dossier.",
          },
          {
            kind: "paragraph",
            text: "Chaque avocat partenaire est responsable des conseils qu'il donne et des actes qu'il accomplit, dans le cadre de sa profession. Il est couvert par sa propre assurance professionnelle.",
          },
          {
            kind: "paragraph",
            text: "Vous êtes responsable de l'exactitude des informations et documents que vous fournissez. Nous faisons le nécessaire pour que le site reste disponible et sûr, mais des interruptions peuvent arriver, par exemple pour maintenance. Rien dans ces conditions ne limite les droits que la loi vous reconnaît comme consommateur.",
          },
        ],
      },
      {
        heading: "Article 9 – Confidentialité et données personnelles",
        blocks: [
          {
            kind: "paragraph",
            text: "Tout ce que vous nous confiez reste confidentiel. Votre dossier n'est accessible qu'à vous, à votre avocat partenaire et à notre équipe de conformité. Votre avocat est en plus tenu au secret professionnel. De votre côté, vous gardez confidentiels les échanges de votre dossier qui concernent d'autres personnes.",
          },
          {
            kind: "paragraph",
            text: [
              "Nous traitons vos données personnelles selon le RGPD. Ce que nous collectons, pourquoi, combien de temps et vos droits sont expliqués dans notre ",
              { text: "politique de confidentialité", href: "/politique-confidentialite" },
              ".",
            ],
          },
        ],
      },
      {
        heading: "Article 10 – Propriété intellectuelle",
        blocks: [
          {
            kind: "paragraph",
            text: `Le site, sa marque ${PRODUCT_NAME}, ses textes, images, logos et logiciels appartiennent à la société éditrice ou à ses partenaires. Vous ne pouvez pas les copier, les modifier ou les réutiliser sans autorisation écrite.`,
          },
          {
            kind: "paragraph",
            text: "Les documents que vous envoyez restent les vôtres. Vous nous autorisez seulement à les utiliser pour traiter votre dossier.",
          },
        ],
      },
      {
        heading: "Article 11 – Résiliation",
        blocks: [
          {
            kind: "list",
            items: [
              "Par vous\u202f: à tout moment, par lettre recommandée avec accusé de réception envoyée au siège de la société éditrice (adresse dans les mentions légales). La résiliation prend effet dès la réception de la lettre.",
              "Par la société éditrice\u202f: si vous ne respectez pas ces conditions (par exemple fausses informations ou comportement abusif), nous vous adressons d'abord une mise en demeure. Si elle reste sans réponse pendant 15 jours, le contrat peut être résilié.",
            ],
          },
          {
            kind: "paragraph",
            text: "Après la résiliation, restent dus, selon la convention d'honoraires, les honoraires de diligence du travail déjà accompli et l'honoraire de résultat sur les fonds déjà effectivement récupérés à cette date. Les frais de justice déjà engagés avec votre accord écrit restent à votre charge. Aucune autre somme ne vous est demandée.",
          },
          {
            kind: "paragraph",
            text: "Vous pouvez aussi demander la suppression de votre compte. Certaines données sont alors conservées pour les durées prévues par la loi, comme l'explique la politique de confidentialité.",
          },
        ],
      },
      {
        heading: "Article 12 – Réclamations, médiation et droit applicable",
        blocks: [
          {
            kind: "paragraph",
            text: "En cas de désaccord, écrivez-nous d'abord\u202f: nous cherchons avec vous une solution amiable. Une contestation des honoraires d'un avocat inscrit en France relève du bâtonnier de son ordre.",
          },
          {
            kind: "paragraph",
            text: [
              "Si vous êtes un consommateur et que votre réclamation écrite n'a pas abouti, vous pouvez saisir gratuitement le médiateur de la consommation dont relève la société éditrice. Ses coordonnées vous sont communiquées dans notre réponse à votre réclamation. Pour en savoir plus\u202f: ",
              { text: "la médiation de la consommation (economie.gouv.fr)", href: "https://www.economie.gouv.fr/mediation-conso" },
              ".",
            ],
          },
          {
            kind: "paragraph",
            text: "Ces conditions sont soumises au droit français. Si vous êtes un consommateur, vous gardez la protection des règles impératives du pays où vous résidez. À défaut d'accord, le litige est porté devant le tribunal compétent. Un consommateur peut saisir, à son choix, le tribunal de son domicile ou tout autre tribunal compétent selon la loi. Pour les clients professionnels, les tribunaux du ressort du siège de la société éditrice sont compétents.",
          },
        ],
      },
    ],
    versionFooter: "Version 1.5 – Dernière mise à jour\u202f: 16 janvier 2025",
  };
}
