import { useCallback, useId, useState } from "react";
import type { CallResult } from "./call-client.js";
import type { FormError } from "./form-parts.js";
import { FIELD_OF_SSO_CODE, useSsoErrorText, useSsoText } from "./sso-messages.js";

/** A connection as `GET /sso/providers` answers it (never its secrets). */
export interface SsoConnection {
  providerId: string;
  protocol: "saml" | "oidc";
  issuer: string;
  domain: string;
  domainVerified: boolean;
  enforceSSO: boolean;
  breakGlassUserIds: string[];
  disabled: boolean;
  samlConfig?: { callbackUrl?: string };
  redirectURI?: string;
}

/** An owner who may be named break-glass (keeps their other ways in while SSO is required). */
export interface SsoOwner {
  userId: string;
  name: string;
  email: string;
}

/**
 * The SP metadata URL, derived from the ACS URL the server answered (both live under the auth API's
 * root), so nothing here reads `window.location` and a custom basePath stays right.
 */
export function spMetadataUrl(c: SsoConnection): string {
  const acs = c.samlConfig?.callbackUrl ?? "";
  const root = acs.slice(0, acs.lastIndexOf("/sso/saml2/sp/acs/"));
  return `${root}/sso/saml2/sp/metadata?providerId=${encodeURIComponent(c.providerId)}`;
}

/** The auth API's root, read from any connection URL the server gave (ACS or redirect URI). */
export function apiRootOf(c: SsoConnection): string {
  const url = c.samlConfig?.callbackUrl ?? c.redirectURI ?? "";
  const at = url.lastIndexOf("/sso/");
  return at < 0 ? "" : url.slice(0, at);
}

/** useSubmit for the SSO calls: the sso and scim plugins' codes read as this card's sentences. */
export function useSsoSubmit() {
  const errorText = useSsoErrorText();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<FormError | null>(null);
  const run = useCallback(
    async <T,>(call: () => Promise<CallResult<T>>): Promise<T | null> => {
      setPending(true);
      setError(null);
      const r = await call();
      setPending(false);
      if (r.error) {
        const code = r.error.code ?? (r.error.status === 0 ? "NETWORK_ERROR" : "UNKNOWN");
        setError({ code, text: errorText(code), field: FIELD_OF_SSO_CODE[code] ?? null });
        return null;
      }
      return (r.data ?? {}) as T;
    },
    [errorText],
  );
  return { pending, error, setError, run };
}

/**
 * A read-only value with a Copy button. The clipboard may be refused (no permission, plain http): the
 * status says so and the field stays selectable.
 */
export function CopyField({ label, value, testId }: { label: string; value: string; testId?: string }) {
  const st = useSsoText();
  const id = useId();
  const [copied, setCopied] = useState<boolean | null>(null);
  return (
    <div className="gh-field" data-testid={testId}>
      <label className="gh-label" htmlFor={id}>
        {label}
      </label>
      <div className="gh-copy">
        <input
          className="gh-input gh-code"
          id={id}
          readOnly
          value={value}
          spellCheck={false}
          onFocus={(e) => e.currentTarget.select()}
        />
        <button
          type="button"
          className="gh-button gh-button-inline"
          data-variant="secondary"
          aria-label={st("ssoCopyLabel", { label })}
          onClick={() => {
            const write = globalThis.navigator?.clipboard?.writeText(value);
            if (!write) return setCopied(false);
            write.then(
              () => setCopied(true),
              () => setCopied(false),
            );
          }}
        >
          {st("ssoCopy")}
        </button>
      </div>
      <p className="gh-hint" role="status">
        {copied === true ? st("ssoCopied", { label }) : copied === false ? st("ssoCopyFailed") : ""}
      </p>
    </div>
  );
}

/** The SSO card's rules on top of the organization stylesheet: copy rows, textarea, connection blocks. */
export const SSO_CSS = `
.gh-root .gh-copy{display:flex;gap:8px;align-items:stretch;min-width:0}
.gh-root .gh-copy .gh-input{flex:1 1 auto;min-width:0}
.gh-root .gh-textarea{font:inherit;font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.85em;color:inherit;
background:var(--gh-color-bg);border:1px solid var(--gh-color-border);border-radius:var(--gh-radius);padding:8px 10px;min-height:120px;resize:vertical;max-width:100%}
.gh-root .gh-textarea:focus-visible,.gh-root .gh-radio input:focus-visible{outline:3px solid var(--gh-color-focus);outline-offset:2px}
.gh-root .gh-radios{border:0;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:8px 16px}
.gh-root .gh-radios legend{padding:0;margin-bottom:4px;font-weight:600}
.gh-root .gh-sso-connection{display:flex;flex-direction:column;gap:12px;padding:12px 0;border-top:1px solid var(--gh-color-border)}
.gh-root .gh-sso-connection h3,.gh-root .gh-sso-connection h4{margin:0;overflow-wrap:anywhere}
.gh-root .gh-sso-connection h4{font-size:1em}
.gh-root .gh-badges{display:flex;flex-wrap:wrap;gap:6px}
.gh-root .gh-badge[data-tone=warn]{background:var(--gh-color-danger-bg);color:var(--gh-color-danger);border-color:var(--gh-color-danger)}
.gh-root .gh-badge[data-tone=muted]{background:var(--gh-color-surface);color:var(--gh-color-fg);border-color:var(--gh-color-border)}
`;
