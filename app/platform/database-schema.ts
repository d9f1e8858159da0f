import type { ColumnType, Generated, Kysely, Selectable, Transaction } from "kysely";

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
/** DATE columns travel as "yyyy-MM-dd" strings (see database.server.ts). */
type DateOnly = string;
/** NUMERIC columns travel as decimal strings: money is never a float. */
type Decimal = ColumnType<string, string | number, string | number>;
type TextArray = ColumnType<string[], string[] | undefined, string[]>;

export type Role = "user" | "lawyer" | "admin";
export type ProfileCountry = "france" | "belgium" | "switzerland" | "luxembourg" | "canada";
export type LawyerLevel = "basic" | "intermediate" | "advanced";
export type CaseStatus =
  | "draft"
  | "submitted"
  | "under_review"
  | "assigned"
  | "in_progress"
  | "resolved"
  | "completed"
  | "closed";
export type DocumentStatus = "pending" | "approved" | "rejected";
export type DocumentType = "cni" | "passeport" | "permis" | "carte_sejour" | "proof_of_address";
export type DocumentSide = "recto" | "verso" | "single";
export type VerificationOverallStatus = "in_progress" | "completed" | "rejected" | "approved";

export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  image: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  twoFactorEnabled: boolean | null;
}

export interface SessionTable {
  id: string;
  expiresAt: Timestamp;
  token: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  ipAddress: string | null;
  userAgent: string | null;
  userId: string;
}

export interface AccountTable {
  id: string;
  accountId: string;
  providerId: string;
  userId: string;
  accessToken: string | null;
  refreshToken: string | null;
  idToken: string | null;
  accessTokenExpiresAt: Timestamp | null;
  refreshTokenExpiresAt: Timestamp | null;
  scope: string | null;
  password: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface VerificationTable {
  id: string;
  identifier: string;
  value: string;
  expiresAt: Timestamp;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** better-auth's TOTP row: secret and recovery codes encrypted with the auth secret; verified once a code was given. */
export interface TwoFactorTable {
  id: string;
  secret: string;
  backupCodes: string;
  userId: string;
  verified: boolean | null;
  failedVerificationCount: number | null;
  lockedUntil: Timestamp | null;
  /** Ours, not better-auth's: the last time step whose code was accepted (migration 0084, decision 64). */
  last_totp_step: Generated<number | null>;
}

export interface ProfileTable {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  role: ColumnType<Role, Role | undefined, Role>;
  /** The NIF and birth date live only sealed (decision 0043); the plaintext columns were dropped (migration 0079). */
  fields_key_id: string | null;
  fields_wrapped_key: Buffer | null;
  birth_date_sealed: Buffer | null;
  nif_sealed: Buffer | null;
  phone_mobile: string | null;
  phone_fixed: string | null;
  address: string | null;
  city: string | null;
  postal_code: string | null;
  department: string | null;
  country: ColumnType<ProfileCountry, ProfileCountry | undefined, ProfileCountry>;
  profile_completed: Generated<boolean>;
  identity_verified: Generated<boolean>;
  assigned_lawyer_id: string | null;
  lawyer_level: LawyerLevel | null;
  /** A lawyer's bar ('barreau') and registration number (migration 0040). */
  bar_name: ColumnType<string | null, string | null | undefined, string | null>;
  bar_number: ColumnType<string | null, string | null | undefined, string | null>;
  privacy_policy_accepted_at: Timestamp | null;
  terms_accepted_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
  /** Set when the account was deleted: the row is a pseudonymised tombstone kept for the legal file (migration 0078). */
  deleted_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface CaseTable {
  id: Generated<string>;
  case_number: Generated<string>;
  user_id: string;
  assigned_lawyer_id: string | null;
  assigned_at: Timestamp | null;
  status: ColumnType<CaseStatus, CaseStatus | undefined, CaseStatus>;
  scam_type: string | null;
  contact_method: string | null;
  contact_method_details: string | null;
  first_contact_date: DateOnly | null;
  total_amount_lost: Decimal | null;
  payment_methods: TextArray;
  contacted_bank: Generated<boolean>;
  bank_contact_details: string | null;
  filed_complaint: Generated<boolean>;
  complaint_status: string | null;
  complaint_reference: string | null;
  detailed_description: string | null;
  evidence_types: TextArray;
  draft_data: ColumnType<unknown, string | undefined, string> | null;
  submitted_at: Timestamp | null;
  /** When the assigned lawyer first opened it (migration 0035). */
  opened_at: Timestamp | null;
  /** How the case ended, set by the lawyer with 'resolved' or 'closed' (migration 0097). */
  outcome: CaseOutcome | null;
  /** Why a case was not pursued (required for that outcome only). */
  outcome_reason: string | null;
  /** The recoveries ledger's total when the outcome was recorded. */
  outcome_recovered_cents: ColumnType<string | null, number | string | null, number | string | null>;
  outcome_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export const CASE_OUTCOMES = ["recovered_in_full", "recovered_in_part", "nothing_recovered", "withdrawn_by_client", "not_pursued"] as const;
export type CaseOutcome = (typeof CASE_OUTCOMES)[number];

/** Written by the database's trigger only (migrations 0002, 0035). */
/** Kept by the cases' triggers (migration 0080): the lawyer's cases not closed. */
export interface LawyerCaseCountTable {
  lawyer_id: string;
  active_cases: number;
}

/** Kept by the cases' triggers (migration 0080): cases assigned to the lawyer, by UTC day of assignment. */
export interface LawyerAssignmentDayTable {
  lawyer_id: string;
  day: Date;
  assigned: number;
}

/** One row per case, kept by triggers (migration 0056): the conversation's last message, and the case's lawyer. */
export interface CaseChatSummaryTable {
  case_id: string;
  lawyer_id: string | null;
  last_message_id: string | null;
  last_message_at: Date | null;
  last_sender_id: string | null;
  last_excerpt: string | null;
  last_file_name: string | null;
}

/** An open burst of unread chat messages for one recipient: one email notice per row (migration 0056). */
export interface ChatUnreadNoticeTable {
  case_id: string;
  recipient_id: string;
  first_message_id: string;
  job_id: number | null;
  due_at: Date;
  sent_at: Date | null;
  created_at: CreatedAt;
}

export interface CaseStatusHistoryTable {
  id: Generated<number>;
  case_id: string;
  from_status: CaseStatus | null;
  to_status: CaseStatus;
  changed_by: string | null;
  /** The lawyer the case went to, on rows where the lawyer changed. */
  lawyer_id: string | null;
  /** A lawyer's note with a status change. */
  note: string | null;
  /** Set when the platform itself acted (e.g. "assignation-automatique"). */
  system_reason: string | null;
  /** On the row of a closing status change: the case's outcome, copied by the trigger (migration 0097). */
  outcome: CaseOutcome | null;
  outcome_reason: string | null;
  outcome_recovered_cents: ColumnType<string | null, never, never>;
  created_at: CreatedAt;
}

/** One row (id 1): the lock of assignment and the start of the current allocation period (migration 0035). */
export interface CaseAssignmentStateTable {
  id: Generated<number>;
  allocation_changed_at: Timestamp;
}

export interface IdentityVerificationDocumentTable {
  id: Generated<string>;
  user_id: string;
  step_number: 2 | 3 | 4;
  document_type: DocumentType;
  document_side: DocumentSide;
  file_name: string;
  file_path: string;
  file_size: number;
  mime_type: string;
  status: ColumnType<DocumentStatus, DocumentStatus | undefined, DocumentStatus>;
  obsolete: Generated<boolean>;
  rejection_reason: string | null;
  reviewed_at: Timestamp | null;
  reviewed_by: string | null;
  uploaded_at: CreatedAt;
  created_at: CreatedAt;
  updated_at: Timestamp;
  stored_file_id: string | null;
  proof_type: ProofOfAddressType | null;
  submission_id: string | null;
  /** The upload day in Paris time (generated): with user, type and step, the review group's key. */
  group_day: ColumnType<DateOnly, never, never>;
  /** When retention deleted the file; the review outcome stays (migration 0073). */
  file_deleted_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** One row per review group, kept up to date by a trigger on identity_verification_documents (migration 0027). */
export interface IdentityDocumentGroupTable {
  user_id: string;
  document_type: DocumentType;
  step_number: 2 | 3 | 4;
  group_day: DateOnly;
  status: DocumentStatus;
  pending: boolean;
  last_upload: Timestamp;
  anchor_id: string;
  file_names: string;
}

export type ProofOfAddressType = "facture_eau" | "facture_electricite" | "facture_gaz" | "avis_imposition" | "releve_bancaire";

export interface IdentityReviewAuditTable {
  id: Generated<number>;
  reviewer_id: string;
  reviewer_email: string;
  subject_user_id: string;
  step_number: number;
  document_type: string;
  document_ids: string[];
  outcome: "approved" | "rejected";
  reason: string | null;
  identity_verified: Generated<boolean>;
  created_at: CreatedAt;
}

/** Append-only journal of every staff action (migration 0026). */
export interface StaffAuditLogTable {
  id: Generated<number>;
  actor_id: string;
  actor_email: string;
  action: string;
  target_type: string;
  target_id: string;
  client_address: string;
  /** Written as JSON text (see modules/audit), read back as parsed JSON. */
  before: ColumnType<unknown, string | null, never>;
  after: ColumnType<unknown, string | null, never>;
  created_at: CreatedAt;
}

export interface IdentityVerificationStatusTable {
  id: Generated<string>;
  user_id: string;
  current_step: Generated<number>;
  step1_completed: Generated<boolean>;
  step2_completed: Generated<boolean>;
  step3_completed: Generated<boolean>;
  step4_completed: Generated<boolean>;
  step5_completed: Generated<boolean>;
  overall_status: ColumnType<VerificationOverallStatus, VerificationOverallStatus | undefined, VerificationOverallStatus>;
  completed_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface CaseChatMessageTable {
  id: Generated<string>;
  case_id: string;
  sender_id: string;
  message: Generated<string>;
  file_name: string | null;
  file_path: string | null;
  read_status: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Timestamp;
  /** Position in the case's event stream (migration 0051). */
  seq: Generated<number>;
  read_at: Timestamp | null;
  /** Position of the read receipt in the case's event stream. */
  read_seq: number | null;
  file_id: string | null;
}

export interface LawyerAllocationTable {
  id: Generated<string>;
  lawyer_id: string;
  allocation_percentage: Generated<number>;
  active: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface EmailLogTable {
  id: Generated<string>;
  recipient_email: string;
  subject: string;
  body: string;
  status: ColumnType<"sent" | "failed", "sent" | "failed" | undefined, "sent" | "failed">;
  error: string | null;
  template_name: string | null;
  sent_by: string | null;
  sent_at: Timestamp;
  created_at: CreatedAt;
  job_id: number | null;
  attempts: Generated<number>;
  transport: ColumnType<EmailTransportKind, EmailTransportKind | undefined, EmailTransportKind>;
  /** When retention erased the body (migration 0073). */
  body_deleted_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export type EmailTransportKind = "smtp" | "development";

/** A person's choice of notices by SMS (migration 0108, decision 0087): opted in while opted_out_at is null. */
export interface SmsNoticePreferenceTable {
  user_id: string;
  opted_in_at: ColumnType<Date, Date | string | undefined, Date | string>;
  opted_out_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** One row per SMS job (migration 0108): the number masked, no text. */
export interface SmsLogTable {
  id: Generated<string>;
  job_id: number | null;
  user_id: string | null;
  template_key: string;
  recipient_masked: string;
  status: "sent" | "failed";
  error: string | null;
  attempts: Generated<number>;
  sent_at: Date | null;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

export type JobStatus = "queued" | "running" | "done" | "failed";

export interface JobTable {
  id: Generated<number>;
  kind: string;
  payload: ColumnType<unknown, string, string>;
  status: ColumnType<JobStatus, JobStatus | undefined, JobStatus>;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  run_at: ColumnType<Date, Date | string | undefined, Date | string>;
  locked_by: string | null;
  locked_until: Date | null;
  last_error: string | null;
  finished_at: Date | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface EmailTemplateTable {
  id: Generated<string>;
  name: string;
  subject: string;
  body: string;
  variables: TextArray;
  key: string | null;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface AuthAttemptCounterTable {
  key: string;
  window_started_at: Timestamp;
  attempts: number;
  last_attempt_at: Generated<Date>;
}

export type AccountSecurityAction = "reset-link-sent" | "sessions-ended" | "second-factor-reset";

/** Append-only (migration 0007). */
export interface AccountSecurityActionTable {
  id: Generated<string>;
  actor_id: string;
  target_id: string;
  action: AccountSecurityAction;
  client_address: string;
  created_at: Generated<Date>;
}

/** 'application/zip': a person's data export only (migration 0075), never an upload. */
export type StoredFileMediaType = "image/jpeg" | "image/png" | "image/heic" | "image/heif" | "application/pdf" | "application/zip";
/** What an upload can be (the upload pipeline's types). */
export type UploadedMediaType = Exclude<StoredFileMediaType, "application/zip">;
export type StoredFileStatus = "ready" | "converting" | "failed";

/** One encrypted file in the storage gateway (app/modules/files). */
export interface StoredFileTable {
  id: string;
  owner_id: string;
  object_name: string;
  original_name: string;
  media_type: StoredFileMediaType;
  size_bytes: number;
  key_id: string;
  wrapped_key: Buffer;
  nonce_prefix: Buffer;
  segment_bytes: number;
  status: ColumnType<StoredFileStatus, StoredFileStatus | undefined, StoredFileStatus>;
  warnings: ColumnType<string[], string[] | undefined, string[]>;
  width: number | null;
  height: number | null;
  page_count: number | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
  /** Set when retention deletes the file: the sweep deletes the object, then the row (migration 0073). */
  deletion_requested_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The upload quota bucket: 'identity' or 'case:<id>'; null for files the service makes (migration 0083). */
  upload_scope: ColumnType<string | null, string | null | undefined, string | null>;
}

/** An evidence file on a case (migration 0065). */
export interface CaseEvidenceTable {
  id: Generated<string>;
  case_id: string;
  stored_file_id: string;
  category: string;
  description: string;
  original_sha256: Buffer;
  uploaded_by: string;
  created_at: CreatedAt;
  /** The document request the file answers (migration 0106), if any. */
  document_request_id: ColumnType<string | null, string | null | undefined, never>;
}

/** Issue 32: a document the assigned lawyer asks the client for (migration 0106, decision 85). */
export type DocumentRequestStatus = "requested" | "provided" | "unavailable" | "accepted";
export interface CaseDocumentRequestTable {
  id: Generated<string>;
  case_id: string;
  kind: string;
  label: string;
  note: ColumnType<string, string | undefined, never>;
  due_on: ColumnType<DateOnly | null, DateOnly | null | undefined, never>;
  /** Changed by the use cases; the trigger stamps status_changed_at and writes the history. */
  status: ColumnType<DocumentRequestStatus, never, DocumentRequestStatus>;
  unavailable_reason: ColumnType<string | null, never, string | null>;
  requested_by: ColumnType<string, string, never>;
  requested_at: ColumnType<Date, never, never>;
  status_changed_by: string;
  status_changed_at: ColumnType<Date, never, never>;
  reminder_sent_at: ColumnType<Date | null, never, Date | string>;
}

export interface CaseDocumentRequestEventTable {
  id: ColumnType<number, never, never>;
  request_id: string;
  to_status: DocumentRequestStatus;
  changed_by: string;
  reason: string | null;
  at: CreatedAt;
}

/** A case's filing receipt, made by a job after its submission (migration 0107). */
export interface CaseFilingReceiptTable {
  case_id: string;
  file_id: string;
  sha256: string;
  generated_at: CreatedAt;
}

export type PaymentCurrency = "EUR" | "CHF" | "CAD";
export type PaymentMethod =
  | "bank_transfer"
  | "credit_card"
  | "cryptocurrency"
  | "paypal"
  | "western_union"
  | "money_gram"
  | "cash"
  | "other";
export type BeneficiaryKind = "iban" | "wallet" | "card_merchant" | "other";
export type WalletNetwork = "btc" | "eth" | "trc20";
export type IdentifierKind = "name" | "phone" | "email" | "website" | "social" | "iban" | "wallet";

export interface CasePaymentTable {
  id: Generated<string>;
  case_id: string;
  paid_on: DateOnly;
  amount: Decimal;
  currency: ColumnType<PaymentCurrency, PaymentCurrency | undefined, PaymentCurrency>;
  method: PaymentMethod;
  beneficiary_kind: BeneficiaryKind;
  beneficiary: string;
  wallet_network: WalletNetwork | null;
  payer_bank: string | null;
  note: string | null;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface CaseIdentifierTable {
  id: Generated<string>;
  case_id: string;
  kind: IdentifierKind;
  value: string;
  normalized: string;
  payment_id: string | null;
  note: string | null;
  created_by: string | null;
  created_at: CreatedAt;
}

/** Last sign-in of an account and the inactivity warning's state (migration 0074, decision 0044). */
export interface AccountInactivityTable {
  user_id: string;
  last_active_at: Timestamp;
  warned_at: Timestamp | null;
  deletion_due_at: Timestamp | null;
  flagged_at: Timestamp | null;
}

/** A person's 'Télécharger mes données' request (migration 0075, decision 0045). */
export interface DataExportTable {
  id: Generated<string>;
  user_id: string;
  status: ColumnType<"queued" | "ready" | "failed", "queued" | "ready" | "failed" | undefined, "queued" | "ready" | "failed">;
  requested_at: CreatedAt;
  ready_at: Timestamp | null;
  expires_at: Timestamp | null;
  stored_file_id: string | null;
  /** bigint: a decimal string from node-postgres. */
  size_bytes: ColumnType<string | null, number | null | undefined, number | null>;
  token_hash: Buffer | null;
  downloaded_at: Timestamp | null;
}

/** A request to delete an account, done or waiting for a case to close (migration 0078, decision 0047). */
export interface AccountDeletionRequestTable {
  id: Generated<string>;
  user_id: string;
  origin: "person" | "inactivity";
  status: "waiting" | "done";
  blocking_cases: TextArray;
  requested_at: Timestamp;
  completed_at: Timestamp | null;
  files_deleted: ColumnType<number, number | undefined, number>;
  cases_kept: ColumnType<number, number | undefined, number>;
  purged_at: Timestamp | null;
}

export type FeeBaseDue = "signature" | "fin-de-dossier";
export type FeeAgreementState = "proposed" | "signed" | "countersigned" | "active" | "withdrawn" | "replaced";

export interface FeeAgreementTemplateTable {
  id: Generated<string>;
  version: number;
  title: string;
  /** JSON array of { kind, title, body } (agreements.schema.ts: TemplateSection). */
  sections: ColumnType<unknown, string, never>;
  base_fee_min_cents: number;
  base_fee_max_cents: number;
  base_fee_due: FeeBaseDue;
  result_percent_min_bp: number;
  result_percent_max_bp: number;
  created_by: string | null;
  created_at: CreatedAt;
}

export interface FeeAgreementTable {
  id: Generated<string>;
  case_id: string;
  revision: number;
  template_id: string;
  lawyer_id: string | null;
  client_id: string | null;
  state: ColumnType<FeeAgreementState, FeeAgreementState | undefined, FeeAgreementState>;
  base_fee_cents: number;
  base_fee_due: FeeBaseDue;
  result_percent_bp: number;
  vat_rate_bp: number;
  foreseen_costs: ColumnType<string, string | undefined, string>;
  document_sha256: string;
  early_start_requested: ColumnType<boolean, boolean | undefined, boolean>;
  proposed_at: Timestamp;
  client_signed_at: Timestamp | null;
  lawyer_signed_at: Timestamp | null;
  activated_at: Timestamp | null;
  withdrawn_at: Timestamp | null;
  withdrawal_channel: "application" | "email" | null;
}

export interface FeeAgreementEventTable {
  id: Generated<number>;
  agreement_id: string;
  case_id: string;
  from_state: FeeAgreementState | null;
  to_state: FeeAgreementState;
  actor_id: string | null;
  created_at: CreatedAt;
}

export interface FeeAgreementDocumentTable {
  id: Generated<number>;
  agreement_id: string;
  kind: "proposal" | "sealed";
  file_id: string;
  sha256: string;
  created_at: CreatedAt;
}

export interface FeeAgreementSignatureTable {
  id: Generated<number>;
  agreement_id: string;
  role: "client" | "lawyer";
  signer_id: string;
  full_name: string;
  identity_reference: string;
  email: string;
  ip_address: string;
  user_agent: string;
  method: "password-email-code" | "totp";
  document_sha256: string;
  consented_at: Timestamp;
  signed_at: CreatedAt;
  early_start_requested: ColumnType<boolean, boolean | undefined, never>;
}

export interface FeeAgreementCodeTable {
  id: Generated<number>;
  agreement_id: string;
  user_id: string;
  code_hash: string;
  attempts: ColumnType<number, number | undefined, number>;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: CreatedAt;
}

export type RecoverySource = "rappel-de-fonds" | "chargeback" | "remboursement-beneficiaire" | "decision-de-justice" | "autre";

/** Issue 31: the recoveries ledger (migration 0094), append-only. */
export interface CaseRecoveryTable {
  id: Generated<string>;
  case_id: string;
  agreement_id: string;
  recovered_on: DateOnly;
  /** BIGINT cents: read back as a decimal string (use Number(), always below 2^53). */
  amount_cents: ColumnType<string, string | number, never>;
  source: RecoverySource;
  payment_ids: ColumnType<string[], string[] | undefined, never>;
  note: ColumnType<string, string | undefined, never>;
  proof_file_id: string | null;
  reverses_id: string | null;
  reason: string | null;
  recorded_by: string;
  created_at: CreatedAt;
}

export type CaseCostDecision = "approved" | "declined" | "withdrawn";

/** Issue 31: costs and disbursements the lawyer proposes and the client approves (migration 0100). */
export interface CaseCostTable {
  id: Generated<string>;
  case_id: string;
  agreement_id: string;
  label: string;
  incurred_on: DateOnly;
  /** BIGINT cents HT, read back as a decimal string. */
  amount_ht_cents: ColumnType<string, string | number, never>;
  note: ColumnType<string, string | undefined, never>;
  proposed_by: string;
  proposed_at: CreatedAt;
  /** Set once (trigger): the client's decision, or the lawyer's withdrawal; decided_at is the database's time. */
  decision: ColumnType<CaseCostDecision | null, never, CaseCostDecision>;
  decided_by: ColumnType<string | null, never, string>;
  decided_at: ColumnType<Date | null, never, never>;
}

/** Issue 31: sums the client paid the lawyer, TTC, append-only (migration 0100). */
export interface CaseFeePaymentTable {
  id: Generated<string>;
  case_id: string;
  agreement_id: string;
  received_on: DateOnly;
  amount_cents: ColumnType<string, string | number, never>;
  label: string;
  note: ColumnType<string, string | undefined, never>;
  reverses_id: string | null;
  reason: string | null;
  recorded_by: string;
  created_at: CreatedAt;
}

export interface LawyerInvoicingProfileTable {
  lawyer_id: string;
  firm_name: string;
  address: string;
  postal_code: string;
  city: string;
  siren: string;
  siret: string | null;
  vat_number: string | null;
  vat_franchise: ColumnType<boolean, boolean | undefined, boolean>;
  mandate_accepted_at: Timestamp | null;
  mandate_version: string | null;
  updated_at: Timestamp;
}

export type InvoiceSeries = "F" | "A";
export type InvoiceKind = "invoice" | "credit-note";

export interface InvoiceCounterTable {
  issuer_id: string;
  series: InvoiceSeries;
  last_value: ColumnType<number, number | undefined, number>;
}

export interface InvoiceTable {
  id: Generated<string>;
  kind: InvoiceKind;
  issuer_id: string;
  sequence: number;
  number: string;
  case_id: string;
  case_number: string;
  agreement_id: string;
  buyer_id: string;
  credited_invoice_id: string | null;
  issued_at: CreatedAt;
  service_date: DateOnly;
  due_date: DateOnly;
  seller: ColumnType<unknown, string, never>;
  buyer: ColumnType<unknown, string, never>;
  lines: ColumnType<unknown, string, never>;
  vat_rate_bp: number;
  /** BIGINT cents: read back as a decimal string. */
  total_ht_cents: ColumnType<string, number, never>;
  vat_cents: ColumnType<string, number, never>;
  total_ttc_cents: ColumnType<string, number, never>;
}

export interface InvoiceDocumentTable {
  invoice_id: string;
  file_id: string;
  sha256: string;
  created_at: CreatedAt;
}

/** Per Paris day, what the operator's view sums (migration 0104): kept by triggers, read only. BIGINT as strings. */
/** The admin pages' figures, kept by triggers (migrations 0109, 0111): each one is the sum of its slots' n. */
export interface PlatformCountTable {
  name:
    | "users"
    | "verified_users"
    | "lawyers"
    | "cases"
    | "pending_documents"
    | "document_groups_pending"
    | "document_groups_approved"
    | "document_groups_rejected"
    | "waiting_cases";
  slot: number;
  n: number;
}

/** Figures per day, kept by triggers (migrations 0110, 0111): a day's figure is the sum of its slots' n. */
export interface DailyCountTable {
  name: "assignments" | "emails_sent";
  day: DateOnly;
  slot: number;
  n: ColumnType<string, never, never>;
}

export interface OperatorDailyTotalTable {
  day: DateOnly;
  recovered_cents: ColumnType<string, never, never>;
  invoiced_ht_cents: ColumnType<string, never, never>;
  invoiced_ttc_cents: ColumnType<string, never, never>;
  closed_recovered_in_full: ColumnType<number, never, never>;
  closed_recovered_in_part: ColumnType<number, never, never>;
  closed_nothing_recovered: ColumnType<number, never, never>;
  closed_withdrawn_by_client: ColumnType<number, never, never>;
  closed_not_pursued: ColumnType<number, never, never>;
}

/** A call code used (migration 0105, decision 84): the code itself is never stored, only its day and rank. */
export interface CallCodeUseTable {
  client_id: string;
  paris_day: DateOnly;
  rank: number;
  used_how: "confirmed" | "checked";
  used_at: CreatedAt;
}

/** Who revealed a client's call code, from which case (migration 0105). */
export interface CallCodeRevealTable {
  id: Generated<number>;
  client_id: string;
  case_id: string;
  revealed_by: string;
  paris_day: DateOnly;
  rank: number;
  revealed_at: CreatedAt;
}

/** A partner lawyer's published professional contacts, with the normalised keys /verifier-un-contact compares (migration 0105). */
export interface LawyerPublicContactTable {
  lawyer_id: string;
  email: string;
  phone: string;
  website: string;
  email_key: string | null;
  phone_key: string | null;
  website_key: string | null;
  updated_at: Timestamp;
}

export interface Database {
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  verification: VerificationTable;
  twoFactor: TwoFactorTable;
  profiles: ProfileTable;
  cases: CaseTable;
  case_status_history: CaseStatusHistoryTable;
  case_chat_summaries: CaseChatSummaryTable;
  chat_unread_notices: ChatUnreadNoticeTable;
  case_assignment_state: CaseAssignmentStateTable;
  identity_verification_documents: IdentityVerificationDocumentTable;
  identity_document_groups: IdentityDocumentGroupTable;
  identity_verification_status: IdentityVerificationStatusTable;
  case_chat_messages: CaseChatMessageTable;
  lawyer_allocation: LawyerAllocationTable;
  lawyer_case_counts: LawyerCaseCountTable;
  lawyer_assignment_days: LawyerAssignmentDayTable;
  email_logs: EmailLogTable;
  email_templates: EmailTemplateTable;
  sms_notice_preferences: SmsNoticePreferenceTable;
  sms_logs: SmsLogTable;
  jobs: JobTable;
  auth_attempt_counters: AuthAttemptCounterTable;
  account_security_actions: AccountSecurityActionTable;
  stored_files: StoredFileTable;
  identity_review_audit: IdentityReviewAuditTable;
  staff_audit_log: StaffAuditLogTable;
  case_evidence: CaseEvidenceTable;
  case_document_requests: CaseDocumentRequestTable;
  case_document_request_events: CaseDocumentRequestEventTable;
  case_filing_receipts: CaseFilingReceiptTable;
  case_payments: CasePaymentTable;
  case_identifiers: CaseIdentifierTable;
  account_inactivity: AccountInactivityTable;
  data_exports: DataExportTable;
  account_deletion_requests: AccountDeletionRequestTable;
  fee_agreement_templates: FeeAgreementTemplateTable;
  fee_agreements: FeeAgreementTable;
  fee_agreement_events: FeeAgreementEventTable;
  fee_agreement_documents: FeeAgreementDocumentTable;
  fee_agreement_signatures: FeeAgreementSignatureTable;
  fee_agreement_codes: FeeAgreementCodeTable;
  case_recoveries: CaseRecoveryTable;
  case_costs: CaseCostTable;
  case_fee_payments: CaseFeePaymentTable;
  lawyer_invoicing_profiles: LawyerInvoicingProfileTable;
  invoice_counters: InvoiceCounterTable;
  invoices: InvoiceTable;
  invoice_documents: InvoiceDocumentTable;
  operator_daily_totals: OperatorDailyTotalTable;
  platform_counts: PlatformCountTable;
  daily_counts: DailyCountTable;
  call_code_uses: CallCodeUseTable;
  call_code_reveals: CallCodeRevealTable;
  lawyer_public_contacts: LawyerPublicContactTable;
}

export type Profile = Selectable<ProfileTable>;
export type Case = Selectable<CaseTable>;

/** Where a query runs: the database handle or an open transaction. */
export type Executor = Kysely<Database> | Transaction<Database>;
