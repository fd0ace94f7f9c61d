/**
 * Who is asking: the client's address through the proxies we trust (TRUST_PROXY), and the key
 * the throttles count it under.
 */
import { BlockList, isIP } from "node:net";

/**
 * Which hops may tell us the client's address in X-Forwarded-For:
 * - none: no one; the socket's peer is the client.
 * - nearest: the directly connected peer, whatever its address (TRUST_PROXY=true: one proxy in
 *   front, the entry it appends is the client).
 * - ranges: peers and forwarded hops inside these addresses and CIDRs.
 */
export type TrustedProxies =
  | { kind: "none" }
  | { kind: "nearest" }
  | { kind: "ranges"; ranges: BlockList; entries: string[] };

const LOOPBACK = ["127.0.0.0/8", "::1/128"];

/**
 * TRUST_PROXY's value, or the reason it is not one. Words: false/0/no/unset (none), true/1/yes
 * (the nearest peer); otherwise a comma-separated list of addresses, CIDRs and `loopback`.
 */
export function parseTrustProxy(text: string | undefined): TrustedProxies | { error: string } {
  const value = (text ?? "").trim().toLowerCase();
  if (["", "false", "0", "no"].includes(value)) return { kind: "none" };
  if (["true", "1", "yes"].includes(value)) return { kind: "nearest" };
  const ranges = new BlockList();
  const entries = value.split(/[\s,]+/).filter(Boolean);
  for (const entry of entries.flatMap((e) => (e === "loopback" ? LOOPBACK : [e]))) {
    const [address = "", prefixText, ...rest] = entry.split("/");
    const family = isIP(address);
    const maxPrefix = family === 4 ? 32 : 128;
    const prefix = prefixText === undefined ? maxPrefix : Number(prefixText);
    const validPrefix = prefixText === undefined || /^\d{1,3}$/.test(prefixText);
    if (!family || rest.length || !validPrefix || prefix > maxPrefix)
      return {
        error: `"${entry}" is not an address, a CIDR or "loopback" (use false, true, or a list like "loopback, 10.0.0.0/8")`,
      };
    ranges.addSubnet(address, prefix, family === 4 ? "ipv4" : "ipv6");
  }
  return { kind: "ranges", ranges, entries };
}

/**
 * One hop as written in X-Forwarded-For or by the socket, made comparable: a port, brackets and a
 * zone id go; an IPv4-mapped IPv6 address becomes the IPv4 one. Null when it is not an address.
 */
export function normalizeAddress(raw: string): string | null {
  let text = raw.trim().toLowerCase();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text);
  if (bracketed) text = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(text)) text = text.slice(0, text.lastIndexOf(":"));
  text = text.replace(/%.*$/, "");
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (mapped) text = mapped[1]!;
  return isIP(text) ? text : null;
}

const isTrusted = (trusted: TrustedProxies & { kind: "ranges" }, address: string) =>
  trusted.ranges.check(address, isIP(address) === 4 ? "ipv4" : "ipv6");

/**
 * The client's address: walking from the socket's peer leftwards through X-Forwarded-For, the
 * first hop we do not trust (the rightmost untrusted one). Entries left of it were written by
 * whoever the client is and prove nothing, so a client cannot pick its own address.
 */
export function clientAddress(
  peer: string | undefined,
  forwardedFor: string | undefined,
  trusted: TrustedProxies,
): string {
  const peerAddress = peer === undefined ? "unknown" : (normalizeAddress(peer) ?? peer.slice(0, 64));
  if (trusted.kind === "none") return peerAddress;
  const hops = (forwardedFor ?? "")
    .split(",")
    .map((h) => h.trim())
    .filter(Boolean)
    .reverse();
  if (trusted.kind === "nearest") {
    const nearest = hops[0];
    return nearest === undefined ? peerAddress : (normalizeAddress(nearest) ?? nearest.slice(0, 64));
  }
  let address = peerAddress;
  for (const hop of hops) {
    if (!normalizeAddress(address) || !isTrusted(trusted, address)) return address;
    address = normalizeAddress(hop) ?? hop.slice(0, 64);
  }
  return address;
}

/** The 8 groups of a valid IPv6 address (an embedded IPv4 tail counts as two). */
function ipv6Groups(address: string): number[] {
  const parse = (part: string) =>
    part
      ? part.split(":").flatMap((g) => {
          if (!g.includes(".")) return [Number.parseInt(g, 16)];
          const [a, b, c, d] = g.split(".").map(Number) as [number, number, number, number];
          return [(a << 8) | b, (c << 8) | d];
        })
      : [];
  const [head, tail] = address.includes("::") ? address.split("::") : [address, undefined];
  const left = parse(head ?? "");
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/**
 * What the throttles count a client under: an IPv4 address as it is, an IPv6 one by its /64 —
 * one subscriber usually holds a whole /64, so counting single IPv6 addresses would let one
 * client take a fresh address for every request.
 */
export function throttleKeyOf(address: string): string {
  if (isIP(address) !== 6) return address;
  const prefix = ipv6Groups(address)
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":");
  return `${prefix}::/64`;
}
