import { z } from "zod";
import { PASSWORD_MAX_LENGTH } from "./accounts.schema";

export const TOTP_CODE_LENGTH = 6;

/** The second step of sign-in, for accounts with a second factor. */
export const SECOND_FACTOR_SIGN_IN_PATH = "/connexion/verification";
export { SECOND_FACTOR_ENROLMENT_PATH } from "~/platform/actor";

export const twoFactorMessages = {
  codeRequired: "Le code est requis",
  codeFormat: `Le code doit comporter ${TOTP_CODE_LENGTH} chiffres.`,
  recoveryCodeRequired: "Le code de secours est requis",
  recoveryCodeFormat: "Un code de secours comporte 10 lettres ou chiffres, par exemple ACD34-EFG67.",
  codeOrRecoveryCodeFormat: `Saisissez le code à ${TOTP_CODE_LENGTH} chiffres de votre application ou un code de secours.`,
  passwordRequired: "Le mot de passe est requis",
  wrongCode: "Code incorrect. Vérifiez le code affiché par votre application et réessayez.",
  wrongRecoveryCode: "Code de secours incorrect ou déjà utilisé.",
  codeAlreadyUsed: "Ce code a déjà servi. Attendez que votre application en affiche un nouveau, puis saisissez-le.",
  wrongPassword: "Mot de passe incorrect.",
  tooManyAttempts: "Trop de tentatives de vérification. Veuillez patienter avant de réessayer.",
  challengeExpired: "La vérification a expiré ou a été refusée trop de fois. Reconnectez-vous avec votre email et votre mot de passe.",
  alreadyEnabled: "La double authentification est déjà activée sur votre compte.",
  notEnabled: "La double authentification n'est pas activée sur votre compte.",
  noSetupInProgress: "Recommencez l'activation\u202f: confirmez d'abord votre mot de passe.",
  requiredForStaff:
    "La double authentification est obligatoire pour les comptes avocat et administrateur\u202f: elle ne peut pas être désactivée.",
  unexpected: "Une erreur inattendue s'est produite. Veuillez réessayer.",
} as const;

function withoutSpaces(value: unknown): unknown {
  return typeof value === "string" ? value.replace(/[\s\u00a0]/g, "") : value;
}

const TOTP_CODE = new RegExp(`^\\d{${TOTP_CODE_LENGTH}}$`);
const RECOVERY_CODE = /^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/;
/** Codes are printed in capitals (recovery-codes.ts); a person may type them in lower case. */
const withDash = (code: string) => `${code.slice(0, 5)}-${code.slice(-5)}`.toUpperCase();

/** Six digits; spaces (as apps display "123 456") are ignored. */
export const totpCodeSchema = z.preprocess(
  withoutSpaces,
  z
    .string({ error: twoFactorMessages.codeRequired })
    .min(1, twoFactorMessages.codeRequired)
    .regex(TOTP_CODE, twoFactorMessages.codeFormat),
);

/** Recovery codes: 5 + 5 letters or digits joined by a dash; the dash may be left out, the case does not matter. */
export const recoveryCodeSchema = z.preprocess(
  withoutSpaces,
  z
    .string({ error: twoFactorMessages.recoveryCodeRequired })
    .min(1, twoFactorMessages.recoveryCodeRequired)
    .regex(RECOVERY_CODE, twoFactorMessages.recoveryCodeFormat)
    .transform(withDash),
);

/** A TOTP code or a recovery code, told apart by their shape (only for forms that take either). */
export const totpOrRecoveryCodeSchema = z.preprocess(
  withoutSpaces,
  z
    .string({ error: twoFactorMessages.codeRequired })
    .min(1, twoFactorMessages.codeRequired)
    .refine((code) => TOTP_CODE.test(code) || RECOVERY_CODE.test(code), twoFactorMessages.codeOrRecoveryCodeFormat)
    .transform((code) => (TOTP_CODE.test(code) ? code : withDash(code))),
);

const password = z
  .string({ error: twoFactorMessages.passwordRequired })
  .min(1, twoFactorMessages.passwordRequired)
  .max(PASSWORD_MAX_LENGTH, twoFactorMessages.wrongPassword);

export const signInCodeSchema = z.object({ method: z.literal("app"), code: totpCodeSchema });
export const signInRecoveryCodeSchema = z.object({ method: z.literal("recovery"), recoveryCode: recoveryCodeSchema });

/** The second step of sign-in: a code from the app, or a recovery code (two forms, told apart by `method`). */
export const secondFactorSignInSchema = z.discriminatedUnion("method", [signInCodeSchema, signInRecoveryCodeSchema], {
  error: twoFactorMessages.unexpected,
});
export type SecondFactorSignInInput = z.output<typeof secondFactorSignInSchema>;

export const startEnrolmentSchema = z.object({ intent: z.literal("start"), password });
export const confirmEnrolmentSchema = z.object({ intent: z.literal("confirm"), code: totpCodeSchema });
export const disableTwoFactorSchema = z.object({
  intent: z.literal("disable"),
  password,
  code: totpOrRecoveryCodeSchema,
});

/** The forms of the second-factor page, told apart by their hidden `intent`. */
export const twoFactorSettingsSchema = z.discriminatedUnion(
  "intent",
  [startEnrolmentSchema, confirmEnrolmentSchema, disableTwoFactorSchema],
  { error: twoFactorMessages.unexpected },
);
export type TwoFactorSettingsInput = z.output<typeof twoFactorSettingsSchema>;

/** "JBSWY3DPEHPK3PXP" → "JBSW Y3DP EHPK 3PXP": easier to read and to type into an app. */
export function groupManualKey(key: string): string {
  return key.match(/.{1,4}/g)?.join(" ") ?? "";
}
