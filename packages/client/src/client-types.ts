import type { ClientResult } from "./fetch-json.js";
import type { CallOptions } from "./create-auth-client.js";

/** The user as the API returns it (dates as ISO strings over JSON). */
export interface ClientUser {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  image: string | null;
  createdAt: string;
  updatedAt: string;
  [field: string]: unknown;
}

export interface ClientSessionRecord {
  id: string;
  token: string;
  userId: string;
  expiresAt: string;
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface ClientSession {
  session: ClientSessionRecord;
  user: ClientUser;
}

type Call<B, R> = (body: B, options?: CallOptions) => Promise<ClientResult<R>>;
type OptionalCall<B, R> = (body?: B, options?: CallOptions) => Promise<ClientResult<R>>;
type Status = { status: boolean };

/**
 * Core's calls, typed by hand from the routes table rather than inferred through the server's
 * generics: checking a client stays cheap (DESIGN.md asks for a small instantiation budget).
 */
export interface CoreClient {
  signUp: {
    email: Call<
      {
        name: string;
        email: string;
        password: string;
        image?: string;
        callbackURL?: string;
        rememberMe?: boolean;
        [field: string]: unknown;
      },
      { token: string | null; user: ClientUser }
    >;
  };
  signIn: {
    email: Call<
      { email: string; password: string; callbackURL?: string; rememberMe?: boolean },
      { redirect: boolean; token: string; url: string | null; user: ClientUser }
    >;
    social: Call<
      {
        provider: string;
        callbackURL?: string;
        newUserCallbackURL?: string;
        errorCallbackURL?: string;
        disableRedirect?: boolean;
        idToken?: { token: string; nonce?: string; accessToken?: string; refreshToken?: string; expiresAt?: number };
        scopes?: string[];
        requestSignUp?: boolean;
        loginHint?: string;
      },
      { url: string; redirect: boolean } | { redirect: false; token: string; url: null; user: ClientUser }
    >;
  };
  signOut: OptionalCall<Record<string, never>, { success: boolean }>;
  getSession: OptionalCall<{ disableCookieCache?: boolean; disableRefresh?: boolean }, ClientSession | null>;
  listSessions: OptionalCall<Record<string, never>, ClientSessionRecord[]>;
  revokeSession: Call<{ token: string }, Status>;
  revokeSessions: OptionalCall<Record<string, never>, Status>;
  revokeOtherSessions: OptionalCall<Record<string, never>, Status>;
  updateUser: Call<{ name?: string; image?: string | null; [field: string]: unknown }, Status>;
  changePassword: Call<
    { newPassword: string; currentPassword: string; revokeOtherSessions?: boolean },
    { token: string | null; user: ClientUser }
  >;
  sendVerificationEmail: Call<{ email: string; callbackURL?: string }, Status>;
  verifyEmail: Call<{ token: string; callbackURL?: string }, { status: boolean; user: ClientUser }>;
  requestPasswordReset: Call<{ email: string; redirectTo?: string }, Status>;
  forgetPassword: Call<{ email: string; redirectTo?: string }, Status>;
  resetPassword: Call<{ newPassword: string; token: string }, Status>;
  changeEmail: Call<{ newEmail: string; callbackURL?: string }, Status>;
  deleteUser: OptionalCall<
    { callbackURL?: string; password?: string; token?: string },
    { success: boolean; message: string }
  >;
  listAccounts: OptionalCall<
    Record<string, never>,
    {
      id: string;
      provider: string;
      providerId: string;
      accountId: string;
      userId: string;
      scopes: string[];
      createdAt: string;
      updatedAt: string;
    }[]
  >;
  unlinkAccount: Call<{ providerId: string; accountId?: string }, Status>;
  linkSocial: Call<
    { provider: string; callbackURL?: string; errorCallbackURL?: string; scopes?: string[] },
    { url: string; redirect: boolean }
  >;
  getAccessToken: Call<
    { providerId: string; accountId?: string },
    { accessToken: string; accessTokenExpiresAt: string | null; scopes: string[]; idToken: string | null }
  >;
  refreshToken: Call<
    { providerId: string; accountId?: string },
    { accessToken: string; refreshToken: string; accessTokenExpiresAt: string | null }
  >;
  accountInfo: Call<
    { accountId: string },
    { user: { id: string; email: string | null; emailVerified: boolean; name: string; image?: string | null } }
  >;
}
