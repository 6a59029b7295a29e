import { z } from "zod";
import { defineEndpoint } from "../api/define-endpoint.js";

const capabilitiesResponse = z.object({
  emailAndPassword: z.object({
    enabled: z.boolean(),
    signUp: z.boolean().describe("False when emailAndPassword.disableSignUp is set"),
    minPasswordLength: z.number(),
    maxPasswordLength: z.number(),
    requireEmailVerification: z.boolean(),
  }),
  socialProviders: z.array(z.object({ id: z.string(), name: z.string() })),
  plugins: z.array(z.string()).describe("The ids of the installed plugins (two-factor, passkey, organization…)"),
});

/**
 * GET /capabilities: what a sign-in page may offer — the methods and plugins that are on. Drop-in UIs
 * (`@gatehouse-auth/react-ui`) read it so an app renders `<SignIn />` and gets exactly its configuration.
 * Public and without a session: it names only what the sign-in page shows anyway (and what the
 * OpenAPI document, when installed, lists in full) — never secrets, client ids or plugin options.
 */
export const capabilities = defineEndpoint(
  {
    method: "GET",
    path: "/capabilities",
    openapi: { summary: "The sign-in methods and plugins this server offers", response: capabilitiesResponse },
  },
  async (ctx) => {
    const { options, socialProviders, plugins } = ctx.auth;
    const ep = options.emailAndPassword;
    return {
      emailAndPassword: {
        enabled: ep.enabled === true,
        signUp: ep.enabled === true && !ep.disableSignUp,
        minPasswordLength: ep.minPasswordLength,
        maxPasswordLength: ep.maxPasswordLength,
        requireEmailVerification: ep.requireEmailVerification,
      },
      socialProviders: [...socialProviders.values()].map((p) => ({ id: p.id, name: p.name })),
      plugins: plugins.map((p) => p.id),
    };
  },
);
