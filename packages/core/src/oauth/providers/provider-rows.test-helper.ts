import { expect } from "vitest";
import { apple } from "./apple.js";
import { atlassian } from "./atlassian.js";
import { cognito } from "./cognito.js";
import { discord } from "./discord.js";
import { dropbox } from "./dropbox.js";
import { facebook } from "./facebook.js";
import { figma } from "./figma.js";
import { github } from "./github.js";
import { gitlab } from "./gitlab.js";
import { google } from "./google.js";
import { huggingface } from "./huggingface.js";
import { kakao } from "./kakao.js";
import { kick } from "./kick.js";
import { line } from "./line.js";
import { linear } from "./linear.js";
import { linkedin } from "./linkedin.js";
import { microsoft } from "./microsoft.js";
import { naver } from "./naver.js";
import { notion } from "./notion.js";
import { paypal } from "./paypal.js";
import { polar } from "./polar.js";
import type { FakeRequest } from "../../testing/fake-oauth-server.js";
import type { ProviderCase, ProviderRow } from "./provider-table.test-helper.js";
import { railway } from "./railway.js";
import { reddit } from "./reddit.js";
import { roblox } from "./roblox.js";
import { salesforce } from "./salesforce.js";
import { slack } from "./slack.js";
import { spotify } from "./spotify.js";
import { tiktok } from "./tiktok.js";
import { twitch } from "./twitch.js";
import { twitter } from "./twitter.js";
import { vercel } from "./vercel.js";
import { vk } from "./vk.js";
import { wechat } from "./wechat.js";
import { zoom } from "./zoom.js";

export const CLIENT_ID = "table-client";
const PIC = "https://cdn.example.com/ada.png";

/** Ada, whose provider vouches for her address, and Bob, whose provider says his is unverified. */
const ada = { id: "ada-1", email: "Ada@Example.com", verified: true, name: "Ada Lovelace", image: PIC };
const bob = { id: "bob-2", email: "bob@example.com", verified: false, name: "Bob", image: PIC };
type Person = typeof ada;
const p = (person: ProviderCase["person"]) => person as Person;

/** The usual two cases: the provider reports verification both ways. */
const reportsVerification: ProviderCase[] = [
  { person: ada, user: { email: "ada@example.com", emailVerified: true, name: "Ada Lovelace", image: PIC } },
  { person: bob, user: { email: "bob@example.com", emailVerified: false, name: "Bob", image: PIC } },
];
/** A provider that never says: the email signs up, unverified. */
const neverVerified: ProviderCase[] = [
  { person: ada, user: { email: "ada@example.com", emailVerified: false, name: "Ada Lovelace", image: PIC } },
];
/** A provider without email: the app's mapProfile supplies one. */
const noEmail = (image: string | null = PIC): ProviderCase[] => [
  { person: ada, user: { email: "ada-1@users.example.com", emailVerified: false, name: "Ada Lovelace", image } },
];
const mapEmail = () => ({
  mapProfile: (profile: { id: string }) => ({ ...profile, email: `${profile.id}@users.example.com` }),
});
const basicOf = (req: FakeRequest) => req.headers.authorization;
const BASIC = `Basic ${btoa(`${CLIENT_ID}:table-secret`)}`;

/** Standard OIDC claims of a person. */
const oidc = (person: ProviderCase["person"]) => ({
  sub: p(person).id,
  email: p(person).email,
  email_verified: p(person).verified,
  name: p(person).name,
  picture: p(person).image,
});

export const ROWS: ProviderRow[] = [
  {
    id: "apple",
    revoke: (req, token) => {
      expect(req.form?.get("token")).toBe(token);
      expect(req.form?.get("token_type_hint")).toBe("access_token");
      expect(req.form?.get("client_secret")).toBe("table-secret");
    },
    build: apple,
    config: (fake) => ({ issuer: fake.url }),
    scope: "name email",
    pkce: true,
    auth: "post",
    formPost: true,
    // Apple sends email_verified as a string, and no name in the ID token.
    claims: (fake, person) => ({
      iss: fake.url,
      aud: CLIENT_ID,
      sub: p(person).id,
      email: p(person).email,
      email_verified: String(p(person).verified),
    }),
    accountId: "ada-1",
    cases: [
      { person: ada, user: { email: "ada@example.com", emailVerified: true, name: "ada", image: null } },
      { person: bob, user: { email: "bob@example.com", emailVerified: false, name: "bob", image: null } },
    ],
  },
  {
    id: "google",
    revoke: "rfc7009",
    build: google,
    config: (fake) => ({ issuer: fake.url }),
    scope: "openid email profile",
    pkce: true,
    auth: "post",
    claims: (fake, person) => ({ iss: fake.url, aud: CLIENT_ID, ...oidc(person) }),
    accountId: "ada-1",
    cases: reportsVerification,
  },
  {
    id: "microsoft",
    build: microsoft,
    config: (fake) => ({ authority: fake.url }),
    scope: "openid profile email offline_access User.Read",
    pkce: true,
    auth: "post",
    // Entra vouches for an email only through xms_edov.
    claims: (fake, person) => ({
      iss: `${fake.url}/72f988bf-86f1-41af-91ab-2d7cd011db47/v2.0`,
      tid: "72f988bf-86f1-41af-91ab-2d7cd011db47",
      aud: CLIENT_ID,
      sub: p(person).id,
      email: p(person).email,
      name: p(person).name,
      xms_edov: p(person).verified,
    }),
    accountId: "ada-1",
    cases: [
      { person: ada, user: { email: "ada@example.com", emailVerified: true, name: "Ada Lovelace", image: null } },
      { person: bob, user: { email: "bob@example.com", emailVerified: false, name: "Bob", image: null } },
    ],
  },
  {
    id: "linkedin",
    build: linkedin,
    config: (fake) => ({ issuer: fake.url }),
    scope: "openid profile email",
    pkce: false,
    auth: "post",
    claims: (fake, person) => ({ iss: fake.url, aud: CLIENT_ID, ...oidc(person) }),
    userInfo: { answer: oidc },
    accountId: "ada-1",
    cases: reportsVerification,
  },
  {
    id: "twitch",
    refusal: { status: 400, json: { status: 400, message: "Invalid authorization code" } },
    revoke: "rfc7009",
    build: twitch,
    config: (fake) => ({ issuer: fake.url }),
    scope: "openid user:read:email",
    pkce: false,
    auth: "post",
    claims: (fake, person) => ({
      iss: fake.url,
      aud: CLIENT_ID,
      sub: p(person).id,
      email: p(person).email,
      email_verified: p(person).verified,
      preferred_username: p(person).name,
      picture: p(person).image,
    }),
    accountId: "ada-1",
    cases: reportsVerification,
  },
  {
    id: "gitlab",
    revoke: "rfc7009",
    build: gitlab,
    scope: "read_user",
    pkce: true,
    auth: "post",
    userInfo: {
      answer: (person) => ({
        id: 4242,
        username: "ada",
        name: p(person).name,
        email: p(person).email,
        avatar_url: p(person).image,
        confirmed_at: p(person).verified ? "2024-01-01T00:00:00Z" : null,
        state: "active",
      }),
    },
    accountId: "4242",
    cases: reportsVerification,
  },
  {
    id: "github",
    refusal: {
      json: { error: "bad_verification_code", error_description: "The code passed is incorrect or expired." },
    },
    // No RFC 7009 at GitHub: DELETE with Basic auth and the token in JSON.
    revoke: (req, token) => {
      expect(req.method).toBe("DELETE");
      expect(basicOf(req)).toBe(BASIC);
      expect(req.json).toEqual({ access_token: token });
      expect(req.headers["user-agent"]).toBeTruthy();
    },
    build: github,
    scope: "read:user user:email",
    pkce: true,
    auth: "post",
    userInfo: {
      answer: (person) => ({
        id: 583231,
        login: "ada",
        name: p(person).name,
        email: null,
        avatar_url: p(person).image,
      }),
    },
    routes: (person) => ({
      "GET /userinfo/emails": () => ({
        json: [
          { email: "old@example.com", primary: false, verified: true },
          { email: p(person).email, primary: true, verified: p(person).verified },
        ],
      }),
    }),
    accountId: "583231",
    cases: reportsVerification,
  },
  {
    id: "discord",
    revoke: "rfc7009",
    build: discord,
    scope: "identify email",
    pkce: true,
    auth: "post",
    userInfo: {
      answer: (person) => ({
        id: "80351110224678912",
        username: "ada",
        global_name: p(person).name,
        avatar: "8342729096ea3675442027381ff50dfe",
        email: p(person).email,
        verified: p(person).verified,
      }),
    },
    accountId: "80351110224678912",
    cases: reportsVerification.map((c) => ({
      ...c,
      user: {
        ...c.user,
        image: "https://cdn.discordapp.com/avatars/80351110224678912/8342729096ea3675442027381ff50dfe.png",
      },
    })),
  },
  {
    id: "facebook",
    refusal: {
      status: 400,
      json: { error: { message: "This authorization code has been used.", type: "OAuthException", code: 100 } },
    },
    // Deleting the app's permissions de-authorizes it.
    revoke: (req, token) => {
      expect(req.method).toBe("DELETE");
      expect(req.headers.authorization).toBe(`Bearer ${token}`);
    },
    build: facebook,
    scope: "email,public_profile",
    pkce: true,
    auth: "post",
    refresh: false,
    userInfo: {
      answer: (person) => ({
        id: "10158",
        name: p(person).name,
        email: p(person).email,
        picture: { data: { url: p(person).image } },
      }),
    },
    accountId: "10158",
    cases: neverVerified,
  },
  {
    id: "huggingface",
    build: huggingface,
    scope: "openid profile email",
    pkce: true,
    auth: "post",
    userInfo: { answer: oidc },
    accountId: "ada-1",
    cases: reportsVerification,
  },
  {
    id: "spotify",
    build: spotify,
    scope: "user-read-email",
    pkce: true,
    auth: "basic",
    userInfo: {
      answer: (person) => ({
        id: "ada-1",
        display_name: p(person).name,
        email: p(person).email,
        images: [{ url: p(person).image, height: 300, width: 300 }],
      }),
    },
    accountId: "ada-1",
    cases: neverVerified,
  },
  {
    id: "twitter",
    refusal: {
      status: 400,
      json: { error: "invalid_request", error_description: "Value passed for the authorization code was invalid." },
    },
    revoke: (req, token) => {
      expect(basicOf(req)).toBe(BASIC);
      expect(req.form?.get("token")).toBe(token);
      expect(req.form?.get("token_type_hint")).toBe("access_token");
    },
    build: twitter,
    scope: "users.read tweet.read offline.access users.email",
    pkce: true,
    auth: "basic",
    // X reports an address only once it is confirmed.
    userInfo: {
      answer: (person) => ({
        data: {
          id: "2244994945",
          name: p(person).name,
          username: "ada",
          profile_image_url: p(person).image,
          confirmed_email: p(person).email,
        },
      }),
    },
    accountId: "2244994945",
    cases: [reportsVerification[0] as ProviderCase],
  },
  {
    id: "dropbox",
    // Dropbox revokes the token that authenticates the call.
    revoke: (req, token) => {
      expect(req.method).toBe("POST");
      expect(req.headers.authorization).toBe(`Bearer ${token}`);
    },
    build: dropbox,
    scope: "account_info.read",
    pkce: true,
    auth: "post",
    userInfo: {
      route: "POST /userinfo",
      answer: (person) => ({
        account_id: "dbid:AAH4f99",
        name: { display_name: p(person).name },
        email: p(person).email,
        email_verified: p(person).verified,
        profile_photo_url: p(person).image,
      }),
    },
    accountId: "dbid:AAH4f99",
    cases: reportsVerification,
  },
  {
    id: "kick",
    refusal: { status: 401, text: "Unauthorized" },
    revoke: (req, token) => {
      expect(req.query.get("token")).toBe(token);
      expect(req.query.get("token_hint_type")).toBe("access_token");
    },
    build: kick,
    scope: "user:read",
    pkce: true,
    auth: "post",
    userInfo: {
      answer: (person) => ({
        data: [{ user_id: 123, name: p(person).name, email: p(person).email, profile_picture: p(person).image }],
      }),
    },
    accountId: "123",
    cases: neverVerified,
  },
  {
    id: "tiktok",
    sharesNoEmail: true,
    refusal: {
      status: 400,
      json: { error: "invalid_grant", error_description: "Authorization code is expired.", log_id: "L1" },
    },
    revoke: (req, token) => {
      expect(Object.fromEntries(req.form ?? [])).toEqual({
        client_key: CLIENT_ID,
        client_secret: "table-secret",
        token,
      });
    },
    build: tiktok,
    config: mapEmail,
    scope: "user.info.basic",
    pkce: false,
    auth: "client_key",
    clientIdParam: "client_key",
    userInfo: {
      answer: (person) => ({
        data: { user: { open_id: p(person).id, display_name: p(person).name, avatar_url: p(person).image } },
        error: { code: "ok" },
      }),
    },
    accountId: "ada-1",
    cases: noEmail(),
  },
  {
    id: "reddit",
    sharesNoEmail: true,
    refusal: { status: 401, json: { message: "Unauthorized", error: 401 } },
    revoke: (req, token) => {
      expect(basicOf(req)).toBe(BASIC);
      expect(req.form?.get("token")).toBe(token);
      // Reddit's API rules: every call carries a User-Agent.
      expect(req.headers["user-agent"]).toMatch(/gatehouse/);
    },
    build: reddit,
    config: mapEmail,
    scope: "identity",
    pkce: false,
    auth: "basic",
    userInfo: { answer: (person) => ({ id: p(person).id, name: p(person).name, icon_img: p(person).image }) },
    accountId: "ada-1",
    cases: noEmail(),
  },
  {
    id: "roblox",
    sharesNoEmail: true,
    revoke: "rfc7009",
    build: roblox,
    config: mapEmail,
    scope: "openid profile",
    pkce: true,
    auth: "post",
    userInfo: { answer: (person) => ({ sub: p(person).id, nickname: p(person).name, picture: p(person).image }) },
    accountId: "ada-1",
    cases: noEmail(),
  },
  {
    id: "zoom",
    refusal: { status: 400, json: { reason: "Invalid authorization code", error: "invalid_request" } },
    revoke: "rfc7009",
    build: zoom,
    scope: "user:read:user",
    pkce: true,
    auth: "basic",
    userInfo: {
      answer: (person) => ({
        id: "KdYKjnimT4KPd8FFgQt9FQ",
        display_name: p(person).name,
        email: p(person).email,
        pic_url: p(person).image,
        verified: p(person).verified ? 1 : 0,
      }),
    },
    accountId: "KdYKjnimT4KPd8FFgQt9FQ",
    cases: reportsVerification,
  },
  {
    id: "vk",
    refusal: { status: 400, json: { error: "invalid_grant", error_description: "Code is expired" } },
    revoke: (req, token) => {
      expect(Object.fromEntries(req.form ?? [])).toEqual({ client_id: CLIENT_ID, access_token: token });
    },
    build: vk,
    scope: "vkid.personal_info email",
    pkce: true,
    auth: "pkce-only",
    extraQuery: { device_id: "device-1" },
    userInfo: {
      route: "POST /userinfo",
      token: { form: "access_token" },
      answer: (person) => ({
        user: {
          user_id: 1234567,
          first_name: "Ada",
          last_name: "Lovelace",
          avatar: p(person).image,
          email: p(person).email,
        },
      }),
    },
    accountId: "1234567",
    cases: neverVerified,
  },
  {
    id: "atlassian",
    build: atlassian,
    scope: "read:me read:account",
    pkce: false,
    auth: "post",
    userInfo: {
      answer: (person) => ({
        account_id: "5b10ac8d82e05b22cc7d4ef5",
        email: p(person).email,
        email_verified: p(person).verified,
        name: p(person).name,
        picture: p(person).image,
      }),
    },
    accountId: "5b10ac8d82e05b22cc7d4ef5",
    cases: reportsVerification,
  },
  {
    id: "cognito",
    build: cognito,
    config: () => ({
      domain: "my-app.auth.eu-west-1.amazoncognito.com",
      region: "eu-west-1",
      userPoolId: "eu-west-1_Test",
    }),
    scope: "openid profile email",
    pkce: true,
    auth: "basic",
    claims: (_fake, person) => ({
      iss: "https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_Test",
      aud: CLIENT_ID,
      token_use: "id",
      ...oidc(person),
    }),
    accountId: "ada-1",
    cases: reportsVerification,
  },
  {
    id: "figma",
    build: figma,
    scope: "current_user:read",
    pkce: true,
    auth: "basic",
    refreshPath: "/refresh",
    userInfo: {
      answer: (person) => ({ id: "1234", handle: p(person).name, email: p(person).email, img_url: p(person).image }),
    },
    accountId: "1234",
    cases: neverVerified,
  },
  {
    id: "kakao",
    build: kakao,
    scope: "profile_nickname profile_image account_email",
    pkce: true,
    auth: "post",
    userInfo: {
      answer: (person) => ({
        id: 123456789,
        kakao_account: {
          email: p(person).email,
          is_email_valid: true,
          is_email_verified: p(person).verified,
          profile: { nickname: p(person).name, profile_image_url: p(person).image, is_default_image: false },
        },
      }),
    },
    accountId: "123456789",
    cases: reportsVerification,
  },
  {
    id: "line",
    revoke: "rfc7009",
    build: line,
    config: (fake) => ({ issuer: fake.url }),
    scope: "openid profile email",
    pkce: true,
    auth: "post",
    claims: (fake, person) => ({
      iss: fake.url,
      aud: CLIENT_ID,
      sub: "U4af4980629",
      name: p(person).name,
      picture: p(person).image,
      email: p(person).email,
    }),
    accountId: "U4af4980629",
    cases: neverVerified,
  },
  {
    id: "linear",
    revoke: "rfc7009",
    build: linear,
    scope: "read",
    pkce: true,
    auth: "post",
    userInfo: {
      route: "POST /userinfo",
      answer: (person) => ({
        data: {
          viewer: {
            id: "lin-1",
            name: p(person).name,
            email: p(person).email,
            avatarUrl: p(person).image,
            active: true,
          },
        },
      }),
    },
    accountId: "lin-1",
    cases: neverVerified,
  },
  {
    id: "naver",
    build: naver,
    scope: null,
    pkce: false,
    auth: "post",
    userInfo: {
      answer: (person) => ({
        resultcode: "00",
        message: "success",
        response: { id: "32742776", email: p(person).email, name: p(person).name, profile_image: p(person).image },
      }),
    },
    accountId: "32742776",
    cases: neverVerified,
  },
  {
    id: "notion",
    build: notion,
    scope: null,
    pkce: false,
    auth: "basic-json",
    userInfo: {
      answer: (person) => ({
        object: "user",
        type: "bot",
        bot: {
          owner: {
            type: "user",
            user: {
              id: "e79a0b74-3aba-4149-9f74-0bb5791a6ee6",
              name: p(person).name,
              avatar_url: p(person).image,
              type: "person",
              person: { email: p(person).email },
            },
          },
        },
      }),
    },
    accountId: "e79a0b74-3aba-4149-9f74-0bb5791a6ee6",
    cases: neverVerified,
  },
  {
    id: "paypal",
    build: paypal,
    scope: "openid email profile",
    pkce: false,
    auth: "basic",
    userInfo: {
      answer: (person) => ({
        user_id: "https://www.paypal.com/webapps/auth/identity/user/mWq6_1sU85v5EG9yHdPxJRrhGHrnMJ-1PQKtX6pcsmA",
        name: p(person).name,
        email: p(person).email,
        email_verified: p(person).verified,
        picture: p(person).image,
      }),
    },
    accountId: "https://www.paypal.com/webapps/auth/identity/user/mWq6_1sU85v5EG9yHdPxJRrhGHrnMJ-1PQKtX6pcsmA",
    cases: reportsVerification,
  },
  {
    id: "polar",
    revoke: "rfc7009",
    build: polar,
    scope: "openid profile email",
    pkce: true,
    auth: "post",
    userInfo: { answer: oidc },
    accountId: "ada-1",
    cases: reportsVerification,
  },
  {
    id: "railway",
    build: railway,
    config: (fake) => ({ issuer: fake.url }),
    scope: "openid email profile",
    pkce: true,
    auth: "basic",
    claims: (fake, person) => ({ iss: fake.url, aud: CLIENT_ID, sub: p(person).id }),
    userInfo: { answer: oidc },
    accountId: "ada-1",
    cases: reportsVerification,
  },
  {
    id: "salesforce",
    revoke: "rfc7009",
    build: salesforce,
    config: (fake) => ({ loginUrl: fake.url }),
    scope: "openid email profile",
    pkce: true,
    auth: "post",
    claims: (fake, person) => ({
      iss: fake.url,
      aud: CLIENT_ID,
      sub: `${fake.url}/id/00Dxx0000001gPLEAY/005xx000001Sv6AAAS`,
      email: p(person).email,
      email_verified: p(person).verified,
      name: p(person).name,
    }),
    userInfo: {
      answer: (person) => ({
        sub: "https://login.salesforce.com/id/00Dxx0000001gPL/005xx000001Sv6A",
        user_id: "005xx000001Sv6AAAS",
        organization_id: "00Dxx0000001gPLEAY",
        email: p(person).email,
        email_verified: p(person).verified,
        name: p(person).name,
        picture: p(person).image,
        active: true,
      }),
    },
    accountId: "005xx000001Sv6AAAS",
    cases: reportsVerification,
  },
  {
    id: "slack",
    refusal: { json: { ok: false, error: "invalid_code" } },
    build: slack,
    config: (fake) => ({ issuer: fake.url }),
    scope: "openid profile email",
    pkce: false,
    auth: "post",
    refresh: false,
    claims: (fake, person) => ({
      iss: fake.url,
      aud: CLIENT_ID,
      ...oidc(person),
      sub: "U0R7JM",
      "https://slack.com/team_id": "T0R7GR",
    }),
    accountId: "U0R7JM",
    cases: reportsVerification,
  },
  {
    id: "vercel",
    // Vercel's revocation endpoint takes client_secret_basic only.
    revoke: (req, token) => {
      expect(basicOf(req)).toBe(BASIC);
      expect(req.form?.get("token")).toBe(token);
    },
    build: vercel,
    config: (fake) => ({ issuer: fake.url }),
    scope: "openid email profile",
    pkce: true,
    auth: "post",
    claims: (fake, person) => ({
      iss: fake.url,
      aud: CLIENT_ID,
      sub: "vercel-user-1",
      email: p(person).email,
      name: p(person).name,
      preferred_username: "ada",
      picture: p(person).image,
    }),
    accountId: "vercel-user-1",
    cases: neverVerified,
  },
  {
    id: "wechat",
    sharesNoEmail: true,
    refusal: { json: { errcode: 40163, errmsg: "code been used" } },
    build: wechat,
    config: mapEmail,
    scope: "snsapi_login",
    pkce: false,
    auth: "query",
    clientIdParam: "appid",
    redirectAtToken: false,
    tokenPath: "/sns/oauth2/access_token",
    refreshPath: "/sns/oauth2/refresh_token",
    tokenFields: () => ({ openid: "o6_bmjrPTlm6_2sgVt7hMZOPfL2M", unionid: "ada-1", scope: "snsapi_login" }),
    userInfo: {
      token: { query: "access_token" },
      answer: (person) => ({
        openid: "o6_bmjrPTlm6_2sgVt7hMZOPfL2M",
        unionid: p(person).id,
        nickname: p(person).name,
        headimgurl: p(person).image,
      }),
    },
    accountId: "ada-1",
    cases: noEmail(),
  },
];
