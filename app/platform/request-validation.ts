/**
 * Strict checks of what arrives percent-encoded (path, query string, urlencoded form body): used by the HTTP server
 * before routing and by the app's root middleware for form bodies. Shared, no server-only import.
 */
export const strictUtf8 = new TextDecoder("utf-8", { fatal: true });
const encoder = new TextEncoder();
/** NUL and the other C0 controls but tab, line feed and carriage return; and DEL. */
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/**
 * Decodes one percent-encoded component strictly: bytes that are not UTF-8, a malformed escape, a NUL or another
 * C0 control character (tabs and line breaks excepted, which forms may carry) make it invalid.
 */
export function isCleanComponent(raw: string, plusIsSpace: boolean, refuseControls = true): boolean {
  const text = plusIsSpace ? raw.replace(/\+/g, " ") : raw;
  const bytes: number[] = [];
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (char === 0x25) {
      const hex = text.slice(index + 1, index + 3);
      if (!/^[0-9a-fA-F]{2}$/.test(hex)) return false;
      bytes.push(parseInt(hex, 16));
      index += 2;
    } else if (char < 0x80) {
      bytes.push(char);
    } else {
      const code = text.codePointAt(index)!;
      bytes.push(...encoder.encode(String.fromCodePoint(code)));
      if (code > 0xffff) index += 1;
    }
  }
  let decoded: string;
  try {
    decoded = strictUtf8.decode(new Uint8Array(bytes));
  } catch {
    return false;
  }
  return !refuseControls || !CONTROL_CHARACTERS.test(decoded);
}

/** Every name and value of an urlencoded string (query string or form body). */
export function isCleanUrlEncoded(encoded: string, refuseControls = true): boolean {
  if (encoded === "") return true;
  return encoded.split("&").every((pair) => pair.split("=").every((part) => isCleanComponent(part, true, refuseControls)));
}

/** The path and query of a request URL ("/a/b?c=d"). */
export function isCleanTarget(target: string): boolean {
  const queryAt = target.indexOf("?");
  const pathPart = queryAt === -1 ? target : target.slice(0, queryAt);
  const query = queryAt === -1 ? "" : target.slice(queryAt + 1);
  return isCleanComponent(pathPart, false) && isCleanUrlEncoded(query.split("#")[0]!);
}

