import { PHONE_NUMBER_ERRORS } from "@gatehouse-auth/phone-number";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ERROR_MESSAGES } from "../src/error-messages.js";
import { AccountSettings, type Capabilities, GatehouseUI, SignIn } from "../src/index.js";
import { PHONE_SIGN_IN_MESSAGES, PhoneSignInForm } from "../src/phone-sign-in.js";

const caps = (plugins: string[]): Capabilities => ({
  emailAndPassword: {
    enabled: true,
    signUp: true,
    minPasswordLength: 8,
    maxPasswordLength: 128,
    requireEmailVerification: false,
  },
  socialProviders: [],
  plugins,
});
// Server rendering: a client whose every call would fail the test (none may happen during render).
const client = {
  useSession: () => ({
    data: {
      user: { id: "u1", name: "Ada", email: "ada@example.com", username: "ada_l", displayUsername: "Ada_L" },
      session: {},
    },
    isPending: false,
  }),
};

describe("Phone sign-in", () => {
  it("is a method of <SignIn> when the server has the phone-number plugin", () => {
    const html = (plugins: string[]) =>
      renderToString(
        <GatehouseUI client={client} capabilities={caps(plugins)}>
          <SignIn />
        </GatehouseUI>,
      );
    expect(html(["phone-number"])).toContain(">Phone</button>");
    expect(html([])).not.toContain(">Phone</button>");
  });

  it("renders its form on the server, a tel field with its hint, in the app's words when it overrides them", () => {
    const html = renderToString(
      <GatehouseUI client={client} messages={{ ui: { sendPhoneCode: "Envoyer un code" } }}>
        <PhoneSignInForm onSignedIn={() => undefined} />
      </GatehouseUI>,
    );
    expect(html).toContain(PHONE_SIGN_IN_MESSAGES.phoneNumber);
    expect(html).toContain('type="tel"');
    expect(html).toContain("Envoyer un code");
    expect(html).not.toContain(PHONE_SIGN_IN_MESSAGES.sendPhoneCode);
  });

  it("has a sentence for every refusal of the phone routes, never the server's text", () => {
    for (const [code, error] of Object.entries(PHONE_NUMBER_ERRORS)) {
      expect(ERROR_MESSAGES[code], code).toBeTruthy();
      expect(ERROR_MESSAGES[code]).not.toBe(error.message);
    }
  });
});

describe("AccountSettings' username and authorized-apps cards", () => {
  const render = (plugins: string[], props: Parameters<typeof AccountSettings>[0] = {}) =>
    renderToString(
      <GatehouseUI client={client} capabilities={caps(plugins)}>
        <AccountSettings {...props} />
      </GatehouseUI>,
    );

  it("shows each only when the server has its plugin", () => {
    const both = render(["username", "oauth-provider"]);
    for (const text of ["Username", "Ada_L", "Save username", "Authorized apps", "Loading…"])
      expect(both).toContain(text);
    const none = render([]);
    for (const text of ["Save username", "Authorized apps"]) expect(none).not.toContain(text);
  });

  it("says the app's username lengths in the field's hint", () => {
    expect(render(["username"])).toContain("3 to 30 characters");
    expect(render(["username"], { usernameLength: { min: 5, max: 12 } })).toContain("5 to 12 characters");
  });
});
