// The accounts module's public entry: each use case lives in its own file (decision 0068).
export { anonymousActor, clientAddressOf, resolveActor, sessionCookies, signOut } from "./sessions.server";
export { signIn, type SignInResult } from "./sign-in.server";
export { createAccount, signUp, type AccountResult, type NewAccount } from "./sign-up.server";
export type { EmailRequestResult } from "./account-emails.server";
export { buildPersonalLink } from "./personal-links.server";
export { confirmEmail, maskedEmail, resendConfirmation, type ConfirmationResult } from "./confirm-email.server";
export { passwordResetLinkIsValid, requestPasswordReset, resetPassword, type PasswordResetResult } from "./reset-password.server";
export { requestEmailChange, type EmailChangeResult } from "./change-email.server";
export { endAllSessionsOf, resetSecondFactor, sendPasswordResetLink } from "./admin-account-actions.server";
export { checkCurrentPassword, type CurrentPasswordCheck } from "./check-current-password.server";
export type { BusyResult } from "./password-hashing.server";
export { confirmWithSecondFactor, type SecondFactorConfirmation } from "./two-factor.server";
