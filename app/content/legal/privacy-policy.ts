import { PRODUCT_NAME, safetyNotice } from "~/content/site";
import type { Block, LegalDocument } from "~/content/types";

export const RETENTION_TABLE_CAPTION = "Durées de conservation";
export const RETENTION_TABLE_HEAD = [
  "Données",
  "Durée de conservation",
  "Ce qui se passe ensuite",
  "Pourquoi cette durée",
] as const;
export const COOKIE_TABLE_CAPTION = "Cookies utilisés sur le site";

/**
 * What the policy's two tables show. The route passes the privacy module's retention rules (the ones the retention
 * jobs apply, decision 0044) and the cookies the app sets, so the page cannot drift from the code; content imports
 * no module.
 */
export interface PrivacyPolicyFacts {
  retention: readonly { data: string; duration: string; outcome: string; basis: string }[];
  cookies: readonly { name: string; purpose: string; lifetime: string }[];
}

export function retentionTable(rules: PrivacyPolicyFacts["retention"]): Block {
  return {
    kind: "table",
    caption: RETENTION_TABLE_CAPTION,
    head: RETENTION_TABLE_HEAD,
    rows: rules.map((rule) => [
      rule.data,
      rule.duration,
      rule.outcome,
      rule.basis,
    ]),
  };
}

export function cookieTable(cookies: PrivacyPolicyFacts["cookies"]): Block {
  return {
    kind: "table",
    caption: COOKIE_TABLE_CAPTION,
    head: ["Cookie", "À quoi il sert", "Durée"],
    rows: cookies.map((cookie) => [
      cookie.name,
      cookie.purpose,
      cookie.lifetime,
    ]),
  };
}

/**
 * Privacy policy (spec §2 « Privacy policy », §9 retention and versions). Twelve sections, version 1.6. Its tables
 * come from the privacy module and the environment (the identity-document retention), so the route passes them in.
 */
export function privacyPolicyFor(facts: PrivacyPolicyFacts): LegalDocument {
  return {
    title: "Politique de confidentialité",
    metaDescription: `Quelles données ${PRODUCT_NAME} collecte, pourquoi, combien de temps elles sont gardées, comment elles sont protégées et comment exercer vos droits.`,
    intro: [
      `Vous nous confiez des informations personnelles, parfois très sensibles pour vous. Cette page explique simplement ce que nous en faisons. Le responsable du traitement est la société éditrice de ${PRODUCT_NAME} (voir les `,
      { text: "mentions légales", href: "/mentions-legales" },
      "). Nous appliquons le Règlement général sur la protection des données (RGPD) et la loi « Informatique et Libertés ».",
    ],
    sections: [
      {
        heading: "1. Les données que nous collectons",
        blocks: [
          {
            kind: "paragraph",
            text: "Nous collectons seulement les données utiles à votre dossier. Elles viennent de vous\u202f: formulaires, documents envoyés, messages. Certaines données techniques sont créées automatiquement quand vous utilisez le site.",
          },
          {
            kind: "list",
            items: [
              "Données d'identification\u202f: nom, prénom, adresse e-mail, téléphone, pays de résidence. Votre mot de passe n'est jamais enregistré en clair\u202f: nous gardons seulement une empreinte irréversible (« hachage »). Personne, même chez nous, ne peut le lire.",
              "Données de vérification d'identité\u202f: deux pièces d'identité (carte d'identité, passeport, permis de conduire ou titre de séjour), un justificatif de domicile, votre date de naissance, votre adresse postale et votre numéro fiscal (NIF).",
              "Données sur l'arnaque\u202f: type d'arnaque, montant perdu, circonstances, documents et preuves (virements, captures d'écran, contrats…), historique de vos échanges avec l'escroc.",
              "Messages du dossier\u202f: les messages et pièces échangés avec votre avocat partenaire dans la messagerie de votre dossier.",
              "Données techniques\u202f: adresse IP, type de navigateur, pages consultées, cookies strictement nécessaires (voir la partie 8).",
            ],
          },
          {
            kind: "paragraph",
            text: "Nous ne vous demandons aucune donnée dite « sensible » (santé, opinions, religion…). Si vous en mentionnez dans votre récit, elles servent uniquement à votre dossier.",
          },
          {
            kind: "notice",
            tone: "warning",
            title: "Attention aux faux messages",
            text: safetyNotice,
          },
        ],
      },
      {
        heading: "2. Pourquoi nous utilisons vos données",
        blocks: [
          {
            kind: "list",
            items: [
              "Créer et gérer votre compte, et vous permettre de vous connecter.",
              "Vérifier votre identité, pour éviter les fraudes et l'usurpation d'identité, et pour que votre avocat sache avec certitude pour qui il agit.",
              "Étudier votre situation, accepter ou non votre dossier et le confier à un avocat partenaire.",
              "Permettre les échanges entre vous et votre avocat, et suivre l'avancement de votre dossier.",
              "Conserver la convention d'honoraires signée avec votre avocat et tenir notre comptabilité.",
              "Vous envoyer des e-mails sur votre dossier, des SMS d'avis si vous les avez demandés dans «\u202fMon compte\u202f» (sans contenu\u202f: «\u202fdu nouveau dans votre dossier\u202f») et, seulement si vous l'avez accepté, des informations sur nos services.",
              "Protéger le site et vos données\u202f: détecter les connexions suspectes, empêcher les abus, garder des traces techniques.",
              "Répondre à nos obligations légales et, si besoin, défendre nos droits en justice.",
            ],
          },
          {
            kind: "paragraph",
            text: "Aucune décision vous concernant n'est prise par un ordinateur seul. Chaque dossier et chaque document est examiné par une personne. Nous ne vendons jamais vos données et ne les utilisons pas à des fins publicitaires.",
          },
        ],
      },
      {
        heading: "3. Sur quelle base légale",
        blocks: [
          {
            kind: "paragraph",
            text: "La loi exige que chaque utilisation de vos données repose sur une « base légale ». Voici les nôtres.",
          },
          {
            kind: "table",
            caption: "Bases légales de chaque traitement",
            head: ["Ce que nous faisons", "Base légale"],
            rows: [
              [
                "Compte, étude et suivi du dossier, messagerie avec l'avocat",
                "Exécution du contrat que vous concluez avec nous (conditions générales)",
              ],
              [
                "Vérification d'identité",
                "Exécution du contrat et intérêt légitime à prévenir la fraude\u202f; elle permet aussi à votre avocat de respecter ses propres obligations d'identification de ses clients",
              ],
              [
                "Factures et comptabilité",
                "Obligation légale (Code de commerce, règles fiscales)",
              ],
              [
                "Journaux techniques et sécurité du site",
                "Obligation légale (conservation des données de connexion) et intérêt légitime à protéger le site",
              ],
              [
                "Informations sur nos services",
                "Votre consentement, que vous pouvez retirer à tout moment",
              ],
              ["Défense de nos droits en cas de litige", "Intérêt légitime"],
            ],
          },
          {
            kind: "paragraph",
            text: "Les informations sur l'infraction dont vous avez été victime sont utilisées uniquement pour vous aider à faire valoir vos droits, avec votre avocat.",
          },
        ],
      },
      {
        heading: "4. Qui peut voir vos données",
        blocks: [
          {
            kind: "paragraph",
            text: "Vos données ne sont accessibles qu'aux personnes qui en ont besoin pour traiter votre dossier, et seulement pour ce qui les concerne.",
          },
          {
            kind: "list",
            items: [
              "Votre avocat partenaire, une fois votre dossier confié. Il est soumis au secret professionnel. Pour sa mission, il est lui-même responsable des données qu'il traite.",
              "Notre équipe de conformité et de gestion des dossiers, pour vérifier les documents et attribuer les dossiers.",
              "Nos prestataires techniques (hébergement, envoi d'e-mails et, si vous avez demandé les avis par SMS, envoi de SMS, qui reçoit alors votre numéro de mobile). Ils agissent sur nos instructions, sont liés par un contrat conforme au RGPD et ne peuvent pas utiliser vos données pour eux-mêmes.",
              "Les autorités (police, justice, administrations), uniquement quand la loi nous y oblige.",
            ],
          },
          {
            kind: "paragraph",
            text: "Pour récupérer vos fonds, votre avocat peut devoir transmettre certaines informations à une banque, à une plateforme, à un tribunal ou à la partie adverse. Il le fait dans le cadre de sa mission, pour vous.",
          },
        ],
      },
      {
        heading: "5. Combien de temps nous gardons vos données",
        blocks: [
          retentionTable(facts.retention),
          {
            kind: "paragraph",
            text: "Après la clôture du dossier, les données conservées sont archivées à part. Très peu de personnes peuvent y accéder, et seulement en cas de besoin (par exemple un litige). À la fin de ces durées, les données sont supprimées ou rendues anonymes.",
          },
        ],
      },
      {
        heading: "6. Vos droits et comment les exercer",
        blocks: [
          {
            kind: "list",
            items: [
              "Droit d'accès\u202f: savoir quelles données nous avons sur vous et en obtenir une copie.",
              "Droit de rectification\u202f: faire corriger une donnée fausse ou incomplète.",
              "Droit à l'effacement\u202f: demander la suppression de vos données, sauf celles que la loi nous oblige à garder.",
              "Droit à la limitation\u202f: demander que vos données soient gelées, par exemple pendant la vérification d'une contestation.",
              "Droit à la portabilité\u202f: recevoir les données que vous nous avez fournies dans un format lisible par un ordinateur.",
              "Droit d'opposition\u202f: vous opposer à un traitement fondé sur notre intérêt légitime, et à tout moment à la prospection.",
              "Retrait du consentement\u202f: quand un traitement repose sur votre accord, vous pouvez le retirer à tout moment.",
              "Directives après votre décès\u202f: indiquer ce que nous devons faire de vos données après votre décès.",
            ],
          },
          {
            kind: "paragraph",
            text: "Pour exercer un droit, écrivez-nous par e-mail (coordonnées dans la partie 10). Précisez votre demande et l'adresse e-mail de votre compte. Nous vous répondons dans un délai d'un mois. Si la demande est complexe, ce délai peut être prolongé de deux mois\u202f: nous vous prévenons alors dans le premier mois.",
          },
          {
            kind: "paragraph",
            text: "En cas de doute raisonnable sur votre identité, nous pouvons vous demander une information complémentaire. Exercer vos droits est gratuit.",
          },
        ],
      },
      {
        heading: "7. Comment nous protégeons vos données",
        blocks: [
          {
            kind: "list",
            items: [
              "Vos pièces d'identité et justificatifs sont chiffrés sur nos serveurs.",
              "Ils ne peuvent être téléchargés que par un lien temporaire, valable 60 secondes.",
              "Votre numéro fiscal (NIF) et votre date de naissance sont chiffrés dans notre base de données. Ils ne sont déchiffrés que pour vous les montrer, pour vérifier votre identité et pour la plainte que prépare votre avocat.",
              "Les mots de passe sont enregistrés sous forme d'empreinte irréversible, jamais en clair.",
              "Les comptes de notre équipe sont protégés par un second facteur d'authentification (un code en plus du mot de passe).",
              "L'accès à un dossier est réservé au client, à son avocat et à l'équipe de conformité.",
              "Toutes les communications avec le site sont chiffrées (HTTPS).",
            ],
          },
          {
            kind: "paragraph",
            text: "Si une fuite de données présentait un risque pour vous, nous préviendrions la CNIL dans les 72 heures. Si ce risque était élevé, nous vous préviendrions aussi directement.",
          },
          {
            kind: "paragraph",
            text: "Vous pouvez nous aider\u202f: choisissez un mot de passe unique, ne le communiquez à personne et déconnectez-vous après usage sur un ordinateur partagé.",
          },
        ],
      },
      {
        heading: "8. Cookies",
        blocks: [
          {
            kind: "paragraph",
            text: "Un cookie est un petit fichier déposé sur votre appareil. Nous utilisons uniquement des cookies strictement nécessaires au fonctionnement du site.",
          },
          cookieTable(facts.cookies),
          {
            kind: "paragraph",
            text: "Nous n'utilisons aucun cookie de suivi, de mesure d'audience ou de publicité. Le site ne charge aucun contenu ni aucune police de caractères venant d'un autre site. C'est pourquoi aucun bandeau ne vous demande votre accord\u202f: la loi ne l'exige pas pour ces cookies indispensables.",
          },
        ],
      },
      {
        heading: "9. Transferts hors de l'Union européenne",
        blocks: [
          {
            kind: "paragraph",
            text: "Vos données sont hébergées dans l'Union européenne. Nous ne les transférons pas hors de l'Union européenne.",
          },
          {
            kind: "paragraph",
            text: "Une seule exception\u202f: si vous choisissez de travailler avec un avocat installé en Suisse ou au Canada, les données utiles à votre dossier lui sont transmises. Ces deux pays font l'objet d'une décision d'adéquation de la Commission européenne\u202f: leur niveau de protection est reconnu comme équivalent. Pour le Canada, cette décision couvre les organismes soumis à la loi fédérale sur la protection des renseignements personnels dans le secteur privé.",
          },
          {
            kind: "paragraph",
            text: "Ce transfert n'a lieu qu'avec votre accord sur le choix de cet avocat. Si la décision d'adéquation ne s'appliquait pas à sa situation, nous mettrions en place les garanties prévues par le RGPD avant tout envoi, et nous vous en informerions.",
          },
        ],
      },
      {
        heading:
          "10. Nous contacter et joindre la personne chargée de la protection des données",
        blocks: [
          {
            kind: "paragraph",
            text: `Le responsable du traitement de vos données est la société éditrice de ${PRODUCT_NAME}\u202f:`,
          },
          { kind: "operator-identity" },
          {
            kind: "paragraph",
            text: "Pour toute question sur vos données, pour exercer vos droits ou pour joindre la personne chargée de la protection des données (DPO), écrivez-nous en indiquant « Données personnelles » dans l'objet de votre message\u202f:",
          },
          { kind: "operator-contact" },
        ],
      },
      {
        heading: "11. Réclamation auprès de la CNIL",
        blocks: [
          {
            kind: "paragraph",
            text: "Si vous pensez que vos droits ne sont pas respectés, contactez-nous d'abord\u202f: nous ferons tout pour trouver une solution.",
          },
          {
            kind: "paragraph",
            text: [
              "Vous pouvez aussi, à tout moment, déposer une réclamation auprès de la Commission nationale de l'informatique et des libertés (CNIL), l'autorité française de protection des données\u202f: ",
              {
                text: "déposer une plainte sur le site de la CNIL",
                href: "https://www.cnil.fr/fr/plaintes",
              },
              ". Si vous vivez dans un autre pays de l'Union européenne, vous pouvez aussi vous adresser à l'autorité de votre pays.",
            ],
          },
        ],
      },
      {
        heading: "12. Modifications de cette politique",
        blocks: [
          {
            kind: "paragraph",
            text: "Nous pouvons modifier cette politique, par exemple si la loi change ou si nous ajoutons un service. La date de mise à jour figure en bas de cette page.",
          },
          {
            kind: "paragraph",
            text: "En cas de changement important, nous vous prévenons par e-mail ou par un message dans votre espace, avant qu'il ne s'applique.",
          },
        ],
      },
    ],
    versionFooter: "Version 1.6 – Dernière mise à jour\u202f: 16 janvier 2025",
  };
}

/**
 * The policy's title, description, sections and footer, for the table of legal pages and their meta; its two tables
 * are empty here: the page itself is privacyPolicyFor with the privacy module's facts (routes/legal-page.tsx).
 */
export const privacyPolicy: LegalDocument = privacyPolicyFor({ retention: [], cookies: [] });
