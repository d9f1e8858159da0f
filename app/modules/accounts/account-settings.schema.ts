import { z } from "zod";
import { messages, newPasswordSchema, PASSWORD_MAX_LENGTH } from "./accounts.schema";

/** The account page's texts: field messages, form errors and the toasts after each action. */
export const accountMessages = {
  currentPasswordRequired: "Le mot de passe actuel est requis",
  currentPasswordWrong: "Le mot de passe actuel est incorrect.",
  newPasswordRequired: "Le nouveau mot de passe est requis",
  newPasswordSameAsCurrent: "Le nouveau mot de passe doit être différent du mot de passe actuel",
  confirmationRequired: "Veuillez saisir à nouveau le nouveau mot de passe",
  confirmationMismatch: "Les deux mots de passe ne sont pas identiques",
  tooManyPasswordAttempts: "Trop de tentatives de changement de mot de passe. Veuillez patienter avant de réessayer.",
  sessionExpired: "Votre session a pris fin. Reconnectez-vous pour continuer.",
  unknownAction: "Cette action n'a pas été reconnue. Rechargez la page et réessayez.",
  unexpected: messages.unexpected,
  passwordChanged: { title: "Mot de passe modifié", description: "Vos autres appareils ont été déconnectés." },
  sessionEnded: { title: "Appareil déconnecté", description: "Cet appareil devra se reconnecter pour accéder à votre espace." },
  signedOutEverywhere: {
    title: "Déconnexion de tous vos appareils",
    description: "Tous vos appareils ont été déconnectés, celui-ci compris. Reconnectez-vous pour continuer.",
  },
  smsNoticesOn: { title: "Avis par SMS activés", description: "Vous recevrez aussi un SMS pour chaque nouvel avis important." },
  smsNoticesOff: { title: "Avis par SMS désactivés", description: "Vous ne recevrez plus d'avis par SMS, seulement par e-mail." },
  smsNeedsMobile: "Indiquez d'abord votre numéro de mobile dans votre profil pour recevoir les avis par SMS.",
  signedOutHere: { title: "Déconnexion effectuée", description: "Cet appareil a été déconnecté. Reconnectez-vous pour continuer." },
} as const;

export const ACCOUNT_INTENTS = {
  changePassword: "change-password",
  endSession: "end-session",
  endAllSessions: "end-all-sessions",
  smsNotices: "sms-notices",
} as const;

const hasText = (value: unknown, key: string) => {
  const field = typeof value === "object" && value !== null ? (value as Record<string, unknown>)[key] : undefined;
  return typeof field === "string" && field !== "";
};

export const changePasswordSchema = z
  .object({
    intent: z.literal(ACCOUNT_INTENTS.changePassword),
    currentPassword: z
      .string({ error: accountMessages.currentPasswordRequired })
      .min(1, accountMessages.currentPasswordRequired)
      .max(PASSWORD_MAX_LENGTH, accountMessages.currentPasswordWrong),
    newPassword: z
      .string({ error: accountMessages.newPasswordRequired })
      .min(1, accountMessages.newPasswordRequired)
      .pipe(newPasswordSchema),
    confirmPassword: z
      .string({ error: accountMessages.confirmationRequired })
      .min(1, accountMessages.confirmationRequired),
  })
  .refine((input) => input.confirmPassword === input.newPassword, {
    path: ["confirmPassword"],
    message: accountMessages.confirmationMismatch,
    // Also when another field is wrong: every message shows at once.
    when: ({ value }) => hasText(value, "newPassword") && hasText(value, "confirmPassword"),
  })
  .refine((input) => input.newPassword !== input.currentPassword, {
    path: ["newPassword"],
    message: accountMessages.newPasswordSameAsCurrent,
    when: ({ value }) => hasText(value, "newPassword") && hasText(value, "currentPassword"),
  });
export type ChangePasswordInput = z.output<typeof changePasswordSchema>;
export type ChangePasswordField = "currentPassword" | "newPassword" | "confirmPassword";

export const endSessionSchema = z.object({
  intent: z.literal(ACCOUNT_INTENTS.endSession),
  // better-auth's ids are letters and digits; anything else is not one of the person's sessions ("not found").
  sessionId: z
    .string()
    .max(200)
    .regex(/^[\w-]*$/)
    .default(""),
});

export const endAllSessionsSchema = z.object({ intent: z.literal(ACCOUNT_INTENTS.endAllSessions) });

/** Notices by SMS: "on" opts in, "off" opts out (decision 0087). */
export const smsNoticesSchema = z.object({
  intent: z.literal(ACCOUNT_INTENTS.smsNotices),
  choice: z.enum(["on", "off"], { error: accountMessages.unknownAction }),
});

/** Every form of the account page; the `intent` field says which one was posted. */
export const accountFormSchema = z.discriminatedUnion(
  "intent",
  [changePasswordSchema, endSessionSchema, endAllSessionsSchema, smsNoticesSchema],
  { error: accountMessages.unknownAction },
);
