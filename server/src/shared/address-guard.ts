import { type LookupAddress, lookup } from "node:dns";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { networkInterfaces } from "node:os";
import ipaddr from "ipaddr.js";

/** Refused before connecting: this machine, its network, link-local (cloud metadata) and the like. */
export class LocalAddressError extends Error {
  readonly code = "ELOCALADDRESS";
  constructor(address: string) {
    super(`refused to connect to a local address: ${address}`);
    this.name = "LocalAddressError";
  }
}

// IANA's global unicast block: everything outside it (IPv4-compatible ::a.b.c.d among it) is not
// a public IPv6 address, whatever ipaddr.js's table does not name
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR("2000::/3");

/** Interfaces change rarely; each connection of an upload need not ask the kernel again. */
const OWN_ADDRESSES_TTL_MS = 5_000;
let ownCache: { until: number; addresses: Set<string> } | null = null;

/**
 * The addresses of this host's own interfaces: a public one is still this machine. Throws when
 * the system cannot list them (the caller refuses the connection then).
 */
function ownAddresses(): Set<string> {
  if (ownCache && ownCache.until > Date.now()) return ownCache.addresses;
  const own = new Set<string>();
  for (const list of Object.values(networkInterfaces())) {
    for (const a of list ?? []) if (ipaddr.isValid(a.address)) own.add(ipaddr.parse(a.address).toString());
  }
  ownCache = { until: Date.now() + OWN_ADDRESSES_TTL_MS, addresses: own };
  return own;
}

/**
 * Only public unicast is reachable: ipaddr.js names the IANA special-purpose blocks (private,
 * loopback, link-local, CGNAT, reserved, NAT64, 6to4, Teredo, IPv4-mapped …), all refused, and so
 * is any address of this host. Not an IP at all: not local (a name is checked once resolved).
 */
export function isLocalAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const ip = ipaddr.parse(address);
  if (ip.range() !== "unicast") return true;
  if (ip.kind() === "ipv6" && !ip.match(GLOBAL_UNICAST_V6)) return true;
  return ownAddresses().has(ip.toString());
}

/**
 * DNS as usual, but every address a name resolves to is checked before the socket connects (a
 * check of the name beforehand would not hold: it may resolve elsewhere a moment later).
 */
const guardedLookup: LookupFunction = (hostname, options, callback) => {
  lookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
    if (err) return callback(err, "", 4);
    let refused: LookupAddress | undefined;
    try {
      refused = addresses.find((a) => isLocalAddress(a.address));
    } catch (listing) {
      // a throw here, in DNS's callback, would end the process: the connection fails instead
      return callback(listing as NodeJS.ErrnoException, "", 4);
    }
    if (refused) return callback(new LocalAddressError(refused.address), "", 4);
    if (options.all) return (callback as (e: null, a: LookupAddress[]) => void)(null, addresses);
    const first = addresses[0]!;
    callback(null, first.address, first.family);
  });
};

/** An address written as an IP skips DNS: checked where the connection is made (redirects too). */
function guardLiteral(options: { host?: string | null | undefined }) {
  const host = (options.host ?? "").replace(/^\[|\]$/g, "");
  if (isLocalAddress(host)) throw new LocalAddressError(host);
}

class GuardedHttpAgent extends http.Agent {
  override createConnection(...args: Parameters<http.Agent["createConnection"]>) {
    guardLiteral(args[0] as { host?: string });
    return super.createConnection(...args);
  }
}
class GuardedHttpsAgent extends https.Agent {
  override createConnection(...args: Parameters<https.Agent["createConnection"]>) {
    guardLiteral(args[0] as { host?: string });
    return super.createConnection(...args);
  }
}

/** The agents every outbound WebDAV request goes through (tests, uploads, listings, redirects). */
export const guardedAgents = {
  http: new GuardedHttpAgent({ lookup: guardedLookup }),
  https: new GuardedHttpsAgent({ lookup: guardedLookup }),
};
