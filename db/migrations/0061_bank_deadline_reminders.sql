-- The reminder sent 30 and 7 days before a payment's bank contestation deadline (issue 15). Like every platform
-- email it carries no detail a stolen mailbox could use beyond what the victim typed about the payment.
INSERT INTO email_templates (key, name, subject, body, variables) VALUES
(
  'echeance-banque',
  'Rappel : échéance de contestation bancaire',
  'Dossier {{numero_dossier}} : plus que {{jours}} jours pour contester un paiement auprès de votre banque',
  E'Bonjour {{prenom}},\n\nIl vous reste {{jours}} jours, jusqu''au {{echeance}}, pour contester auprès de {{banque}} le paiement suivant : {{paiement}}.\n\nLe Code monétaire et financier (art. L133-24) vous donne 13 mois après la date de débit pour contester un paiement par carte ou un virement non autorisé. Passé ce délai, la banque peut refuser.\n\nLa lettre de contestation pré-remplie et le détail de vos échéances sont dans votre dossier :\n\n{{lien}}',
  ARRAY['prenom', 'numero_dossier', 'jours', 'echeance', 'banque', 'paiement', 'lien']
);
