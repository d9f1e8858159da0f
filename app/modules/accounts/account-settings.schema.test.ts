import { describe, expect, it } from "vitest";
import { refusedFieldErrors } from "~/lib/form.test-support";
import {
  ACCOUNT_INTENTS,
  accountFormSchema,
  accountMessages,
  changePasswordSchema,
} from "./account-settings.schema";
import { messages, PASSWORD_MAX_LENGTH } from "./accounts.schema";

const valid = {
  intent: ACCOUNT_INTENTS.changePassword,
  currentPassword: "ancien mot de passe",
  newPassword: "cheval agrafe nuage tribord",
  confirmPassword: "cheval agrafe nuage tribord",
};

const errorsOf = (input: Record<string, unknown>) => refusedFieldErrors(changePasswordSchema, input);

describe("changePasswordSchema", () => {
  it("accepts the three passwords as typed (no trimming) and drops unknown fields", () => {
    const parsed = changePasswordSchema.parse({ ...valid, currentPassword: " avec espaces ", role: "admin", userId: "x" });
    expect(parsed).toEqual({ ...valid, currentPassword: " avec espaces " });
  });

  it("gives every required message at once", () => {
    expect(errorsOf({ intent: ACCOUNT_INTENTS.changePassword })).toEqual({
      currentPassword: accountMessages.currentPasswordRequired,
      newPassword: accountMessages.newPasswordRequired,
      confirmPassword: accountMessages.confirmationRequired,
    });
    expect(errorsOf({ ...valid, currentPassword: "", newPassword: "", confirmPassword: "" })).toEqual({
      currentPassword: "Le mot de passe actuel est requis",
      newPassword: "Le nouveau mot de passe est requis",
      confirmPassword: "Veuillez saisir à nouveau le nouveau mot de passe",
    });
  });

  it("applies the sign-up rules to the new password, with the sign-up messages", () => {
    expect(errorsOf({ ...valid, newPassword: "court", confirmPassword: "court" })).toEqual({
      newPassword: messages.passwordTooShort,
    });
    expect(messages.passwordTooShort).toBe("Le mot de passe doit contenir au moins 12 caractères");
    const long = "a".repeat(PASSWORD_MAX_LENGTH + 1);
    expect(errorsOf({ ...valid, newPassword: long, confirmPassword: long })).toEqual({ newPassword: messages.passwordTooLong });
    const longest = "a b".repeat(PASSWORD_MAX_LENGTH).slice(0, PASSWORD_MAX_LENGTH);
    expect(changePasswordSchema.safeParse({ ...valid, newPassword: longest, confirmPassword: longest }).success).toBe(true);
  });

  it("refuses a confirmation that differs, even when another field is wrong too", () => {
    expect(errorsOf({ ...valid, confirmPassword: "cheval agrafe nuage babord" })).toEqual({
      confirmPassword: accountMessages.confirmationMismatch,
    });
    expect(errorsOf({ ...valid, currentPassword: "", confirmPassword: "autre chose" })).toEqual({
      currentPassword: accountMessages.currentPasswordRequired,
      confirmPassword: "Les deux mots de passe ne sont pas identiques",
    });
  });

  it("refuses a new password equal to the current one", () => {
    expect(errorsOf({ ...valid, currentPassword: valid.newPassword })).toEqual({
      newPassword: accountMessages.newPasswordSameAsCurrent,
    });
  });

  it("a current password longer than any password is simply wrong", () => {
    expect(errorsOf({ ...valid, currentPassword: "x".repeat(PASSWORD_MAX_LENGTH + 1) })).toEqual({
      currentPassword: "Le mot de passe actuel est incorrect.",
    });
  });
});

describe("accountFormSchema", () => {
  it("picks the form by its intent", () => {
    expect(accountFormSchema.parse(valid).intent).toBe(ACCOUNT_INTENTS.changePassword);
    expect(accountFormSchema.parse({ intent: ACCOUNT_INTENTS.endSession, sessionId: "abc" })).toEqual({
      intent: ACCOUNT_INTENTS.endSession,
      sessionId: "abc",
    });
    expect(accountFormSchema.parse({ intent: ACCOUNT_INTENTS.endSession })).toEqual({
      intent: ACCOUNT_INTENTS.endSession,
      sessionId: "",
    });
    expect(accountFormSchema.parse({ intent: ACCOUNT_INTENTS.endAllSessions, userId: "someone-else" })).toEqual({
      intent: ACCOUNT_INTENTS.endAllSessions,
    });
  });

  it.each(["abc\u0000", "' OR 1=1 --", "x".repeat(201)])("a session id that no session can have (%j) is refused", (sessionId) => {
    expect(accountFormSchema.safeParse({ intent: ACCOUNT_INTENTS.endSession, sessionId }).success).toBe(false);
  });

  it.each([{}, { intent: "supprimer-compte" }, { intent: "" }])("an unknown intent (%j) says so in French", (input) => {
    expect(refusedFieldErrors(accountFormSchema, input)).toEqual({ intent: accountMessages.unknownAction });
  });
});
