-- Issue 31: the client is told when their lawyer proposes a cost to approve, and when a sum recovered is reversed.
-- No amount in either: the client reads the details in their space.

INSERT INTO email_templates (key, name, subject, body, variables) VALUES
(
  'frais-a-approuver',
  'Frais ou débours à approuver par le client',
  'Dossier {{numero_dossier}} : votre avocat vous demande d''approuver un frais',
  E'Bonjour {{prenom}},\n\n{{avocat}} vous propose un frais ou un débours dans votre dossier {{numero_dossier}}. Il ne vous sera facturé que si vous l''approuvez\u202f: lisez-le sur la page du dossier, puis approuvez-le ou refusez-le.\n\nUne question\u202f? Écrivez à votre avocat dans la messagerie du dossier.\n\nVoir mon dossier\u202f: {{lien}}',
  ARRAY['prenom', 'avocat', 'numero_dossier', 'lien']
),
(
  'somme-recuperee-contre-passee',
  'Somme récupérée contre-passée dans le dossier',
  'Dossier {{numero_dossier}} : votre avocat a corrigé les sommes récupérées',
  E'Bonjour {{prenom}},\n\n{{avocat}} a contre-passé (annulé) une somme récupérée enregistrée dans votre dossier {{numero_dossier}}, en indiquant pourquoi. Le détail, les honoraires qui en découlent et le compte détaillé sont sur la page du dossier.\n\nUne question\u202f? Écrivez à votre avocat dans la messagerie du dossier.\n\nVoir mon dossier\u202f: {{lien}}',
  ARRAY['prenom', 'avocat', 'numero_dossier', 'lien']
);
