import { defineErrors } from "@gatehouse-auth/core";
import type { CatalogueError } from "@gatehouse-auth/core";

/**
 * The admin plugin's error catalogue; it owns status and message. Codes are unique across the
 * installed plugins' catalogues (a clash fails createAuth), hence no generic names like ROLE_NOT_FOUND.
 * The refusals carry better-auth's admin client codes (`YOU_ARE_NOT_ALLOWED_TO_…`), so a frontend
 * written against that client keeps working (docs/migrating-from-better-auth.md).
 */
export const ADMIN_ERRORS = defineErrors({
  YOU_ARE_NOT_ALLOWED_TO_CREATE_USERS: { status: 403, message: "You are not allowed to create users" },
  YOU_ARE_NOT_ALLOWED_TO_LIST_USERS: { status: 403, message: "You are not allowed to list users" },
  YOU_ARE_NOT_ALLOWED_TO_GET_USER: { status: 403, message: "You are not allowed to get user" },
  YOU_ARE_NOT_ALLOWED_TO_UPDATE_USERS: { status: 403, message: "You are not allowed to update users" },
  YOU_ARE_NOT_ALLOWED_TO_CHANGE_USERS_ROLE: { status: 403, message: "You are not allowed to change users role" },
  YOU_ARE_NOT_ALLOWED_TO_BAN_USERS: { status: 403, message: "You are not allowed to ban users" },
  YOU_ARE_NOT_ALLOWED_TO_IMPERSONATE_USERS: { status: 403, message: "You are not allowed to impersonate users" },
  YOU_ARE_NOT_ALLOWED_TO_DELETE_USERS: { status: 403, message: "You are not allowed to delete users" },
  YOU_ARE_NOT_ALLOWED_TO_SET_USERS_PASSWORD: { status: 403, message: "You are not allowed to set users password" },
  YOU_ARE_NOT_ALLOWED_TO_LIST_USERS_SESSIONS: { status: 403, message: "You are not allowed to list users sessions" },
  YOU_ARE_NOT_ALLOWED_TO_REVOKE_USERS_SESSIONS: {
    status: 403,
    message: "You are not allowed to revoke users sessions",
  },
  YOU_ARE_NOT_ALLOWED_TO_SET_NON_EXISTENT_VALUE: {
    status: 400,
    message: "You are not allowed to set a non-existent role value",
  },
  CANNOT_BAN_YOURSELF: { status: 400, message: "You cannot ban yourself" },
  CANNOT_REMOVE_YOURSELF: { status: 400, message: "You cannot remove yourself" },
  CANNOT_IMPERSONATE_ADMINS: { status: 403, message: "You cannot impersonate admins" },
  ALREADY_IMPERSONATING: { status: 400, message: "You are already impersonating a user; stop impersonating first" },
  NOT_IMPERSONATING: { status: 400, message: "You are not impersonating anyone" },
  IMPERSONATION_NEEDS_SESSION: {
    status: 403,
    message: "Impersonation needs a signed-in session; an API key or other credential cannot start one",
  },
  BANNED_USER: { status: 403, message: "You have been banned from this application" },
  CANNOT_MANAGE_MORE_PRIVILEGED_USER: {
    status: 403,
    message: "You cannot manage a user who has permissions you do not have",
  },
  CANNOT_GRANT_MORE_PERMISSIONS: { status: 403, message: "You cannot grant a role with permissions you do not have" },
});

/**
 * create-user and update-user refusing a taken address. The code is better-auth's, which core's
 * catalogue owns for sign-up (422); the admin routes keep their 400, so this one refusal lives outside
 * the catalogue (a catalogue entry would clash with core's code at createAuth).
 */
export const ADMIN_EMAIL_TAKEN: CatalogueError = {
  code: "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL",
  status: 400,
  message: "User already exists. Use another email.",
};
