const MAX_NAME_LENGTH = 255;

/**
 * The name a person gave their file, safe to show and to put in a Content-Disposition header: no folder parts,
 * no control, format or bidirectional-override characters (an RTL override can make "gpj.exe" read as "exe.jpg"),
 * at most 255 characters, never empty.
 */
export function sanitizeFileName(raw: string | undefined | null, fallback = "document"): string {
  const base = (raw ?? "").normalize("NFC").split(/[/\\]/).pop() ?? "";
  const cleaned = base
    // C0/C1 controls, bidi embeddings/overrides/isolates, zero-width and other format characters.
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, "")
    .replace(/\s+/gu, " ")
    .trim()
    .replace(/^\.+/u, "");
  if (!cleaned) return fallback;
  if (cleaned.length <= MAX_NAME_LENGTH) return cleaned;
  // Keep the extension when shortening.
  const dot = cleaned.lastIndexOf(".");
  const extension = dot > 0 && cleaned.length - dot <= 10 ? cleaned.slice(dot) : "";
  return cleaned.slice(0, MAX_NAME_LENGTH - extension.length) + extension;
}

/** The name with its extension replaced, e.g. after a HEIC photo became a JPEG. */
export function withExtension(name: string, extension: string): string {
  const dot = name.lastIndexOf(".");
  const stem = dot > 0 ? name.slice(0, dot) : name;
  return sanitizeFileName(`${stem.slice(0, MAX_NAME_LENGTH - extension.length - 1)}.${extension}`);
}

/** RFC 6266 Content-Disposition with an ASCII fallback and the UTF-8 name. */
export function contentDisposition(kind: "inline" | "attachment", name: string): string {
  const safe = sanitizeFileName(name);
  const ascii = safe.normalize("NFD").replace(/[^\x20-\x7e]/g, "").replace(/["\\]/g, "_") || "document";
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(safe).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}
