-- Issue 30: the e-mails of the fee agreement. No amount and no content of the agreement in any of them: the
-- person reads it in their space. The signing code is the only secret, masked in the kept copy.

INSERT INTO email_templates (key, name, subject, body, variables) VALUES
(
  'convention-proposee',
  'Convention d''honoraires proposée au client',
  'Votre avocat vous propose une convention d''honoraires (dossier {{numero_dossier}})',
  E'Bonjour {{prenom}},\n\n{{avocat}} vous propose la convention d''honoraires de votre dossier {{numero_dossier}}. Elle fixe ce que vous paierez et comment\u202f: lisez-la en entier avant de la signer, et posez vos questions à votre avocat dans la messagerie du dossier.\n\nVous disposerez de 14 jours après votre signature pour vous rétracter, sans motif.\n\nLire la convention\u202f: {{lien}}',
  ARRAY['prenom', 'avocat', 'numero_dossier', 'lien']
),
(
  'convention-code',
  'Code de signature de la convention d''honoraires',
  'Votre code pour signer la convention d''honoraires',
  E'Bonjour {{prenom}},\n\nVoici votre code pour signer la convention d''honoraires du dossier {{numero_dossier}}\u202f: {{code}}\n\nIl est valable 10 minutes. Ne le communiquez à personne\u202f: ni votre avocat ni Recours ne vous le demanderont jamais, par téléphone ou autrement.\n\nSi vous n''avez pas demandé ce code, ne faites rien et changez votre mot de passe.',
  ARRAY['prenom', 'numero_dossier', 'code']
),
(
  'convention-signee-client',
  'Convention signée par le client : contre-signature attendue',
  'Dossier {{numero_dossier}} : la convention est signée par votre client',
  E'Bonjour Maître {{nom}},\n\nVotre client a signé la convention d''honoraires du dossier {{numero_dossier}}. Elle n''entre en vigueur qu''après votre contre-signature.\n\nContre-signer la convention\u202f: {{lien}}',
  ARRAY['nom', 'numero_dossier', 'lien']
),
(
  'convention-en-vigueur',
  'Convention d''honoraires en vigueur',
  'Dossier {{numero_dossier}} : la convention d''honoraires est signée et scellée',
  E'Bonjour,\n\nLa convention d''honoraires du dossier {{numero_dossier}} est signée par les deux parties et scellée. Vous pouvez télécharger le document signé depuis la page du dossier.\n\n{{retractation}}\n\nVoir la convention\u202f: {{lien}}',
  ARRAY['numero_dossier', 'retractation', 'lien']
),
(
  'convention-retractee',
  'Accusé de réception : rétractation de la convention d''honoraires',
  'Dossier {{numero_dossier}} : rétractation de la convention enregistrée',
  E'Bonjour,\n\nLa rétractation de la convention d''honoraires du dossier {{numero_dossier}} a été enregistrée le {{date}}. La convention ne produit plus d''effet.\n\n{{suite}}\n\nVoir le dossier\u202f: {{lien}}',
  ARRAY['numero_dossier', 'date', 'suite', 'lien']
);
