import { PRODUCT_NAME, scamTypes } from "~/content/site";
import type { LegalDocument } from "~/content/types";

const evaluationDate = "21 novembre 2026";

/** Accessibility statement in the RGAA 4.1 format. Honest: internal self-assessment only, no external audit yet. */
export const accessibilityStatement: LegalDocument = {
  title: "Déclaration d'accessibilité",
  metaDescription: `Déclaration d'accessibilité de ${PRODUCT_NAME}\u202f: site partiellement conforme au RGAA 4.1, pages évaluées, limites connues et comment nous signaler un problème.`,
  intro: `La société éditrice de ${PRODUCT_NAME} s'engage à rendre son site accessible à tous, conformément à l'article 47 de la loi n° 2005-102 du 11 février 2005. Cette déclaration s'applique au site ${PRODUCT_NAME}.`,
  sections: [
    {
      heading: "Notre engagement",
      blocks: [
        {
          kind: "paragraph",
          text: "Beaucoup de victimes d'arnaques sont des personnes âgées, ou des personnes qui utilisent un lecteur d'écran, un clavier seul ou un fort zoom. Chacun doit pouvoir nous contacter et suivre son dossier sans difficulté.",
        },
        {
          kind: "paragraph",
          text: "Chaque nouvelle page est vérifiée avant sa mise en ligne, avec les contrôles décrits plus bas. Nous souhaitons faire réaliser un audit complet par un organisme externe.",
        },
      ],
    },
    {
      heading: "État de conformité",
      blocks: [
        {
          kind: "paragraph",
          text: `${PRODUCT_NAME} est partiellement conforme au référentiel général d'amélioration de l'accessibilité (RGAA), version 4.1.`,
        },
        {
          kind: "notice",
          tone: "info",
          title: "Pourquoi « partiellement conforme »\u202f?",
          text: "Aucun audit complet n'a encore été réalisé par un organisme externe. Nous ne pouvons donc pas publier de taux de conformité. Notre évaluation interne n'a relevé aucun défaut, mais elle ne remplace pas un audit.",
        },
      ],
    },
    {
      heading: "Résultats de l'évaluation",
      blocks: [
        {
          kind: "paragraph",
          text: `L'évaluation est une auto-évaluation interne, réalisée le ${evaluationDate}. Chaque page a été analysée automatiquement avec l'outil axe-core, selon les règles WCAG 2.1 niveaux A et AA\u202f: aucune erreur n'a été détectée. Nous avons aussi fait les vérifications manuelles suivantes\u202f:`,
        },
        {
          kind: "list",
          items: [
            "navigation complète au clavier seul, sans souris\u202f;",
            "focus toujours visible sur l'élément actif\u202f;",
            "lecture correcte avec un zoom à 200\u202f%\u202f;",
            "affichage sans défilement horizontal sur un écran de 320 pixels de large\u202f;",
            "structure des titres et des zones de la page (en-tête, navigation, contenu principal, pied de page)\u202f;",
            "alternatives textuelles pour les images\u202f;",
            "contraste des textes d'au moins 4,5:1 avec le fond.",
          ],
        },
      ],
    },
    {
      heading: "Pages évaluées",
      blocks: [
        {
          kind: "list",
          items: [
            "Accueil",
            "Fonctionnement",
            "Témoignages",
            "À propos",
            "Avocats (rejoindre le réseau)",
            `Les ${scamTypes.length} pages sur les types d'arnaques\u202f: ${scamTypes.map((scam) => scam.title).join(", ")}`,
            "Mentions légales, politique de confidentialité, conditions générales et cette déclaration d'accessibilité",
            "Connexion",
            "Inscription",
          ],
        },
      ],
    },
    {
      heading: "Technologies et environnement de test",
      blocks: [
        {
          kind: "paragraph",
          text: "Le site repose sur les technologies suivantes\u202f: HTML5, CSS et JavaScript. JavaScript est facultatif\u202f: les pages publiques fonctionnent sans lui.",
        },
        {
          kind: "list",
          items: [
            "Navigateur Chromium, avec l'outil axe-core pour les tests automatiques.",
            "Navigation au clavier dans Chromium pour les tests manuels.",
          ],
        },
        {
          kind: "notice",
          tone: "warning",
          title: "Limite connue",
          text: "Le site n'a pas encore été testé avec les lecteurs d'écran NVDA (Windows) et VoiceOver (Mac, iPhone). Ces tests sont prévus. Si vous rencontrez un problème avec un lecteur d'écran, dites-le-nous.",
        },
      ],
    },
    {
      heading: "Contenus non accessibles",
      blocks: [
        {
          kind: "paragraph",
          text: "Nous ne connaissons à ce jour aucun contenu non accessible. Ces contenus n'ont toutefois pas encore été vérifiés par un audit externe\u202f: des défauts peuvent exister. Nous corrigerons tout défaut qui nous sera signalé.",
        },
      ],
    },
    {
      heading: "Retour d'information et contact",
      blocks: [
        {
          kind: "paragraph",
          text: "Si vous n'arrivez pas à accéder à un contenu ou à un service, contactez-nous. Nous vous aiderons à y accéder autrement, par exemple par téléphone ou par e-mail, et nous corrigerons le problème.",
        },
        { kind: "operator-contact" },
      ],
    },
    {
      heading: "Voies de recours",
      blocks: [
        {
          kind: "paragraph",
          text: "Cette procédure est à utiliser si vous nous avez signalé un défaut d'accessibilité qui vous empêche d'accéder à un contenu ou à un service, et que vous n'avez pas obtenu de réponse satisfaisante.",
        },
        {
          kind: "list",
          items: [
            [
              "Écrire un message au Défenseur des droits\u202f: ",
              { text: "formulaire en ligne du Défenseur des droits", href: "https://formulaire.defenseurdesdroits.fr/" },
              ".",
            ],
            [
              "Contacter le délégué du Défenseur des droits de votre région\u202f: ",
              { text: "site du Défenseur des droits", href: "https://www.defenseurdesdroits.fr/" },
              ".",
            ],
            "Envoyer un courrier par la poste (gratuit, ne pas mettre de timbre)\u202f: Défenseur des droits, Libre réponse 71120, 75342 Paris CEDEX 07.",
          ],
        },
      ],
    },
  ],
};
