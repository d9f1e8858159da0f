import { z } from "zod";
import { COUNTRIES, SIGN_UP_COUNTRY_VALUES, COUNTRY_ISO_CODES, countryBySignUpValue } from "~/lib/countries";
import { personName, requiredText } from "~/lib/form";
import { toE164 } from "~/lib/phone";

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;
export const NEW_PASSWORD_HINT = `Au moins ${PASSWORD_MIN_LENGTH} caractères. Une phrase de plusieurs mots est facile à retenir et difficile à deviner.`;

export const messages = {
  emailRequired: "L'email est requis",
  emailInvalid: "Format d'email invalide",
  passwordRequired: "Le mot de passe est requis",
  passwordTooShort: `Le mot de passe doit contenir au moins ${PASSWORD_MIN_LENGTH} caractères`,
  passwordTooLong: `Le mot de passe ne peut pas dépasser ${PASSWORD_MAX_LENGTH} caractères`,
  passwordTooCommon:
    "Ce mot de passe est trop courant ou trop facile à deviner. Choisissez une phrase plus longue ou moins prévisible.",
  firstNameRequired: "Le prénom est requis",
  lastNameRequired: "Le nom est requis",
  phoneRequired: "Le téléphone mobile est requis",
  phoneInvalid: "Le numéro de téléphone mobile n'est pas valide pour ce pays",
  countryRequired: "Le pays est requis",
  // §8 error catalogue, except that no message tells whether an address has an account (decision 64): a wrong email
  // gets invalidCredentials, and a sign-up on a registered address the answer of a new one.
  invalidCredentials: "Email ou mot de passe incorrect. Vérifiez vos identifiants.",
  emailNotConfirmed: "Votre email n'a pas encore été confirmé. Vérifiez votre boîte mail.",
  tooManyLoginAttempts: "Trop de tentatives de connexion. Veuillez patienter avant de réessayer.",
  unexpected: "Une erreur inattendue s'est produite. Veuillez réessayer.",
  tooManySignUpAttempts: "Trop de tentatives d'inscription. Veuillez patienter avant de réessayer.",
  serviceBusy: "Service momentanément surchargé, réessayez dans un instant.",
  signUpUnexpected: "Une erreur inattendue s'est produite lors de l'inscription.",
  // Email confirmation and password reset
  confirmationSent:
    "Si un compte non confirmé existe pour cette adresse, un nouveau lien de confirmation vient de lui être envoyé.",
  tooManyEmailRequests: "Trop de demandes pour cette adresse. Patientez quelques minutes avant de réessayer.",
  confirmationLinkExpired: "Ce lien de confirmation a expiré. Demandez-en un nouveau ci-dessous.",
  addressConfirmed: "Votre adresse est confirmée. Connectez-vous.",
  confirmationLinkOtherAccount:
    "Ce lien de confirmation concerne un autre compte que celui avec lequel vous êtes connecté. Vous restez connecté à votre compte\u202f; pour utiliser ce lien, déconnectez-vous puis ouvrez-le de nouveau.",
  confirmationLinkInvalid: "Ce lien de confirmation n'est pas valide. Vérifiez qu'il est complet, ou demandez-en un nouveau.",
  resetRequested:
    "Si un compte existe pour cette adresse, vous allez recevoir un email avec un lien pour choisir un nouveau mot de passe. Il est valable une heure.",
  resetLinkInvalid:
    "Ce lien de réinitialisation n'est plus valable\u202f: il a expiré, il a déjà servi ou il est incomplet. Demandez-en un nouveau.",
  passwordConfirmationRequired: "Confirmez le nouveau mot de passe",
  passwordsDiffer: "Les deux mots de passe ne sont pas identiques",
  currentPasswordRequired: "Le mot de passe actuel est requis",
  currentPasswordWrong: "Le mot de passe actuel est incorrect.",
  sameEmail: "C'est déjà l'adresse de votre compte.",
} as const;

const email = requiredText(messages.emailRequired, 254)
  .toLowerCase()
  .pipe(z.email({ error: messages.emailInvalid, pattern: z.regexes.html5Email }));

export const signInSchema = z.object({
  email,
  password: z
    .string({ error: messages.passwordRequired })
    .min(1, messages.passwordRequired)
    .max(PASSWORD_MAX_LENGTH, messages.invalidCredentials),
});
export type SignInInput = z.infer<typeof signInSchema>;
export type SignInField = keyof SignInInput;

export const newPasswordSchema = z
  .string({ error: messages.passwordRequired })
  .min(1, messages.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, messages.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, messages.passwordTooLong);

export const signUpSchema = z
  .object({
    firstName: personName(messages.firstNameRequired),
    lastName: personName(messages.lastNameRequired),
    email,
    password: newPasswordSchema,
    phoneMobileCountry: z.enum(COUNTRY_ISO_CODES, { error: messages.phoneRequired }).default("FR"),
    phoneMobile: z
      .string({ error: messages.phoneRequired })
      .max(40, messages.phoneInvalid)
      .refine((value) => /\d/.test(value), messages.phoneRequired),
    country: z.enum(SIGN_UP_COUNTRY_VALUES, { error: messages.countryRequired }),
  })
  .transform(({ phoneMobileCountry, ...input }, ctx) => {
    const phoneMobile = toE164(phoneMobileCountry, input.phoneMobile);
    if (!phoneMobile) {
      ctx.addIssue({ code: "custom", path: ["phoneMobile"], message: messages.phoneInvalid });
      return z.NEVER;
    }
    return { ...input, phoneMobile, country: (countryBySignUpValue(input.country) ?? COUNTRIES[0]).value };
  });
export type SignUpFormField = "firstName" | "lastName" | "email" | "password" | "phoneMobileCountry" | "phoneMobile" | "country";
export type SignUpInput = z.output<typeof signUpSchema>;

/** One email address, e.g. to ask for a new confirmation link or a password reset. */
export const emailOnlySchema = z.object({ email });

export const passwordResetSchema = z
  .object({
    token: z.string().trim().min(10, messages.resetLinkInvalid).max(200, messages.resetLinkInvalid),
    password: newPasswordSchema,
    confirmation: z.string({ error: messages.passwordConfirmationRequired }).min(1, messages.passwordConfirmationRequired),
  })
  .refine((input) => input.password === input.confirmation, { path: ["confirmation"], message: messages.passwordsDiffer });

export const emailChangeSchema = z.object({
  newEmail: email,
  currentPassword: z
    .string({ error: messages.currentPasswordRequired })
    .min(1, messages.currentPasswordRequired)
    .max(PASSWORD_MAX_LENGTH, messages.currentPasswordWrong),
});
