import { createAuthClient } from "@gatehouse-auth/react";
import { SSO_ERRORS } from "@gatehouse-auth/sso";
import { ssoClient } from "@gatehouse-auth/sso/client";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ERROR_MESSAGES } from "../src/error-messages.js";
import { type Capabilities, GatehouseUI, SignIn } from "../src/index.js";
import { SSO_SIGN_IN_ERRORS, SSO_SIGN_IN_MESSAGES, SsoSignInForm } from "../src/sso-sign-in.js";

const caps = (plugins: string[], enabled = true): Capabilities => ({
  emailAndPassword: {
    enabled,
    signUp: true,
    minPasswordLength: 8,
    maxPasswordLength: 128,
    requireEmailVerification: false,
  },
  socialProviders: [],
  plugins,
});
const noFetch = { fetch: (() => Promise.reject(new Error("no request during render"))) as typeof fetch };
const withSso = createAuthClient({ baseURL: "http://localhost:3000", fetchOptions: noFetch, plugins: [ssoClient()] });

describe("Sign in with SSO", () => {
  it("is a method of <SignIn> when the server has the sso plugin", () => {
    const html = (client: typeof withSso, plugins: string[]) =>
      renderToString(
        <GatehouseUI client={client} capabilities={caps(plugins)}>
          <SignIn />
        </GatehouseUI>,
      );
    expect(html(withSso, ["sso"])).toContain(">SSO</button>");
    expect(html(withSso, [])).not.toContain(">SSO</button>");
  });

  it("renders its form on the server without window, in the app's words when it overrides them", () => {
    const html = renderToString(
      <GatehouseUI client={withSso} capabilities={caps(["sso"])} messages={{ ui: { ssoSignInSubmit: "Entrer" } }}>
        <SsoSignInForm />
      </GatehouseUI>,
    );
    expect(html).toContain(SSO_SIGN_IN_MESSAGES.ssoSignInField);
    expect(html).toContain("Entrer");
    expect(html).not.toContain(SSO_SIGN_IN_MESSAGES.ssoSignInSubmit);
  });

  it("has a sentence for each refusal of the sign-in route, never the server's text, and one for SSO_REQUIRED", () => {
    for (const code of [
      "SSO_PROVIDER_NOT_FOUND",
      "PROVIDER_DISABLED",
      "DOMAIN_NOT_VERIFIED",
      "INVALID_PROVIDER_CONFIG",
    ]) {
      const error = SSO_ERRORS[code as keyof typeof SSO_ERRORS];
      expect(SSO_SIGN_IN_ERRORS[code], code).toBeTruthy();
      expect(SSO_SIGN_IN_ERRORS[code]).not.toBe(error.message);
    }
    expect(ERROR_MESSAGES.SSO_REQUIRED).toMatch(/SSO/);
    expect(ERROR_MESSAGES.SSO_REQUIRED).not.toBe(SSO_ERRORS.SSO_REQUIRED.message);
  });
});
