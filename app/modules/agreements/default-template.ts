import { typeset } from "~/lib/typography";
import type { FeeModel } from "~/lib/fees";
import type { TemplateSection } from "./agreements.schema";
import type { TemplateVersionInput } from "./templates.schema";

/**
 * Version 1 of the fee agreement, generated from the operator's fee model when no template exists (decision 0077).
 * Amounts, percentages and people are placeholders filled in at the proposal, so the text itself never restates a
 * figure; the bounds come from the fee model: the base fee exactly as the public statement says it, the result
 * complement from 0 up to the statement's percentage. A lawyer must review this text before launch.
 */
export function defaultTemplate(model: FeeModel): TemplateVersionInput {
  const sections: TemplateSection[] = [
    {
      kind: "parties",
      title: "Les parties",
      body: `Entre\u00a0:
{{client}}, ci-après «\u00a0le client\u00a0»,
et
{{avocat}}, avocat inscrit au {{barreau}}, joignable à l'adresse {{email_avocat}}, ci-après «\u00a0l'avocat\u00a0».

La présente convention est conclue pour le dossier n° {{numero_dossier}}, ouvert par le client sur la plateforme éditée par {{operateur}} ({{email_operateur}}). La plateforme met en relation le client et l'avocat et conserve la convention signée\u00a0; elle n'est pas partie à la convention et ne perçoit aucune part des honoraires de l'avocat.`,
    },
    {
      kind: "scope",
      title: "La mission confiée",
      body: `Le client confie à l'avocat, qui l'accepte, une mission d'assistance et de conseil en vue de récupérer les sommes qu'il a perdues à la suite d'une escroquerie, telle qu'elle est décrite dans le dossier n° {{numero_dossier}}. Selon ce que le dossier permet, la mission comprend\u00a0:
- l'analyse du dossier et des pièces fournies par le client\u00a0;
- les demandes de rappel de fonds et de remboursement auprès des banques et des prestataires de paiement concernés\u00a0;
- la rédaction et le dépôt de plaintes, et le suivi de leur traitement\u00a0;
- la négociation avec les établissements et les personnes concernés\u00a0;
- avec l'accord du client, l'engagement et le suivi des procédures utiles devant les juridictions.

L'avocat est tenu d'une obligation de moyens\u00a0: il ne garantit ni le succès des démarches ni le montant des sommes qui seront récupérées. Toute mission sortant de ce cadre fera l'objet d'un avenant écrit.`,
    },
    {
      kind: "base-fee",
      title: "Les honoraires de diligence (travail accompli)",
      body: `En rémunération du travail accompli, le client verse à l'avocat des honoraires de diligence forfaitaires de {{honoraires_diligence}}, TVA au taux de {{tva}}.

Ces honoraires sont {{echeance_diligence}}. Ils rémunèrent les diligences de l'avocat quel que soit le résultat obtenu et donnent lieu à une facture détaillée.`,
    },
    {
      kind: "result-fee",
      title: "L'honoraire complémentaire de résultat",
      body: `En complément des honoraires de diligence, et non à leur place, le client verse à l'avocat un honoraire de résultat égal à {{pourcentage_resultat}} des sommes effectivement récupérées grâce à l'intervention de l'avocat, quelle qu'en soit la forme (remboursement, restitution, indemnisation ou transaction).

Cet honoraire n'est dû que sur des sommes effectivement récupérées et encaissées, et seulement après leur encaissement. Aucune somme n'est due à ce titre sur un montant simplement promis ou sur une décision non exécutée.`,
    },
    {
      kind: "costs",
      title: "Les frais et débours",
      body: `Les frais et débours (commissaire de justice, expertise, traduction, frais de greffe, déplacements…) ne sont pas compris dans les honoraires. Ils ne sont engagés qu'avec l'accord écrit préalable du client, donné pour chaque dépense après qu'il a été informé de son montant estimé, et sont refacturés à leur coût réel sur justificatifs.

Frais et débours prévus à la signature\u00a0: {{frais_prevus}}.`,
    },
    {
      kind: "funds",
      title: "Les fonds récupérés (compte CARPA)",
      body: `Les sommes récupérées pour le compte du client sont reçues sur le sous-compte CARPA (Caisse autonome des règlements pécuniaires des avocats) ouvert au nom de l'avocat, puis reversées au client dans les meilleurs délais.

L'avocat ne prélève ses honoraires et ses frais sur ces sommes qu'avec l'autorisation écrite préalable du client, donnée au vu d'un décompte détaillé (sommes reçues, honoraires, frais, solde reversé). Sans cette autorisation, les sommes sont reversées en totalité et les honoraires sont facturés séparément.`,
    },
    {
      kind: "mediator",
      title: "Le médiateur de la consommation",
      body: `En cas de différend sur les honoraires, le client peut saisir le bâtonnier de l'ordre des avocats dont relève l'avocat.

Conformément aux articles L612-1 et suivants du Code de la consommation, le client peut aussi recourir gratuitement au médiateur de la consommation de la profession d'avocat, après avoir adressé une réclamation écrite à l'avocat restée sans réponse satisfaisante\u00a0: Médiateur de la consommation de la profession d'avocat, 180 boulevard Haussmann, 75008 Paris, https://mediateur-consommation-avocat.fr.`,
    },
    {
      kind: "withdrawal",
      title: "Le droit de rétractation (14 jours)",
      body: `La présente convention étant conclue à distance, le client dispose d'un délai de 14 jours à compter de sa signature pour se rétracter, sans avoir à donner de motif ni à payer de pénalité (article L221-18 du Code de la consommation).

Pour exercer ce droit, le client utilise le bouton «\u00a0Me rétracter\u00a0» de la page de son dossier sur la plateforme, ou envoie avant la fin du délai une déclaration dénuée d'ambiguïté, par exemple le formulaire ci-dessous, par e-mail à {{email_avocat}}.

L'avocat ne commence pas sa mission pendant ce délai, sauf si le client le lui demande expressément. Seul le travail accompli pendant ce délai à la demande expresse du client peut lui être facturé s'il se rétracte, en proportion de la mission convenue (article L221-25 du Code de la consommation)\u00a0; sans cette demande, aucun honoraire n'est dû pour ce délai.

Formulaire de rétractation (annexe à l'article R221-1 du Code de la consommation)
Veuillez compléter et renvoyer le présent formulaire uniquement si vous souhaitez vous rétracter du contrat.
À l'attention de {{avocat}}, {{email_avocat}}\u00a0:
Je vous notifie par la présente ma rétractation du contrat portant sur la prestation de services ci-dessous\u00a0: convention d'honoraires du dossier n° {{numero_dossier}}.
Commandé le\u00a0: …
Nom du consommateur\u00a0: …
Adresse du consommateur\u00a0: …
Signature du consommateur (uniquement en cas de notification du présent formulaire sur papier)\u00a0: …
Date\u00a0: …`,
    },
    {
      kind: "other",
      title: "La signature électronique",
      body: `Les parties signent la présente convention par voie électronique sur la plateforme\u00a0: chaque signataire y est identifié et l'intégrité du document est garantie par un scellement (articles 1366 et 1367 du Code civil). La convention ne prend effet qu'une fois signée par le client puis contresignée par l'avocat\u00a0; chacune des parties en télécharge l'exemplaire scellé.`,
    },
  ];
  return {
    title: "Convention d'honoraires\u00a0: assistance au recouvrement des sommes perdues après une escroquerie",
    sections: sections.map((section) => ({ ...section, title: typeset(section.title), body: typeset(section.body) })),
    baseFeeMinCents: model.baseFeeCents,
    baseFeeMaxCents: model.baseFeeCents,
    baseFeeDue: model.baseFeeDue,
    resultPercentMinBp: 0,
    resultPercentMaxBp: model.resultPercentBp,
  };
}
