import { uploadMessages } from "./upload-messages";

export type UploadProblem = keyof typeof uploadMessages;

const statusOf: Record<UploadProblem, number> = {
  tooLarge: 413,
  wrongType: 415,
  empty: 422,
  truncated: 422,
  unreadableImage: 422,
  tooSmall: 422,
  tooManyPixels: 422,
  encryptedPdf: 422,
  unreadablePdf: 422,
  tooManyPages: 422,
  tooManyFiles: 413,
  noFile: 400,
  badRequest: 400,
  interrupted: 400,
  storageDown: 503,
  uncheckable: 422,
  inspectionBusy: 503,
  blurry: 422,
  accountDeleted: 410,
  tooManyUploads: 429,
  dailyQuota: 429,
  scopeQuota: 413,
};

/** An upload refused with a French message and the HTTP status to answer; `field` names the form field at fault. */
export class UploadError extends Error {
  override name = "UploadError";
  readonly status: number;
  /** For a quota (decision 62): seconds until trying again can succeed, sent as Retry-After. */
  readonly retryAfterSeconds: number | undefined;
  constructor(
    readonly problem: UploadProblem,
    readonly field?: string,
    options?: { cause?: unknown; message?: string; retryAfterSeconds?: number; status?: number },
  ) {
    super(options?.message ?? uploadMessages[problem], options);
    this.status = options?.status ?? statusOf[problem];
    this.retryAfterSeconds = options?.retryAfterSeconds;
  }
}
