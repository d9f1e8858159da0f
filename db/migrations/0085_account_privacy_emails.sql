-- Who is a Recours user stays private (decision 64): a sign-up on a registered address answers like a new one and
-- tells the address's owner instead; so does asking to move an account to an address that has one. An address change
-- is told to the old address, with what to do if it was not the owner.
INSERT INTO email_templates (key, name, subject, body, variables) VALUES
(
  'tentative-inscription',
  'Inscription demandée avec une adresse qui a déjà un compte',
  'Quelqu''un a voulu créer un compte Recours avec votre adresse',
  E'Bonjour {{prenom}},\n\nQuelqu''un vient de demander à créer un compte Recours avec cette adresse email. Elle a déjà un compte : aucun nouveau compte n''a été créé et le vôtre n''a pas changé.\n\nSi c''était vous, connectez-vous avec votre mot de passe :\n\n{{lien_connexion}}\n\nMot de passe oublié ? Choisissez-en un nouveau ici :\n\n{{lien_mot_de_passe}}\n\nSi ce n''était pas vous, vous n''avez rien à faire.',
  ARRAY['prenom', 'lien_connexion', 'lien_mot_de_passe']
),
(
  'adresse-email-modifiee',
  'Adresse email du compte modifiée (message à l''ancienne adresse)',
  'L''adresse email de votre compte Recours a changé',
  E'Bonjour {{prenom}},\n\nLe {{date}}, l''adresse email de votre compte Recours a été remplacée par {{nouvelle_adresse}}. Cette adresse-ci ne sert plus à vous connecter ni à recevoir nos messages, et les autres appareils connectés au compte ont été déconnectés.\n\nSi c''était vous, vous n''avez rien à faire.\n\nSi ce n''était pas vous, quelqu''un connaît sans doute votre mot de passe. Contactez-nous tout de suite à {{contact}} ou au {{telephone}} : nous bloquerons l''accès au compte et vous aiderons à le récupérer. Changez aussi ce mot de passe partout où vous l''utilisez. Une fois le compte récupéré, choisissez un nouveau mot de passe Recours ici :\n\n{{lien_mot_de_passe}}',
  ARRAY['prenom', 'date', 'nouvelle_adresse', 'contact', 'telephone', 'lien_mot_de_passe']
),
(
  'adresse-deja-utilisee',
  'Changement d''adresse demandé vers une adresse qui a déjà un compte',
  'Votre adresse email et Recours',
  E'Bonjour {{prenom}},\n\nQuelqu''un a demandé à utiliser cette adresse email pour un autre compte Recours. Elle est déjà celle de votre compte : rien n''a changé, et l''autre compte garde son adresse.\n\nSi c''était vous, vous pouvez vous connecter au compte qui utilise déjà cette adresse :\n\n{{lien_connexion}}\n\nSinon, vous n''avez rien à faire.',
  ARRAY['prenom', 'lien_connexion']
);

-- The link to the new address works for the signed-in owner only: its email says so (unless an administrator has
-- already rewritten the text).
UPDATE email_templates
SET body = E'Bonjour {{prenom}},\n\nVous avez demandé à utiliser cette adresse pour votre espace Recours. Confirmez-la avec ce lien :\n\n{{lien}}\n\nOuvrez-le sur un appareil où vous êtes connecté à votre compte, ou connectez-vous quand la page vous le demande : le changement ne prend effet qu''ensuite. Ce lien est valable 24 heures. Tant qu''il n''est pas ouvert, votre ancienne adresse reste en place. Si vous n''avez rien demandé, ignorez ce message.'
WHERE key = 'confirmation-nouvelle-adresse'
  AND body = E'Bonjour {{prenom}},\n\nVous avez demandé à utiliser cette adresse pour votre espace Recours. Confirmez-la avec ce lien :\n\n{{lien}}\n\nCe lien est valable 24 heures. Tant qu''il n''est pas ouvert, votre ancienne adresse reste en place. Si vous n''avez rien demandé, ignorez ce message.';
