/**
 * A short French summary of a browser's User-Agent header, such as "Chrome sur Android", so that a person can
 * recognise their own devices. It only needs to be recognisable, not exact: the order of the rules matters
 * because most browsers also claim to be Safari, Chrome or Mozilla.
 */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, "Edge"],
  [/\bOPR\/|\bOpera\b/, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bFirefox\/|\bFxiOS\//, "Firefox"],
  [/\b(?:Headless)?Chrome\/|\bCriOS\/|\bChromium\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\/|\bMobile\/\w+ Safari\//, "Safari"],
];

const SYSTEMS: [RegExp, string][] = [
  [/\biPhone\b/, "iPhone"],
  [/\biPad\b/, "iPad"],
  [/\bAndroid\b/, "Android"],
  [/\bWindows\b/, "Windows"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bMac OS X\b|\bMacintosh\b/, "Mac"],
  [/\bLinux\b/, "Linux"],
];

export const UNKNOWN_DEVICE = "Appareil inconnu";

export function describeUserAgent(userAgent: string | null | undefined): string {
  const header = userAgent?.slice(0, 1000) ?? "";
  const browser = BROWSERS.find(([pattern]) => pattern.test(header))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(header))?.[1];
  if (browser && system) return `${browser} sur ${system}`;
  if (system) return `Navigateur sur ${system}`;
  return browser ?? UNKNOWN_DEVICE;
}
