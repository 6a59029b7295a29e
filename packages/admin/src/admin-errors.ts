import { defineErrors } from "@gatehouse/core";

/**
 * The admin plugin's error catalogue; it owns status and message. Codes are unique across the
 * installed plugins' catalogues (a clash fails createAuth), hence no generic names like ROLE_NOT_FOUND.
 */
export const ADMIN_ERRORS = defineErrors({
  NOT_ALLOWED_TO_CREATE_USERS: { status: 403, message: "You are not allowed to create users" },
  NOT_ALLOWED_TO_LIST_USERS: { status: 403, message: "You are not allowed to list users" },
  NOT_ALLOWED_TO_GET_USER: { status: 403, message: "You are not allowed to get user" },
  NOT_ALLOWED_TO_UPDATE_USERS: { status: 403, message: "You are not allowed to update users" },
  NOT_ALLOWED_TO_SET_ROLE: { status: 403, message: "You are not allowed to change users role" },
  NOT_ALLOWED_TO_BAN_USERS: { status: 403, message: "You are not allowed to ban users" },
  NOT_ALLOWED_TO_IMPERSONATE_USERS: { status: 403, message: "You are not allowed to impersonate users" },
  NOT_ALLOWED_TO_DELETE_USERS: { status: 403, message: "You are not allowed to delete users" },
  NOT_ALLOWED_TO_SET_USER_PASSWORD: { status: 403, message: "You are not allowed to set users password" },
  NOT_ALLOWED_TO_LIST_USER_SESSIONS: { status: 403, message: "You are not allowed to list users sessions" },
  NOT_ALLOWED_TO_REVOKE_USER_SESSIONS: { status: 403, message: "You are not allowed to revoke users sessions" },
  ADMIN_USER_ALREADY_EXISTS: { status: 400, message: "User already exists. Use another email." },
  ADMIN_UNKNOWN_ROLE: { status: 400, message: "You are not allowed to set a non-existent role value" },
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
  NOT_ALLOWED_WHILE_IMPERSONATING: {
    status: 403,
    message: "This action is not allowed while impersonating a user",
  },
});
