import { navigate, usePath, useSearchParams } from "./router.js";

/** What the `?error=` codes that links land with mean, in words. */
const MESSAGES: Record<string, string> = {
  invalid_token: "This link is invalid or has already been used. Request a new one.",
  expired_token: "This link has expired. Request a new one.",
  signup_disabled: "There is no account for this address.",
  banned: "This account is banned.",
};

/**
 * Links from emails (verification, magic link) end on a page with `?error=code` when they fail: this
 * says so instead of landing silently on the page.
 */
export function UrlNotice() {
  const path = usePath();
  const error = useSearchParams().get("error");
  // The reset-password page explains its own failures.
  if (!error || path === "/reset-password") return null;
  return (
    <div className="banner error" role="alert" data-testid="url-error">
      {MESSAGES[error] ?? `That did not work (${error}).`}{" "}
      <button type="button" className="link" onClick={() => navigate(path)}>
        Dismiss
      </button>
    </div>
  );
}
