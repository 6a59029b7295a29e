import type { Auth } from "../create-auth.js";
import { createTestClient, type TestClient, type TestResponse } from "./test-client.js";

/** What one browser round trip through a provider produced. */
export interface SocialFlow {
  client: TestClient;
  /** Where POST /sign-in/social sent the browser. */
  authorizationURL: URL;
  /** The final answer of GET /callback/<id> (a redirect). */
  callback: TestResponse;
  /** `location` of that redirect. */
  location: string | null;
  /** The `error` query parameter of that redirect, if any. */
  error: string | null;
}

/**
 * Signs in through a social provider like a browser: POST /sign-in/social, then the provider's
 * redirect back with `code` and the state — as a GET, or as Apple's cross-site form POST (which
 * Gatehouse answers with a same-site GET redirect that the browser then follows).
 */
export async function driveSocialFlow(
  auth: Auth,
  providerId: string,
  code: string,
  options: {
    body?: Record<string, unknown>;
    formPost?: boolean;
    client?: TestClient;
    /** What else the provider adds to its redirect, e.g. VK ID's device_id. */
    extraQuery?: Record<string, string>;
  } = {},
): Promise<SocialFlow> {
  const client = options.client ?? createTestClient(auth);
  const start = await client.post("/sign-in/social", {
    provider: providerId,
    callbackURL: "/dashboard",
    ...options.body,
  });
  if (start.status !== 200 || typeof start.body?.url !== "string") {
    throw new Error(`sign-in/social failed: ${start.status} ${start.text}`);
  }
  const authorizationURL = new URL(start.body.url);
  // The browser visits the provider: a local fake records the request (its nonce, PKCE challenge and
  // redirect_uri) as a real provider would. Providers elsewhere are never contacted from tests.
  if (authorizationURL.hostname === "127.0.0.1") {
    await fetch(authorizationURL, { redirect: "manual" }).then(
      (r) => r.body?.cancel(),
      () => undefined,
    );
  }
  const state = authorizationURL.searchParams.get("state") ?? "";
  let query: Record<string, string> = { code, state, ...options.extraQuery };
  if (options.formPost) {
    const posted = await client.post(`/callback/${providerId}`, new URLSearchParams(query).toString(), {
      raw: true,
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://appleid.apple.com" },
    });
    if (posted.status !== 303) throw new Error(`form_post callback answered ${posted.status} ${posted.text}`);
    query = Object.fromEntries(new URL(posted.headers.get("location") ?? "").searchParams);
  }
  const callback = await client.get(`/callback/${providerId}`, { query });
  const location = callback.headers.get("location");
  const error = location ? new URL(location, "http://localhost").searchParams.get("error") : null;
  return { client, authorizationURL, callback, location, error };
}
