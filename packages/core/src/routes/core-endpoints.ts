import { changePassword } from "./change-password.js";
import { errorPage } from "./error-page.js";
import { getSession } from "./get-session.js";
import { listSessions } from "./list-sessions.js";
import { ok } from "./ok.js";
import { revokeOtherSessions } from "./revoke-other-sessions.js";
import { revokeSession } from "./revoke-session.js";
import { revokeSessions } from "./revoke-sessions.js";
import { setPassword } from "./set-password.js";
import { signInEmail } from "./sign-in-email.js";
import { signOut } from "./sign-out.js";
import { signUpEmail } from "./sign-up-email.js";
import { updateUser } from "./update-user.js";

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
  ok,
  error: errorPage,
};

/** The type of core's endpoint record. */
export type CoreEndpoints = typeof coreEndpoints;
