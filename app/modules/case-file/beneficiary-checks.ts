/**
 * Checks and normal forms of what identifies a scammer: IBANs (ibantools), wallet addresses per network, phone
 * numbers (libphonenumber-js), emails, domains. Browser-safe: the forms run the same checks as the server.
 */
import { createBase58check, bech32, bech32m } from "@scure/base";
import { sha256 } from "@noble/hashes/sha2.js";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { electronicFormatIBAN, isValidIBAN } from "ibantools";
import { parsePhoneNumberFromString } from "libphonenumber-js";
import type { WalletNetwork } from "~/platform/database-schema";

const base58check = createBase58check(sha256);

/** The IBAN in electronic format ("FR7630006000011234567890189") when its country format and checksum hold. */
export function normalizeIban(raw: string): string | null {
  const electronic = electronicFormatIBAN(raw.replace(/[\s\u00a0\u202f.-]/g, ""));
  if (!electronic || electronic.length > 34) return null;
  return isValidIBAN(electronic) ? electronic : null;
}

function base58checkPayload(address: string): Uint8Array | null {
  try {
    return base58check.decode(address);
  } catch {
    return null;
  }
}

function isBitcoinAddress(address: string): boolean {
  if (/^[13][1-9A-HJ-NP-Za-km-z]{25,34}$/.test(address)) {
    const payload = base58checkPayload(address);
    return payload !== null && payload.length === 21 && (payload[0] === 0x00 || payload[0] === 0x05);
  }
  const lower = address.toLowerCase();
  // Bech32 is all one case; mixed case is invalid (BIP 173).
  if (address !== lower && address !== address.toUpperCase()) return false;
  if (!lower.startsWith("bc1") || lower.length > 90) return false;
  for (const coder of [bech32, bech32m]) {
    try {
      const { prefix, words } = coder.decode(lower as `${string}1${string}`);
      if (prefix !== "bc" || words.length === 0) continue;
      const version = words[0]!;
      const program = coder.fromWords(words.slice(1));
      // Witness v0 uses bech32 (20 or 32 bytes), v1+ bech32m (BIP 350).
      if (version === 0 && coder === bech32 && (program.length === 20 || program.length === 32)) return true;
      if (version >= 1 && version <= 16 && coder === bech32m && program.length >= 2 && program.length <= 40) return true;
    } catch {
      // try the other encoding
    }
  }
  return false;
}

function isEthereumAddress(address: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return false;
  const hex = address.slice(2);
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return true;
  // Mixed case carries the EIP-55 checksum: a typo in one letter is caught.
  const hash = keccak_256(new TextEncoder().encode(hex.toLowerCase()));
  for (let index = 0; index < 40; index += 1) {
    const nibble = (hash[index >> 1]! >> (index % 2 === 0 ? 4 : 0)) & 0x0f;
    const character = hex[index]!;
    if (/[a-f]/i.test(character) && (nibble >= 8 ? character !== character.toUpperCase() : character !== character.toLowerCase())) {
      return false;
    }
  }
  return true;
}

function isTronAddress(address: string): boolean {
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address)) return false;
  const payload = base58checkPayload(address);
  return payload !== null && payload.length === 21 && payload[0] === 0x41;
}

/** The wallet address as stored (trimmed; a Bitcoin bech32 address in lower case), or null if not of that network. */
export function normalizeWallet(network: WalletNetwork, raw: string): string | null {
  const address = raw.trim();
  if (address.length === 0 || address.length > 100) return null;
  switch (network) {
    case "btc":
      return isBitcoinAddress(address) ? (/^bc1/i.test(address) ? address.toLowerCase() : address) : null;
    case "eth":
      return isEthereumAddress(address) ? address : null;
    case "trc20":
      return isTronAddress(address) ? address : null;
  }
}

/** E.164 ("+33612345678"). Numbers without "+" are read as French. */
export function normalizePhone(raw: string): string | null {
  const text = raw.trim();
  if (!/^[+\d\s().\-\u00a0]{4,30}$/.test(text)) return null;
  const parsed = parsePhoneNumberFromString(text.replace(/^00/, "+"), "FR");
  return parsed && parsed.isValid() ? parsed.number : null;
}

const EMAIL = /^[^\s@]{1,64}@([^\s@]{1,253})$/;

export function normalizeEmail(raw: string): string | null {
  const text = raw.trim().toLowerCase();
  const match = EMAIL.exec(text);
  if (!match || text.length > 254) return null;
  return normalizeDomain(match[1]!) === match[1] ? text : null;
}

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * A website or domain as its bare host: "https://WWW.Faux-Placement.com/offre?id=3" → "faux-placement.com".
 * Internationalised names are kept in their ASCII (punycode) form, so two spellings of one name match.
 */
export function normalizeDomain(raw: string): string | null {
  let text = raw.trim();
  if (text.length === 0 || text.length > 300 || /\s/.test(text)) return null;
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) text = `http://${text}`;
  let host: string;
  try {
    host = new URL(text).hostname;
  } catch {
    return null;
  }
  host = host.replace(/\.$/, "").replace(/^www\./, "");
  const labels = host.split(".");
  if (labels.length < 2 || host.length > 253) return null;
  if (!labels.every((label) => LABEL.test(label))) return null;
  if (!/^[a-z]{2,63}$|^xn--[a-z0-9-]{1,59}$/.test(labels.at(-1)!)) return null;
  return host;
}

/** A social-network profile or a name: compared case- and space-insensitively (shown, never used to link cases). */
export function normalizeLoose(raw: string): string {
  return raw.trim().replace(/\s+/g, " ").toLowerCase();
}
