import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { createTestClient } from "../../testing/test-client.js";
import { cognito } from "./cognito.js";
import { signUpUser } from "../../testing/make-test-auth.js";
import { discordAvatarURL } from "./discord.js";
import { gitlab } from "./gitlab.js";
import { authWith, sessionUser, signInThrough } from "./provider-flow.test-helper.js";
import { CLIENT_ID } from "./provider-rows.test-helper.js";
import { fakeFor, providerFor, rowOf, SECRET } from "./provider-table-fake.test-helper.js";
import type { ProviderCase } from "./provider-table.test-helper.js";

/**
 * Where a provider really differs from the table's rows (providers.test.ts): one test each, on the
 * same strict fakes. Apple, Google, Microsoft, GitHub and VK ID have files of their own.
 */

const personOf = (id: string) => (rowOf(id).cases[0] as ProviderCase).person;

describe("the factory's options, on Discord", () => {
  it("disableDefaultScope with own scopes, a registered redirectURI override, mapProfile, and disableSignUp", async () => {
    const row = rowOf("discord");
    const registered = "https://app.example.com/cb/discord";
    const fake = await fakeFor(row, personOf("discord"), SECRET, registered);
    const auth = authWith(
      providerFor(row, fake, {
        disableDefaultScope: true,
        scope: ["identify", "guilds"],
        redirectURI: registered,
        mapProfile: (p: { name: string }, raw: { username: string }) => ({ ...p, name: `${raw.username}!` }),
      }),
    );
    const flow = await signInThrough(auth, "discord", fake.code);
    expect(fake.refusals).toEqual([]);
    expect(flow.authorizationURL.searchParams.get("scope")).toBe("identify guilds");
    expect(flow.authorizationURL.searchParams.get("redirect_uri")).toBe(registered);
    expect((await sessionUser(flow.client))?.name).toBe("ada!");

    const closed = await fakeFor(row, personOf("discord"));
    const refused = await signInThrough(
      authWith(providerFor(row, closed, { disableSignUp: true })),
      "discord",
      closed.code,
    );
    expect(refused.error).toBe("signup_disabled");
  });

  it("derives Discord avatars like its image docs: animated GIFs, legacy discriminators, the default", () => {
    expect(discordAvatarURL({ id: "1", avatar: "a_abc", discriminator: "0" })).toBe(
      "https://cdn.discordapp.com/avatars/1/a_abc.gif",
    );
    expect(discordAvatarURL({ id: "1", avatar: null, discriminator: "1337" })).toBe(
      "https://cdn.discordapp.com/embed/avatars/2.png",
    );
    // (80351110224678912 >> 22) % 6 = 5 for users on the new username system.
    expect(discordAvatarURL({ id: "80351110224678912", avatar: null, discriminator: "0" })).toBe(
      "https://cdn.discordapp.com/embed/avatars/5.png",
    );
  });
});

describe("accounts a provider has closed", () => {
  it("a disabled Dropbox account or a blocked GitLab user gets no session: unable_to_get_user_info", async () => {
    for (const [id, closed] of [
      ["dropbox", { disabled: true }],
      ["gitlab", { state: "blocked" }],
    ] as const) {
      const row = rowOf(id);
      const person = personOf(id);
      const fake = await fakeFor(
        {
          ...row,
          userInfo: row.userInfo && {
            ...row.userInfo,
            answer: (p) => ({ ...(row.userInfo?.answer(p) as object), ...closed }),
          },
        },
        person,
      );
      const flow = await signInThrough(authWith(providerFor(row, fake)), id, fake.code);
      expect(flow.error).toBe("unable_to_get_user_info");
      expect(await sessionUser(flow.client)).toBeNull();
    }
  });
});

describe("provider options", () => {
  it("Dropbox passes accessType on", async () => {
    const row = rowOf("dropbox");
    const fake = await fakeFor(row, personOf("dropbox"));
    const flow = await signInThrough(authWith(providerFor(row, fake, { accessType: "online" })), "dropbox", fake.code);
    expect(flow.authorizationURL.searchParams.get("token_access_type")).toBe("online");
  });

  it("Facebook reads extra Graph fields for mapProfile", async () => {
    const row = rowOf("facebook");
    const fake = await fakeFor(
      { ...row, userInfo: { answer: (p) => ({ ...(row.userInfo?.answer(p) as object), first_name: "Ada" }) } },
      personOf("facebook"),
    );
    const auth = authWith(
      providerFor(row, fake, {
        fields: ["first_name"],
        mapProfile: (p: object, raw: { first_name: string }) => ({ ...p, name: raw.first_name }),
      }),
    );
    const flow = await signInThrough(auth, "facebook", fake.code);
    expect(fake.server.requestsTo("/userinfo")[0]?.query.get("fields")).toBe("id,name,email,picture,first_name");
    expect((await sessionUser(flow.client))?.name).toBe("Ada");
  });

  it("Reddit sends the app's User-Agent on every call, as its API rules ask", async () => {
    const row = rowOf("reddit");
    const fake = await fakeFor(row, personOf("reddit"));
    const userAgent = "web:com.example.app:v1.0 (by /u/ada)";
    const flow = await signInThrough(authWith(providerFor(row, fake, { userAgent })), "reddit", fake.code);
    expect(flow.error).toBeNull();
    expect(flow.authorizationURL.searchParams.get("duration")).toBe("permanent");
    const calls = [...fake.server.requestsTo("/token"), ...fake.server.requestsTo("/userinfo")];
    expect(calls.map((r) => r.headers["user-agent"])).toEqual([userAgent, userAgent]);
  });

  it("GitLab's issuer option points every endpoint at a self-managed instance", async () => {
    const row = rowOf("gitlab");
    const fake = await fakeFor({ ...row, tokenPath: "/oauth/token" }, personOf("gitlab"));
    fake.server.route("GET /api/v4/user", (req) => ({
      status: req.headers.authorization === `Bearer ${fake.issued.accessTokens.at(-1)}` ? 200 : 401,
      json: row.userInfo?.answer(personOf("gitlab")),
    }));
    const auth = authWith(gitlab({ clientId: CLIENT_ID, clientSecret: SECRET, issuer: `${fake.server.url}/` }));
    const flow = await signInThrough(auth, "gitlab", fake.code);
    expect(flow.authorizationURL.origin + flow.authorizationURL.pathname).toBe(`${fake.server.url}/oauth/authorize`);
    expect(fake.refusals).toEqual([]);
    expect((await sessionUser(flow.client))?.email).toBe("ada@example.com");
  });
});

describe("OIDC user info beside the ID token", () => {
  it("Twitch reads user info when its ID token carries only sub", async () => {
    const row = rowOf("twitch");
    const fake = await fakeFor(
      {
        ...row,
        claims: (server) => ({ iss: server.url, aud: CLIENT_ID, sub: "ada-1" }),
        userInfo: {
          answer: () => ({ sub: "ada-1", email: "ada@example.com", email_verified: true, preferred_username: "Ada" }),
        },
      },
      personOf("twitch"),
    );
    const flow = await signInThrough(authWith(providerFor(row, fake)), "twitch", fake.code);
    expect(fake.server.requestsTo("/userinfo")).toHaveLength(1);
    expect(await sessionUser(flow.client)).toMatchObject({
      email: "ada@example.com",
      emailVerified: true,
      name: "Ada",
    });
  });

  it("LinkedIn never takes user info about another member than the ID token's", async () => {
    const row = rowOf("linkedin");
    const fake = await fakeFor(
      { ...row, userInfo: { answer: () => ({ sub: "someone-else", email: "other@example.com" }) } },
      personOf("linkedin"),
    );
    const flow = await signInThrough(authWith(providerFor(row, fake)), "linkedin", fake.code);
    expect((await sessionUser(flow.client))?.email).toBe("ada@example.com");
    expect((await flow.client.get("/list-accounts")).body[0].accountId).toBe("ada-1");
  });
});

describe("emails a provider does not vouch for", () => {
  it("an unverified Facebook email never links into an existing account", async () => {
    const row = rowOf("facebook");
    const fake = await fakeFor(row, personOf("facebook"));
    const auth = authWith(providerFor(row, fake));
    await signUpUser(auth, "ada@example.com");
    expect((await signInThrough(auth, "facebook", fake.code)).error).toBe("account_not_linked");
  });
});

describe("LINE's web-login ID tokens (HS256 under the channel secret)", () => {
  const hs256 = (secret: string, claims: Record<string, unknown>) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setIssuedAt()
      .setExpirationTime("10m")
      .sign(new TextEncoder().encode(secret));

  it("accepts one signed with the channel secret and refuses one signed with anything else or for another channel", async () => {
    const row = rowOf("line");
    const fake = await fakeFor(row, personOf("line"));
    const auth = authWith(providerFor(row, fake));
    const claims = { iss: fake.server.url, sub: "U4af4980629", aud: CLIENT_ID, email: "ada@example.com", name: "Ada" };
    const signIn = async (token: string) =>
      createTestClient(auth).post("/sign-in/social", { provider: "line", idToken: { token } });

    const ok = await signIn(await hs256(SECRET, claims));
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.user).toMatchObject({ email: "ada@example.com", name: "Ada" });
    for (const forged of [
      await hs256("a-guessed-secret", claims),
      await hs256(SECRET, { ...claims, aud: "another-channel" }),
      await hs256(SECRET, { ...claims, iss: "https://access.line.me.evil" }),
      // Unsigned: alg "none" is never accepted.
      `${Buffer.from('{"alg":"none","typ":"JWT"}').toString("base64url")}.${Buffer.from(
        JSON.stringify({ ...claims, iat: Math.floor(Date.now() / 1000), exp: Math.floor(Date.now() / 1000) + 600 }),
      ).toString("base64url")}.`,
    ]) {
      const bad = await signIn(forged);
      expect(bad.status).toBe(401);
      expect(bad.body.code).toBe("INVALID_ID_TOKEN");
    }
  });
});

describe("WeChat", () => {
  it("refuses a profile of another openid than the token answer named", async () => {
    const row = rowOf("wechat");
    const fake = await fakeFor(
      {
        ...row,
        userInfo: { token: { query: "access_token" }, answer: () => ({ openid: "someone-else", nickname: "X" }) },
      },
      personOf("wechat"),
    );
    const flow = await signInThrough(authWith(providerFor(row, fake)), "wechat", fake.code);
    expect(flow.error).toBe("unable_to_get_user_info");
    expect(fake.server.requestsTo("/userinfo")[0]?.query.get("openid")).toBe("o6_bmjrPTlm6_2sgVt7hMZOPfL2M");
  });
});

describe("AWS Cognito", () => {
  it("a configuration without the user pool's domain, region and id fails at startup, not mid-login", () => {
    expect(() => authWith(cognito({ clientId: CLIENT_ID, domain: "auth.example.com", region: "eu-west-1" }))).toThrow(
      /cognito needs domain, region and userPoolId/,
    );
  });
});

describe("profiles with parts missing", () => {
  it("X reports no address until it is confirmed: the callback says email_not_found", async () => {
    const row = rowOf("twitter");
    const fake = await fakeFor(
      { ...row, userInfo: { answer: () => ({ data: { id: "2244994945", name: "Ada", username: "ada" } }) } },
      personOf("twitter"),
    );
    const flow = await signInThrough(authWith(providerFor(row, fake)), "twitter", fake.code);
    expect(flow.error).toBe("email_not_found");
  });

  it("Zoom without a display name names the user by first and last name; verified 0 stays unverified", async () => {
    const row = rowOf("zoom");
    const fake = await fakeFor(
      {
        ...row,
        userInfo: {
          answer: () => ({
            id: "KdYK",
            first_name: "Jill",
            last_name: "Chill",
            email: "jill@example.com",
            verified: 0,
          }),
        },
      },
      personOf("zoom"),
    );
    const flow = await signInThrough(authWith(providerFor(row, fake)), "zoom", fake.code);
    expect(await sessionUser(flow.client)).toMatchObject({ name: "Jill Chill", emailVerified: false });
  });
});
