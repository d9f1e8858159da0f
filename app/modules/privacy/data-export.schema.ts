import { z } from "zod";
import { PASSWORD_MAX_LENGTH } from "~/modules/accounts/accounts.schema";

/** Hours a ready export's link works, and the least time between two requests of one person. */
export const DATA_EXPORT_LINK_HOURS = 24;
export const DATA_EXPORT_EVERY_HOURS = 24;

export const dataExportMessages = {
  passwordRequired: "Saisissez votre mot de passe pour confirmer la demande.",
  passwordWrong: "Le mot de passe est incorrect.",
  tooManyPasswordAttempts: "Trop de tentatives de mot de passe. Veuillez patienter quelques minutes avant de réessayer.",
  busy: "Le service est très sollicité. Réessayez dans quelques secondes.",
  alreadyRequested: (nextText: string) =>
    `Vous avez déjà demandé l'export de vos données il y a moins de 24 heures. Vous pourrez en demander un nouveau à partir du ${nextText}.`,
  requested: {
    title: "Demande enregistrée",
    description: "Nous préparons vos données. Vous recevrez un e-mail avec un lien de téléchargement, en général en quelques minutes.",
  },
  linkNotFound: "Ce lien de téléchargement n'existe pas, ou il n'est pas lié à votre compte.",
  linkUsed: "Ce lien a déjà servi\u202f: il ne fonctionne qu'une fois. Vous pouvez demander un nouvel export depuis la page « Mes données ».",
  linkExpired: "Ce lien a expiré\u202f: il n'est valable que 24 heures. Vous pouvez demander un nouvel export depuis la page « Mes données ».",
  unreadable: "Cette demande n'a pas été reconnue. Rechargez la page et réessayez.",
} as const;

export const DATA_EXPORT_INTENT = "export";

export const dataExportRequestSchema = z.object({
  intent: z.literal(DATA_EXPORT_INTENT),
  password: z
    .string({ error: dataExportMessages.passwordRequired })
    .min(1, dataExportMessages.passwordRequired)
    .max(PASSWORD_MAX_LENGTH, dataExportMessages.passwordWrong),
});
export type DataExportRequestInput = z.output<typeof dataExportRequestSchema>;

/** The emailed link's token: 32 random bytes, base64url. */
export const exportTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);
