import { illegalContentReporting, officialScamReporting, PRODUCT_NAME } from "~/content/site";
import type { LegalDocument } from "~/content/types";

/** Legal notice (LCEN art. 6). The operator's identity and the host come from the operator blocks (configurable). */
export const legalNotice: LegalDocument = {
  title: "Mentions légales",
  metaDescription: `Mentions légales de ${PRODUCT_NAME}\u202f: éditeur du site, contact, hébergeur, avocats partenaires, propriété intellectuelle et données personnelles.`,
  intro:
    "Ces informations sont publiées en application de la loi n° 2004-575 du 21 juin 2004 pour la confiance dans l'économie numérique (LCEN).",
  sections: [
    {
      heading: "Éditeur du site",
      blocks: [
        {
          kind: "paragraph",
          text: `Le site ${PRODUCT_NAME} est édité par la société suivante\u202f:`,
        },
        { kind: "operator-identity" },
        {
          kind: "paragraph",
          text: `${PRODUCT_NAME} est une plateforme de mise en relation. La société éditrice n'est pas un cabinet d'avocats et ne donne pas de conseil juridique.`,
        },
      ],
    },
    {
      heading: "Contact",
      blocks: [
        {
          kind: "paragraph",
          text: "Pour toute question sur le site ou sur votre dossier, vous pouvez nous joindre\u202f:",
        },
        { kind: "operator-contact" },
      ],
    },
    {
      heading: "Hébergement",
      blocks: [
        {
          kind: "paragraph",
          text: "L'hébergeur du site (nom et adresse) est indiqué ci-dessus, dans la partie « Éditeur du site ». Les données du site sont hébergées dans l'Union européenne.",
        },
      ],
    },
    {
      heading: "Propriété intellectuelle",
      blocks: [
        {
          kind: "paragraph",
          text: `L'ensemble du site (textes, images, logos, marque ${PRODUCT_NAME}, mise en page, logiciels) est protégé par le droit de la propriété intellectuelle. Il appartient à la société éditrice ou à ses partenaires.`,
        },
        {
          kind: "paragraph",
          text: "Toute reproduction, représentation ou réutilisation, totale ou partielle, sans autorisation écrite préalable est interdite.",
        },
      ],
    },
    {
      heading: "Avocats partenaires",
      blocks: [
        {
          kind: "paragraph",
          text: "Les avocats partenaires sont des avocats indépendants, inscrits à leur barreau. Ils sont tenus par les règles de leur profession, notamment le secret professionnel, et sont seuls responsables des conseils et actes juridiques qu'ils accomplissent.",
        },
        {
          kind: "paragraph",
          text: [
            "Vous pouvez vérifier l'inscription d'un avocat exerçant en France dans l'annuaire national du Conseil national des barreaux\u202f: ",
            { text: "annuaire des avocats de France", href: "https://www.cnb.avocat.fr/fr/annuaire-des-avocats-de-france" },
            ".",
          ],
        },
      ],
    },
    {
      heading: "Données personnelles",
      blocks: [
        {
          kind: "paragraph",
          text: [
            "La façon dont nous collectons, utilisons et protégeons vos données, ainsi que vos droits, sont expliqués dans notre ",
            { text: "politique de confidentialité", href: "/politique-confidentialite" },
            ". Le site n'utilise que des cookies strictement nécessaires à son fonctionnement.",
          ],
        },
      ],
    },
    {
      heading: "Signaler un contenu",
      blocks: [
        {
          kind: "paragraph",
          text: "Si vous voyez sur le site un contenu illicite, faux ou qui vous porte atteinte, écrivez-nous (voir « Contact » ci-dessus). Indiquez l'adresse de la page, le contenu en cause et la raison de votre signalement. Nous l'examinons rapidement et le retirons s'il est illicite.",
        },
        {
          kind: "paragraph",
          text: [
            "Pour signaler un contenu illicite vu ailleurs sur internet, utilisez la plateforme officielle du ministère de l'Intérieur\u202f: ",
            { text: "PHAROS – internet-signalement.gouv.fr", href: illegalContentReporting.href },
            ". Pour porter plainte après une escroquerie sur internet\u202f: ",
            { text: "THESEE – service-public.fr", href: officialScamReporting.href },
            ".",
          ],
        },
      ],
    },
  ],
};
