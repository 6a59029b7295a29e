import { defineEndpoint } from "@gatehouse-auth/core";
import { z } from "zod";
import type { KeyStore } from "../key-store.js";

const jwkResponse = z
  .object({
    kid: z.string(),
    kty: z.string(),
    alg: z.string(),
    use: z.string().optional(),
    crv: z.string().optional(),
    x: z.string().optional(),
    y: z.string().optional(),
    n: z.string().optional(),
    e: z.string().optional(),
  })
  .describe("A public key (RFC 7517); never any private member");

/**
 * GET /jwks: the JWK Set (RFC 7517 §5) of the public keys that verify this server's JWTs: the current
 * signing key and, during a rotation's overlap, the previous one. Public by design.
 */
export const getJwks = (keys: KeyStore) =>
  defineEndpoint(
    {
      method: "GET",
      path: "/jwks",
      openapi: {
        summary: "The public keys that verify this server's JWTs (a JWK Set)",
        description:
          "Point a resource server at it, e.g. jose's createRemoteJWKSet(new URL('/api/auth/jwks', baseURL)).",
        response: z.object({ keys: z.array(jwkResponse) }),
      },
    },
    async (ctx) => ({ keys: await keys.publicKeys(ctx.auth) }),
  );
