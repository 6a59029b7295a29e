import { describe, expect, it } from "vitest";
import type { FakeOAuthServer } from "../../testing/fake-oauth-server.js";
import { discord, discordAvatarURL } from "./discord.js";
import {
  authWith,
  expectAuthorizationURL,
  expectVerifierMatches,
  sessionUser,
  signInThrough,
  startFakeProvider,
  storedAccount,
} from "./provider-flow.test-helper.js";

const nelly = {
  id: "80351110224678912",
  username: "nelly",
  discriminator: "0",
  global_name: "Nelly",
  avatar: "8342729096ea3675442027381ff50dfe",
  email: "Nelly@Discord.com",
  verified: true,
};

/** Discord's token endpoint (form bodies only) and /users/@me, as its OAuth2 docs describe them. */
async function fakeDiscord(user: Record<string, unknown> = nelly) {
  return startFakeProvider({
    "POST /api/oauth2/token": (req) => {
      if (req.form?.get("grant_type") === "refresh_token") {
        return req.form.get("refresh_token") === "dc.refresh"
          ? {
              json: {
                access_token: "dc.refreshed",
                token_type: "Bearer",
                expires_in: 604800,
                refresh_token: "dc.r2",
                scope: "identify email",
              },
            }
          : { status: 400, json: { error: "invalid_grant" } };
      }
      if (req.form?.get("code") !== "dc.good") {
        return { status: 400, json: { error: "invalid_grant", error_description: 'Invalid "code" in request.' } };
      }
      return {
        json: {
          access_token: "dc.access",
          token_type: "Bearer",
          expires_in: 604800,
          refresh_token: "dc.refresh",
          scope: "identify email",
        },
      };
    },
    "GET /api/users/@me": (req) =>
      req.headers.authorization === "Bearer dc.access"
        ? { json: user }
        : { status: 401, json: { message: "401: Unauthorized", code: 0 } },
    "POST /api/oauth2/token/revoke": () => ({ json: {} }),
  });
}

const provider = (fake: FakeOAuthServer, extra: Partial<Parameters<typeof discord>[0]> = {}) =>
  discord({
    clientId: "dc-client",
    clientSecret: "dc-secret",
    endpoints: {
      authorization: `${fake.url}/oauth2/authorize`,
      token: `${fake.url}/api/oauth2/token`,
      userInfo: `${fake.url}/api/users/@me`,
      revocation: `${fake.url}/api/oauth2/token/revoke`,
    },
    ...extra,
  });

describe("discord", () => {
  it("signs a user up with PKCE, the CDN avatar and Discord's verified flag, and refreshes", async () => {
    const fake = await fakeDiscord();
    const auth = authWith(provider(fake, { prompt: "consent" }));
    const flow = await signInThrough(auth, "discord", "dc.good");

    expectAuthorizationURL(flow.authorizationURL, {
      endpoint: `${fake.url}/oauth2/authorize`,
      clientId: "dc-client",
      providerId: "discord",
      scope: "identify email",
      pkce: true,
    });
    expect(flow.authorizationURL.searchParams.get("prompt")).toBe("consent");
    expect(flow.location).toBe("/dashboard");

    const [tokenRequest] = fake.requestsTo("/api/oauth2/token");
    expectVerifierMatches(tokenRequest, flow.authorizationURL);
    expect(tokenRequest?.form?.get("client_id")).toBe("dc-client");
    expect(tokenRequest?.form?.get("client_secret")).toBe("dc-secret");
    expect(tokenRequest?.form?.get("redirect_uri")).toBe("http://localhost:3000/api/auth/callback/discord");
    expect(tokenRequest?.headers.authorization).toBeUndefined();

    expect(await sessionUser(flow.client)).toMatchObject({
      email: "nelly@discord.com",
      emailVerified: true,
      name: "Nelly",
      image: `https://cdn.discordapp.com/avatars/${nelly.id}/${nelly.avatar}.png`,
    });
    expect((await storedAccount(auth, "discord"))?.accountId).toBe(nelly.id);

    const r = await flow.client.post("/refresh-token", { providerId: "discord" });
    expect(r.body).toMatchObject({ accessToken: "dc.refreshed", refreshToken: "dc.r2" });
  });

  it("an unverified Discord email stays unverified; no avatar means Discord's default avatar", async () => {
    const fake = await fakeDiscord({ ...nelly, avatar: null, verified: false, global_name: null });
    const flow = await signInThrough(authWith(provider(fake)), "discord", "dc.good");
    // (80351110224678912 >> 22) % 6 = 5 for users on the new username system.
    expect(await sessionUser(flow.client)).toMatchObject({
      emailVerified: false,
      name: "nelly",
      image: "https://cdn.discordapp.com/embed/avatars/5.png",
    });
  });

  it("derives avatars like Discord's image docs: animated GIFs and legacy discriminators", () => {
    expect(discordAvatarURL({ id: "1", avatar: "a_abc", discriminator: "0" })).toBe(
      "https://cdn.discordapp.com/avatars/1/a_abc.gif",
    );
    expect(discordAvatarURL({ id: "1", avatar: null, discriminator: "1337" })).toBe(
      "https://cdn.discordapp.com/embed/avatars/2.png",
    );
  });

  it("honours disableDefaultScope, extra scopes, redirectURI and mapProfile", async () => {
    const fake = await fakeDiscord();
    const auth = authWith(
      provider(fake, {
        disableDefaultScope: true,
        scope: ["identify", "guilds"],
        redirectURI: "https://app.example.com/cb/discord",
        mapProfile: (p, raw) => ({ ...p, name: `${(raw as { username: string }).username}!` }),
      }),
    );
    const flow = await signInThrough(auth, "discord", "dc.good");
    expect(flow.authorizationURL.searchParams.get("scope")).toBe("identify guilds");
    expect(flow.authorizationURL.searchParams.get("redirect_uri")).toBe("https://app.example.com/cb/discord");
    expect(fake.requestsTo("/api/oauth2/token")[0]?.form?.get("redirect_uri")).toBe(
      "https://app.example.com/cb/discord",
    );
    expect((await sessionUser(flow.client))?.name).toBe("nelly!");
  });

  it("a refused code ends on the error page with invalid_code, and disableSignUp refuses new users", async () => {
    const fake = await fakeDiscord();
    const refused = await signInThrough(authWith(provider(fake)), "discord", "dc.stale");
    expect(refused.error).toBe("invalid_code");
    expect(await sessionUser(refused.client)).toBeNull();

    const closed = await signInThrough(authWith(provider(fake, { disableSignUp: true })), "discord", "dc.good");
    expect(closed.error).toBe("signup_disabled");
  });

  it("revokes tokens at Discord's RFC 7009 endpoint", async () => {
    const fake = await fakeDiscord();
    await provider(fake).revokeToken?.("dc.access");
    const [req] = fake.requestsTo("/api/oauth2/token/revoke");
    expect(req?.form?.get("token")).toBe("dc.access");
    expect(req?.form?.get("client_id")).toBe("dc-client");
  });
});
