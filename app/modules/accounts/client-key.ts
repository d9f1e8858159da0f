import { isIPv4, isIPv6 } from "node:net";

/** Expands an IPv6 address to its eight 16-bit groups (null when it is not one). */
function ipv6Groups(address: string): number[] | null {
  const withoutZone = address.split("%")[0]!;
  if (!isIPv6(withoutZone)) return null;
  let text = withoutZone.toLowerCase();
  // A trailing dotted IPv4 (::ffff:1.2.3.4) becomes two groups.
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split(".").map(Number) as [number, number, number, number];
    text = `${text.slice(0, -dotted[1]!.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes("::") ? text.split("::") : [text, undefined];
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = [...headGroups, ...(tail !== undefined ? Array<string>(missing).fill("0") : []), ...tailGroups];
  return groups.length === 8 ? groups.map((group) => parseInt(group, 16)) : null;
}

/**
 * The key under which a client address is counted: an IPv4 address as is, an IPv6 address by its /64 (one
 * subscriber or host usually holds a whole /64, and can change the low 64 bits at will). IPv4-mapped IPv6
 * addresses count as their IPv4 address.
 */
export function clientKey(address: string): string {
  const trimmed = address.trim();
  if (isIPv4(trimmed)) return trimmed;
  const groups = ipv6Groups(trimmed);
  if (!groups) return trimmed.slice(0, 100);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}
