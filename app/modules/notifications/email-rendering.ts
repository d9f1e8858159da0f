import { PRODUCT_NAME, safetyNotice, verifyContactNotice } from "~/content/site";

export interface TemplateText {
  subject: string;
  body: string;
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
  /** The text part with personal links masked: what email_logs keeps. */
  loggedText: string;
}

const PLACEHOLDER = /\{\{\s*([a-z0-9_]+)\s*\}\}/gi;
export const MASKED_LINK = "[lien personnel masqué]";

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/**
 * Every variable is put on one line before it enters an email (second line of defence behind the forms): no
 * user-controlled text can start a new line or paragraph, or hide text with invisible characters.
 */
export function singleLine(value: string): string {
  return value
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu, " ")
    .replace(/ {2,}/g, " ")
    .trim();
}

function fill(text: string, variables: Readonly<Record<string, string>>, transform: (value: string, name: string) => string) {
  return text.replace(PLACEHOLDER, (_match, name: string) => transform(singleLine(variables[name] ?? ""), name));
}

function isLink(value: string): boolean {
  return /^https?:\/\/\S+$/.test(value);
}

/** "Confirmer mon adresse : {{lien}}": a paragraph that is a label, a colon and a link variable (a button). */
const BUTTON_PARAGRAPH = /^\s*([^{}\n:]{2,80}?)[ \u00a0\u202f]*:\s*\{\{\s*([a-z0-9_]+)\s*\}\}\s*$/i;
const LINK_PARAGRAPH = /^\s*\{\{\s*([a-z0-9_]+)\s*\}\}\s*$/i;

/**
 * A paragraph "Label : {{lien}}" becomes a button that says what it does, its label written by the template (issue
 * 29: never a generic "Ouvrir le lien"), with the address below it for copying; the text part reads the same
 * sentence. A paragraph that is only a link variable stays the address itself, as a link.
 */
function htmlParagraph(paragraph: string, variables: Readonly<Record<string, string>>): string {
  const button = BUTTON_PARAGRAPH.exec(paragraph);
  const buttonLink = button ? singleLine(variables[button[2]!] ?? "") : "";
  if (button && isLink(buttonLink)) {
    const href = escapeHtml(buttonLink);
    return (
      `<p style="margin:24px 0"><a href="${href}" style="display:inline-block;background:#1e40af;color:#ffffff;` +
      `padding:12px 20px;border-radius:6px;font-weight:bold;text-decoration:none">${escapeHtml(button[1]!.trim())}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#475569;word-break:break-all">${href}</p>`
    );
  }
  const only = LINK_PARAGRAPH.exec(paragraph);
  const value = only ? singleLine(variables[only[1]!] ?? "") : "";
  if (only && isLink(value)) {
    const href = escapeHtml(value);
    return `<p style="margin:0 0 16px;word-break:break-all"><a href="${href}" style="color:#1e40af">${href}</a></p>`;
  }
  const lines = fill(escapeHtml(paragraph), variables, (v) => escapeHtml(v)).split("\n");
  return `<p style="margin:0 0 16px">${lines.join("<br>")}</p>`;
}

/**
 * Fills a template: variables are HTML-escaped in the HTML part, and the subject loses line breaks. Every email
 * carries the product name and the safety box, which links to /verifier-un-contact on the site (`siteUrl`, the
 * absolute PUBLIC_URL when sent; the admin's preview passes none).
 */
export function renderEmail(
  template: TemplateText,
  variables: Readonly<Record<string, string>>,
  secretVariables: readonly string[] = [],
  siteUrl = "",
): RenderedEmail {
  const verifyUrl = `${siteUrl}${verifyContactNotice.path}`;
  const subject = fill(template.subject, variables, (v) => v).replace(/[\r\n]+/g, " ").trim();
  const paragraphs = template.body.replace(/\r\n/g, "\n").split(/\n{2,}/);
  const html = [
    '<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>',
    escapeHtml(subject),
    '</title></head><body style="margin:0;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#0f172a">',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px">',
    `<tr><td style="padding:18px 24px;background:#1e3a8a;color:#ffffff;font-size:20px;font-weight:bold">${escapeHtml(PRODUCT_NAME)}</td></tr>`,
    '<tr><td style="padding:24px;font-size:16px;line-height:1.5">',
    ...paragraphs.map((paragraph) => htmlParagraph(paragraph, variables)),
    "</td></tr>",
    '<tr><td style="padding:0 24px 24px"><div style="border:1px solid #94a3b8;background:#f8fafc;border-radius:6px;padding:12px 16px;font-size:14px">',
    `<strong>Sécurité\u202f:</strong> ${escapeHtml(safetyNotice)}`,
    `<br>${escapeHtml(verifyContactNotice.text)} <a href="${escapeHtml(verifyUrl)}" style="color:#1e40af">${escapeHtml(verifyUrl)}</a></div></td></tr>`,
    "</table></td></tr></table></body></html>",
  ].join("");
  const footer = `\n\n--\n${PRODUCT_NAME}\nSécurité\u202f: ${safetyNotice}\n${verifyContactNotice.text} ${verifyUrl}\n`;
  const text = fill(template.body, variables, (v) => v) + footer;
  const loggedText =
    fill(template.body, variables, (v, name) => (secretVariables.includes(name) ? MASKED_LINK : v)) + footer;
  return { subject, html, text, loggedText };
}
