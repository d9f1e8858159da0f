-- Issue 31: the client is told when their lawyer records a sum recovered. No amount in the e-mail: the client reads
-- the entry, the fees and the detailed account in their space.

INSERT INTO email_templates (key, name, subject, body, variables) VALUES
(
  'somme-recuperee',
  'Somme récupérée enregistrée dans le dossier',
  'Dossier {{numero_dossier}} : votre avocat a enregistré une somme récupérée',
  E'Bonjour {{prenom}},\n\n{{avocat}} a enregistré une somme récupérée dans votre dossier {{numero_dossier}}. Le détail, les honoraires qui s''y appliquent et le compte détaillé sont sur la page du dossier.\n\nUne question\u202f? Écrivez à votre avocat dans la messagerie du dossier.\n\nVoir mon dossier\u202f: {{lien}}',
  ARRAY['prenom', 'avocat', 'numero_dossier', 'lien']
);
