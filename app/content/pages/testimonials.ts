import { figures, formatRating, scamType, testimonialsNotice } from "~/content/site";
import type { CallToAction, Testimonial } from "~/content/types";

/** /temoignages: the rating and six static testimonials. */
export type TestimonialsContent = {
  metaTitle: string;
  metaDescription: string;
  /** The page's only h1 */
  heading: string;
  intro: string;
  rating: {
    /** The figures themselves (value, best, count), for display and structured data. */
    figures: typeof figures.rating;
    /** e.g. '4,8/5' */
    valueLabel: string;
    /** e.g. 'Note moyenne sur 1 247 avis' */
    caption: string;
  };
  /** Exactly six. */
  testimonials: readonly [Testimonial, Testimonial, Testimonial, Testimonial, Testimonial, Testimonial];
  /** Shown under the testimonials: consent, changed first names, every case is different. */
  disclaimer: string;
  closing: { heading: string; text: string; cta: CallToAction };
};

const ratingValue = `${formatRating(figures.rating.value)}/${figures.rating.best}`;
const reviewCount = figures.rating.count.toLocaleString("fr-FR");

export const testimonialsContent: TestimonialsContent = {
  metaTitle: "Témoignages",
  metaDescription: `Arnaques en ligne\u202f: des situations que vivent souvent les victimes, et ce qu'un avocat partenaire a pu faire. Note moyenne\u202f: ${ratingValue} sur ${reviewCount} avis.`,
  heading: "Témoignages\u202f: des situations comme la vôtre",
  intro: "Faux conseiller, faux placement, arnaque sentimentale… Voici des situations que vivent souvent les victimes, et ce qu'un avocat a pu faire. Parfois tout est récupéré, parfois une partie seulement.",
  rating: {
    figures: figures.rating,
    valueLabel: ratingValue,
    caption: `Note moyenne sur ${reviewCount} avis`,
  },
  testimonials: [
    {
      name: "Monique D.",
      age: 71,
      city: "Bordeaux",
      scamType: scamType("faux-conseiller-bancaire").title,
      amountRecovered: "8 900\u202f€",
      rating: 5,
      quote: "Un faux conseiller m'a fait valider trois virements au téléphone. J'avais honte d'en parler à mes enfants. L'avocate m'a tout expliqué simplement, sans jamais me juger. Au bout de cinq mois, ma banque m'a remboursée.",
    },
    {
      name: "Jean-Pierre M.",
      age: 64,
      city: "Liège (Belgique)",
      scamType: scamType("faux-placements").title,
      amountRecovered: "21 000\u202f€",
      rating: 4,
      quote: "J'avais placé 48 000\u202f€ dans un livret qui n'existait pas. Je n'ai pas tout récupéré, mais 21 000\u202f€ m'ont été rendus après neuf mois de procédure. L'avocat ne m'a jamais promis de miracle, et c'est pour cela que je lui ai fait confiance.",
    },
    {
      name: "Sophie R.",
      age: 52,
      city: "Lausanne (Suisse)",
      scamType: scamType("investissement-en-ligne").title,
      amountRecovered: "12 400\u202f€",
      rating: 5,
      quote: "La plateforme de cryptomonnaies refusait tous mes retraits. L'avocat a retrouvé la banque qui avait reçu mes virements. Il a fallu onze mois, mais j'ai récupéré la totalité de la somme.",
    },
    {
      name: "Claude B.",
      age: 68,
      city: "Luxembourg",
      scamType: scamType("faux-support-technique").title,
      amountRecovered: "3 200\u202f€",
      rating: 4,
      quote: "Un faux technicien avait pris la main sur mon ordinateur. J'ai été remboursé en quatre mois. J'ai surtout apprécié de pouvoir poser mes questions à l'avocat dans mon espace, sans me sentir bête.",
    },
    {
      name: "Nadia K.",
      age: 45,
      city: "Montréal (Canada)",
      scamType: "Arnaque sentimentale",
      amountRecovered: "6 500\u202f€",
      rating: 4,
      quote: "J'ai envoyé 15 000\u202f€ à un homme rencontré en ligne. On m'a dit dès le début que tout ne serait sans doute pas récupéré. Après dix mois, 6 500\u202f€ m'ont été rendus. Ce n'est pas tout, mais c'est plus que ce que j'espérais.",
    },
    {
      name: "Thierry L.",
      age: 57,
      city: "Lyon",
      scamType: scamType("arnaque-president").title,
      amountRecovered: "37 500\u202f€",
      rating: 5,
      quote: "Notre comptable a fait un virement urgent à un faux fournisseur. La banque a été prévenue très vite et l'avocate a pris le relais dès le lendemain. Nous avons récupéré les fonds en trois mois.",
    },
  ],
  disclaimer: testimonialsNotice,
  closing: {
    heading: "Et si nous regardions votre dossier\u202f?",
    text: "L'analyse est gratuite et sans engagement. Un avocat vous dit honnêtement ce qui est possible dans votre situation.",
    cta: { label: "Récupérer mon argent maintenant", to: "/inscription" },
  },
};
