/**
 * The tag on endpoints that mint or reveal credentials, or could hand the account to someone else:
 * reading or refreshing provider tokens, listing session tokens, changing or setting the password,
 * changing the email, linking or unlinking a sign-in method, creating or changing API keys. A plugin that
 * must keep a kind of session away from those (the admin plugin refuses impersonation sessions) hooks
 * this one tag instead of a list of paths; a plugin whose endpoint is such an action tags it too.
 */
export const SENSITIVE_ACTION_TAG = "sensitive";
