import { MAX_UPLOAD_BYTES } from "./upload-messages";

export const MAX_FIELD_BYTES = 10 * 1024;
export const MAX_TEXT_FIELDS = 30;

/** The most a multipart request may carry: its files at their limit plus room for the text fields and headers. */
export function maxRequestBytesFor(fileFields: Record<string, number>): number {
  const files = Object.values(fileFields).reduce((sum, count) => sum + count, 0);
  return files * (MAX_UPLOAD_BYTES + 16 * 1024) + MAX_TEXT_FIELDS * MAX_FIELD_BYTES + 64 * 1024;
}
