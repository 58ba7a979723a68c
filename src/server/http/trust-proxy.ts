import type { FastifyServerOptions } from "fastify";
import type { TrustProxy } from "../config";

/**
 * Fastify's `trustProxy` for TRUST_PROXY (decision 0010). A hop count trusts the socket's peer and the entries the
 * proxies appended, from the right: with 1, `request.ip` is the rightmost X-Forwarded-For entry, whatever a client wrote
 * to its left. (Fastify itself ignores a bare number, so the count becomes a function here.) Addresses trust only
 * proxies at those addresses.
 */
export function fastifyTrustProxy(trust: TrustProxy): NonNullable<FastifyServerOptions["trustProxy"]> {
  if (trust === false) return false;
  if ("hops" in trust) {
    const { hops } = trust;
    return (_address: string, hop: number) => hop < hops;
  }
  return trust.addresses;
}
