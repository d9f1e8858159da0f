// The agreements module's public entry: each use case lives in its own file (decision 0068).
export { AGREEMENT_COLUMNS, type RequestOrigin } from "./agreement-shared.server";
export {
  agreementPanelFor,
  hasActiveAgreement,
  type AgreementEventView,
  type AgreementPanel,
  type AgreementSummary,
} from "./agreement-panel.server";
export { previewProposal, proposalFormFor, proposeAgreement, type PreviewResult, type ProposalForm, type ProposeResult } from "./propose-agreement.server";
export { countersign, requestSigningCode, signAsClient, type CodeRequestResult, type CountersignResult, type SignResult } from "./sign-agreement.server";
export { createSealAgreementHandler, SEAL_AGREEMENT_JOB, sealCountersignedAgreement } from "./seal-agreement.server";
export {
  recordEmailWithdrawal,
  withdrawAgreement,
  withdrawalLastDay,
  withinWithdrawalPeriod,
  type WithdrawalResult,
} from "./withdraw-agreement.server";
export { agreementDocument, type AgreementDocument } from "./agreement-document.server";
