/**
 * The visitor's IP as Express determined it (honouring TRUST_PROXY), passed to the app in a header
 * the server sets itself; anything a client sends under that name is overwritten.
 */
export const CLIENT_IP_HEADER = "X-Client-Ip";

export function clientIp(request: Request): string {
  return request.headers.get(CLIENT_IP_HEADER) ?? "unknown";
}
