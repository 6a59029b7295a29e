import { defineErrors } from "@gatehouse-auth/core";

/** The API key plugin's error catalogue (SPEC.md §8 wording); it owns status and message. */
export const API_KEY_ERRORS = defineErrors({
  KEY_NOT_FOUND: { status: 404, message: "API Key not found" },
  KEY_DISABLED: { status: 401, message: "API Key is disabled" },
  KEY_EXPIRED: { status: 401, message: "API Key has expired" },
  USAGE_EXCEEDED: { status: 429, message: "API Key has reached its usage limit" },
  RATE_LIMITED: { status: 429, message: "Rate limit exceeded." },
  INVALID_API_KEY: { status: 401, message: "Invalid API key." },
  FAILED_TO_UPDATE_API_KEY: { status: 500, message: "Failed to update API key." },
  // Not in SPEC.md §8: our refusals for fields a browser must not set, and for verify's permission check.
  SERVER_ONLY_PROPERTY: { status: 403, message: "This field can only be set by a server-side call" },
  KEY_PERMISSIONS_INSUFFICIENT: { status: 403, message: "API Key does not have the required permissions" },
  // One answer for an unknown organization, a stranger and a member without the permission: nothing leaks.
  ORGANIZATION_KEYS_NOT_ALLOWED: {
    status: 403,
    message: "You are not allowed to manage this organization's API keys",
  },
});

/** One error of the catalogue. */
export type ApiKeyError = (typeof API_KEY_ERRORS)[keyof typeof API_KEY_ERRORS];
