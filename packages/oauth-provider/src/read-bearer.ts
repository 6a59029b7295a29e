import type { HeaderReader } from "@gatehouse-auth/core";

/** The token of `Authorization: Bearer …` (RFC 6750 §2.1), or of a form's `access_token` (§2.2); null when absent. */
export function readBearer(headers: HeaderReader, form: Readonly<Record<string, unknown>> | undefined): string | null {
  const header = headers.get("authorization");
  const match = header ? /^Bearer ([A-Za-z0-9\-._~+/]+=*)$/i.exec(header.trim()) : null;
  if (match) return match[1] as string;
  return typeof form?.access_token === "string" && !header ? form.access_token : null;
}
