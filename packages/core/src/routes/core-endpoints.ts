import { changePassword } from "./change-password.js";
import { cleanup } from "./cleanup.js";
import { errorPage } from "./error-page.js";
import { getSession } from "./get-session.js";
import { listSessions } from "./list-sessions.js";
import { ok } from "./ok.js";
import { capabilities } from "./capabilities.js";
import { readinessCheck } from "./readiness-check.js";
import { revokeOtherSessions } from "./revoke-other-sessions.js";
import { revokeSession } from "./revoke-session.js";
import { revokeSessions } from "./revoke-sessions.js";
import { setPassword } from "./set-password.js";
import { signInEmail } from "./sign-in-email.js";
import { signOut } from "./sign-out.js";
import { signUpEmail } from "./sign-up-email.js";
import { updateUser } from "./update-user.js";
import { changeEmail } from "./change-email.js";
import { deleteUser } from "./delete-user.js";
import { deleteUserCallback } from "./delete-user-callback.js";
import { listAccounts } from "./list-accounts.js";
import { forgetPassword, requestPasswordReset } from "./request-password-reset.js";
import { resetPassword } from "./reset-password.js";
import { resetPasswordCallback } from "./reset-password-callback.js";
import { sendVerificationEmailRoute } from "./send-verification-email.js";
import { unlinkAccount } from "./unlink-account.js";
import { verifyEmail } from "./verify-email.js";
import { accountInfo } from "./account-info.js";
import { getAccessToken } from "./get-access-token.js";
import { linkSocial } from "./link-social.js";
import { oauthCallback, oauthCallbackPost } from "./oauth-callback.js";
import { refreshToken } from "./refresh-token.js";
import { signInSocial } from "./sign-in-social.js";

/** Core's endpoints, keyed by their `auth.api` name. */
export const coreEndpoints = {
  signUpEmail,
  signInEmail,
  signOut,
  getSession,
  listSessions,
  revokeSession,
  revokeSessions,
  revokeOtherSessions,
  updateUser,
  changePassword,
  setPassword,
  sendVerificationEmail: sendVerificationEmailRoute,
  verifyEmail,
  requestPasswordReset,
  forgetPassword,
  resetPasswordCallback,
  resetPassword,
  changeEmail,
  deleteUser,
  deleteUserCallback,
  listAccounts,
  unlinkAccount,
  signInSocial,
  callback: oauthCallback,
  callbackPost: oauthCallbackPost,
  linkSocial,
  getAccessToken,
  refreshToken,
  accountInfo,
  ok,
  capabilities,
  readinessCheck,
  error: errorPage,
  cleanup,
};

/** The type of core's endpoint record. */
export type CoreEndpoints = typeof coreEndpoints;
