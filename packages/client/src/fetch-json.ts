/** What every client call resolves to: never a throw, even when the network fails. */
export type ClientResult<T> = { data: T; error: null } | { data: null; error: ClientError };

export interface ClientError {
  /** HTTP status; 0 when no response arrived (network failure). */
  status: number;
  code?: string;
  message: string;
  [key: string]: unknown;
}

/** A number: that many retries, 1000 ms apart. Or exponential backoff. */
export type RetryOption =
  | number
  | { type: "linear"; attempts: number; delay?: number }
  | { type: "exponential"; attempts: number; baseDelay?: number; maxDelay?: number };

export interface FetchOptions {
  headers?: Record<string, string>;
  retry?: RetryOption;
  onSuccess?: (data: unknown) => void;
  onError?: (error: ClientError) => void;
  /** A fetch implementation (tests, React Native). */
  fetch?: typeof fetch;
  /**
   * Sends `Authorization: Bearer <token>` (the bearer plugin): the token, or what the function returns
   * at each request (read it from storage there, so a new token is used at once). Nothing is sent when
   * it is empty.
   */
  auth?: { type: "Bearer"; token: string | (() => string | null | undefined | Promise<string | null | undefined>) };
  /** Sees every response before its body is read: keep the `set-auth-token` header here, for instance. */
  onResponse?: (response: Response) => void | Promise<void>;
}

const hasControlCharacter = (value: string) => {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
};

/** The Authorization header `auth` asks for, if any. */
async function authorizationHeader(auth: FetchOptions["auth"]): Promise<Record<string, string>> {
  if (!auth) return {};
  const token = typeof auth.token === "function" ? await auth.token() : auth.token;
  // A token with a line break or other control character would be a header injection: never sent.
  if (!token || hasControlCharacter(token)) return {};
  return { authorization: `Bearer ${token}` };
}

/** SPEC.md §9: a numeric retry count means linear retries 1000 ms apart. */
export function retryDelays(retry: RetryOption | undefined): number[] {
  if (retry === undefined) return [];
  if (typeof retry === "number") return Array.from({ length: Math.max(0, retry) }, () => 1000);
  if (retry.type === "linear") return Array.from({ length: retry.attempts }, () => retry.delay ?? 1000);
  const base = retry.baseDelay ?? 1000;
  const max = retry.maxDelay ?? 30_000;
  return Array.from({ length: retry.attempts }, (_, i) => Math.min(max, base * 2 ** i));
}

// Retrying a refused request would fail the same way; only network failures, 408, 429 and 5xx retry.
const retriable = (status: number) => status === 0 || status === 408 || status === 429 || status >= 500;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One request with cookies included, JSON in and out, retries, and `{data, error}` as the result. */
export async function fetchJson<T>(
  url: string,
  init: { method: "GET" | "POST"; body?: unknown },
  options: FetchOptions = {},
): Promise<ClientResult<T>> {
  const doFetch = options.fetch ?? globalThis.fetch;
  const delays = retryDelays(options.retry);
  for (let attempt = 0; ; attempt++) {
    let result: ClientResult<T>;
    try {
      const res = await doFetch(url, {
        method: init.method,
        credentials: "include",
        headers: {
          ...(init.body !== undefined ? { "content-type": "application/json" } : {}),
          ...(await authorizationHeader(options.auth)),
          ...options.headers,
        },
        body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
      });
      await options.onResponse?.(res);
      const text = await res.text();
      let parsed: unknown = null;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        parsed = null;
      }
      if (res.ok) result = { data: parsed as T, error: null };
      else {
        const body = parsed && typeof parsed === "object" ? (parsed as Record<string, unknown>) : {};
        result = {
          data: null,
          error: {
            ...body,
            status: res.status,
            message: typeof body.message === "string" ? body.message : res.statusText || "Request failed",
          },
        };
      }
    } catch (cause) {
      result = {
        data: null,
        error: { status: 0, code: "NETWORK_ERROR", message: (cause as Error)?.message ?? "Network error" },
      };
    }
    const delay = delays[attempt];
    if (result.error && retriable(result.error.status) && delay !== undefined) {
      await sleep(delay);
      continue;
    }
    if (result.error) options.onError?.(result.error);
    else options.onSuccess?.(result.data);
    return result;
  }
}
