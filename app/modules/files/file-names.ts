const MAX_NAME_LENGTH = 255;

/**
 * Characters that draw nothing or reorder the text: C0/C1 controls, format characters (bidi embeddings, overrides
 * and isolates, zero-width joiners, tags), lone surrogates (encodeURIComponent throws on them), private-use and
 * unassigned code points, and every default-ignorable one (Hangul fillers, variation selectors, soft hyphen).
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Default_Ignorable_Code_Point}]/gu;
/** Blanks, the Braille blank (U+2800) included: it looks like a space and is not \s ("facture.pdf⠀⠀.exe"). */
const BLANKS = /[\s\p{Z}\u2800]+/gu;

function cleaned(raw: string | undefined | null): string {
  const base = (raw ?? "").normalize("NFC").split(/[/\\]/).pop() ?? "";
  return base.replace(/[\t\n\v\f\r]/g, " ").replace(INVISIBLE, "").replace(BLANKS, " ").trim();
}

function shortened(name: string, extension: string): string {
  return name.length <= MAX_NAME_LENGTH ? name : name.slice(0, MAX_NAME_LENGTH - extension.length).trimEnd() + extension;
}

/**
 * The name a person gave their file, safe to show and to put in a Content-Disposition header: no folder parts,
 * no control, format, bidirectional-override or invisible characters (an RTL override can make "gpj.exe" read as
 * "exe.jpg"), blanks collapsed, at most 255 characters, never empty.
 */
export function sanitizeFileName(raw: string | undefined | null, fallback = "document"): string {
  const name = cleaned(raw).replace(/^\.+/u, "");
  if (!name) return fallback;
  // Keep the extension when shortening.
  const dot = name.lastIndexOf(".");
  return shortened(name, dot > 0 && name.length - dot <= 10 ? name.slice(dot) : "");
}

/** The extensions a served file may carry for its detected type; the first is the one given when another is found. */
const EXTENSIONS: Record<string, readonly string[]> = {
  "application/pdf": ["pdf"],
  "image/jpeg": ["jpg", "jpeg"],
  "image/png": ["png"],
  "image/heic": ["heic"],
  "image/heif": ["heif", "heic"],
  "application/zip": ["zip"],
};
/** A trailing ".xyz": up to 10 letters or digits with at least one letter ("Relevé 12.03.2024" has none). */
const EXTENSION = /\.([A-Za-z0-9]*[A-Za-z][A-Za-z0-9]*)$/;

/**
 * The name a file is recorded and served under: sanitised, and ending with an extension of the type detected from
 * its bytes, whatever it was called ("preuve.hta" holding a PDF is "preuve.pdf", "facture.pdf⠀⠀.exe" is
 * "facture.pdf"). A name with nothing readable left becomes "document.<ext>".
 */
export function servedFileName(raw: string | undefined | null, mediaType: string): string {
  const allowed = EXTENSIONS[mediaType];
  if (!allowed) return sanitizeFileName(raw);
  let stem = cleaned(raw);
  const found = EXTENSION.exec(stem);
  const given = found && found[1]!.length <= 10 ? found[1]! : undefined;
  if (given) stem = stem.slice(0, -given.length - 1);
  let extension = given && allowed.includes(given.toLowerCase()) ? given : allowed[0]!;
  stem = stem.replace(/^[.\s]+|[.\s]+$/gu, "");
  // "facture.pdf.exe": the part left already names the right type.
  const inner = EXTENSION.exec(stem);
  if (extension === allowed[0] && inner && allowed.includes(inner[1]!.toLowerCase())) {
    extension = inner[1]!;
    stem = stem.slice(0, -inner[0].length).replace(/[.\s]+$/u, "");
  }
  if (!/[\p{L}\p{N}]/u.test(stem)) stem = "document";
  return shortened(`${stem}.${extension}`, `.${extension}`);
}

/** The name with its extension replaced, e.g. after a HEIC photo became a JPEG. */
export function withExtension(name: string, extension: string): string {
  const dot = name.lastIndexOf(".");
  const stem = dot > 0 ? name.slice(0, dot) : name;
  return sanitizeFileName(`${stem.slice(0, MAX_NAME_LENGTH - extension.length - 1)}.${extension}`);
}

/**
 * RFC 6266 Content-Disposition with an ASCII fallback and the UTF-8 name. With the type served, the name's extension
 * is made to match it (rows recorded before the rule included).
 */
export function contentDisposition(kind: "inline" | "attachment", name: string, mediaType?: string): string {
  const safe = mediaType ? servedFileName(name, mediaType) : sanitizeFileName(name);
  const ascii = safe.normalize("NFD").replace(/[^\x20-\x7e]/g, "").replace(/["\\]/g, "_") || "document";
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(safe).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}
