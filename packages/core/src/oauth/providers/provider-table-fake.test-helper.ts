import type { OAuthProvider } from "../oauth-provider.js";
import { CLIENT_ID, ROWS } from "./provider-rows.test-helper.js";
import type { ProviderCase, ProviderRow } from "./provider-table.test-helper.js";
import { type StrictFake, startStrictFake } from "./strict-fake-provider.test-helper.js";

/** The strict fake of a table row, for one person, and the row's provider pointed at it. */

export const SECRET = "table-secret";
export const REDIRECT = (id: string) => `http://localhost:3000/api/auth/callback/${id}`;

export async function fakeFor(
  row: ProviderRow,
  person: ProviderCase["person"],
  secret = SECRET,
  registeredRedirectURI = REDIRECT(row.id),
): Promise<StrictFake> {
  let fake: StrictFake | undefined;
  const started = await startStrictFake({
    clientId: CLIENT_ID,
    clientSecret: secret,
    redirectURI: registeredRedirectURI,
    pkce: row.pkce,
    auth: row.auth,
    redirectAtToken: row.redirectAtToken,
    tokenPath: row.tokenPath ?? "/token",
    refreshPath: row.refreshPath,
    userInfo: row.userInfo && {
      route: row.userInfo.route ?? "GET /userinfo",
      token: row.userInfo.token ?? "bearer",
      answer: () => row.userInfo?.answer(person),
    },
    tokenFields: async () => {
      const claims = fake && row.claims?.(fake.server, person);
      const idToken = claims && fake ? await fake.server.signIdToken(claims) : undefined;
      return { ...row.tokenFields?.(person), ...(idToken ? { id_token: idToken } : {}) };
    },
    refusal: row.refusal,
    routes: {
      ...row.routes?.(person),
      "* /revoke": () => ({ json: {} }),
    },
  });
  fake = started;
  return started;
}

export function providerFor(row: ProviderRow, fake: StrictFake, extra: Record<string, unknown> = {}): OAuthProvider {
  const url = fake.server.url;
  return row.build({
    clientId: CLIENT_ID,
    clientSecret: SECRET,
    ...row.config?.(fake.server),
    endpoints: {
      authorization: `${url}/authorize`,
      token: `${url}${row.tokenPath ?? "/token"}`,
      userInfo: `${url}/userinfo`,
      jwks: `${url}/jwks`,
      revocation: `${url}/revoke`,
    },
    ...extra,
  });
}

/** A row of the table by provider id. */
export function rowOf(id: string): ProviderRow {
  const row = ROWS.find((r) => r.id === id);
  if (!row) throw new Error(`no table row for ${id}`);
  return row;
}
