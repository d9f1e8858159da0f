-- Issue 29: every account deletion and every deletion request sends the person a receipt: what was asked, when,
-- and what happens next. Nothing sensitive: no name, no case number, no amount. The deletion receipt needs no
-- account to be sent (the address is taken before it is erased).

INSERT INTO email_templates (key, name, subject, body, variables) VALUES
(
  'suppression-compte-demandee',
  'Accusé de réception : demande de suppression de compte (dossier en cours)',
  'Votre demande de suppression de compte est enregistrée',
  E'Bonjour,\n\nNous avons bien reçu, le {{date}}, votre demande de suppression de votre compte Recours.\n\nUn dossier est encore en cours avec votre avocat\u202f: votre compte ne peut être supprimé qu''après sa clôture. Nous avons prévenu votre avocat de votre demande\u202f; faites le point avec lui dans la messagerie du dossier.\n\nEnsuite\u202f: une fois le dossier clos, revenez sur la page «\u202fSupprimer mon compte\u202f» pour confirmer la suppression. Le dossier juridique sera alors conservé sous un pseudonyme pendant la durée légale ({{duree}}), puis supprimé.\n\nSi vous n''êtes pas à l''origine de cette demande, changez votre mot de passe et écrivez-nous.\n\nVoir ma demande\u202f: {{lien}}',
  ARRAY['date', 'duree', 'lien']
),
(
  'suppression-compte-effectuee',
  'Accusé de réception : compte supprimé',
  'Votre compte Recours a été supprimé',
  E'Bonjour,\n\nVotre compte Recours a été supprimé le {{date}}, {{motif}}.\n\nCe qui a été effacé\u202f: votre accès, vos pièces d''identité et les fichiers que vous avez envoyés, vos données de profil et le contenu des e-mails que nous vous avions envoyés.\n\nCe qui est conservé\u202f: vos dossiers envoyés, sous un pseudonyme, pendant la durée légale ({{duree}}), puis supprimés. Vous n''avez rien d''autre à faire.\n\nCe message est le dernier que vous recevrez de Recours. Votre adresse e-mail est de nouveau libre\u202f: vous pouvez créer un nouveau compte à tout moment.\n\nLire la politique de confidentialité\u202f: {{lien}}',
  ARRAY['date', 'motif', 'duree', 'lien']
);
