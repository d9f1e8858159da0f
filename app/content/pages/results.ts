/** The texts of /resultats (issue 31, decision 0082): the figures themselves come from app/modules/results. */

/** In place of a figure resting on fewer than RESULTS_MIN_CASES closed cases. */
export const HIDDEN_FIGURE_TEXT = "Pas encore assez de dossiers clos pour publier ce chiffre.";

export const resultsContent = {
  metaTitle: "Résultats publiés — Recours",
  metaDescription:
    "Les dossiers clos sur Recours et les sommes récupérées, calculés à partir des issues inscrites par les avocats, avec leurs définitions et le nombre de dossiers sur lequel chaque chiffre repose.",
  heading: "Nos résultats, calculés dossier par dossier",
  lead: "Ces chiffres sont calculés à partir de l'issue que l'avocat inscrit en clôturant chaque dossier et des sommes récupérées qu'il a enregistrées. Personne ne les saisit à la main. Ils décrivent des dossiers passés\u202f: ils ne promettent rien pour le vôtre, chaque situation est différente.",
  figuresHeading: "Les chiffres de la période",
  byTypeHeading: "Par type d'arnaque",
  method: {
    heading: "Méthode",
    items: [
      "Un dossier compte quand son avocat le marque «\u202fRésolu\u202f» ou «\u202fFermé\u202f» en indiquant son issue\u202f: récupéré en totalité, récupéré en partie, rien récupéré, retiré par le client ou non poursuivi.",
      "La somme récupérée d'un dossier est le total du relevé des sommes récupérées au moment de la clôture, contre-passations déduites, avant honoraires.",
      "Les dossiers retirés par le client ou non poursuivis restent dans le total des dossiers clos\u202f: aucun dossier n'est écarté pour améliorer un chiffre.",
      "Nous ne publions pas de «\u202ftaux de réussite\u202f»\u202f: récupérer une partie de la somme n'est pas tout récupérer, et chaque chiffre est donné avec sa définition.",
    ],
  },
} as const;
