/** "Vérifier un appel" (issue 32, decision 84): the client's call code and the public check of a contact. */
export { callCodeCaseFor, callCodeFor, checkCallCode, confirmCallCodeUsed, revealCallCode, CALL_CODE_CHECKS_PER_WINDOW } from "./call-codes.server";
export type { CallCodeCase, CheckResult, ConfirmResult, RevealedCallCode } from "./call-codes.server";
export { checkContact, lawyerPublicContactsFor, saveLawyerPublicContacts, CONTACT_CHECKS_PER_WINDOW } from "./contact-check.server";
export type { ContactCheckResult } from "./contact-check.server";
