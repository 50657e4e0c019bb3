import { isIPv4, isIPv6 } from "node:net";

/**
 * The visitor's IP as Express determined it (honouring TRUST_PROXY), passed to the app in a header
 * the server sets itself; anything a client sends under that name is overwritten.
 */
export const CLIENT_IP_HEADER = "X-Client-Ip";

export function clientIp(request: Request): string {
  return request.headers.get(CLIENT_IP_HEADER) ?? "unknown";
}

/**
 * What a per-address limit counts an IP as (docs/decisions/0032-login-lockout.md): an IPv4 address
 * itself, also when written IPv4-mapped (`::ffff:192.0.2.1`, as Node reports IPv4 clients on a
 * dual-stack socket); an IPv6 address as its /64 network, because a provider hands each subscriber
 * at least a /64 and a device picks new addresses inside it at will (privacy extensions). Anything
 * else (no address known) is returned as it is.
 */
export function addressSubject(ip: string): string {
  if (isIPv4(ip)) return ip;
  const address = ip.replace(/%.*$/, ""); // a link-local address's zone (fe80::1%eth0)
  if (!isIPv6(address)) return ip;
  const groups = ipv6Groups(address);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address ("::" expanded, a dotted IPv4 tail as two groups). */
function ipv6Groups(address: string): number[] {
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address);
  const hex = dotted
    ? `${address.slice(0, dotted.index)}${((+dotted[1]! << 8) | +dotted[2]!).toString(16)}:${(
        (+dotted[3]! << 8) |
        +dotted[4]!
      ).toString(16)}`
    : address;
  const [head = "", tail] = hex.split("::");
  const groupsOf = (part: string) => (part ? part.split(":").map((group) => parseInt(group, 16)) : []);
  const front = groupsOf(head);
  const back = tail === undefined ? [] : groupsOf(tail);
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}
