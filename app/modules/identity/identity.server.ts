// The identity module's public entry: each use case lives in its own file (decision 0068).
export { identityStepsFrom, identitySummaryFor, verificationFor, type IdentitySummary, type VerificationView } from "./read-verification.server";
export type { IdentityDocumentView, StepState } from "./verification-status.server";
export { completeTutorial, IdentityFormError, submitIdentityStep, type StepUploadResult } from "./submit-verification-step.server";
export { REVIEW_COUNT_CAP, reviewQueue, type ReviewGroup, type ReviewPage } from "./list-review-queue.server";
export { reviewDocumentGroup, type ReviewResult } from "./review-document-group.server";
export { assertMayViewFile, downloadFile, type FileDownload } from "./download-file.server";
