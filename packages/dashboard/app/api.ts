// A small typed fetch layer: same-origin JSON, every failure turned into a `{ code, message }` the
// page shows. Not @gatehouse-auth/client: the dashboard's own endpoints are not in the client's routes
// table, and a dozen calls do not need a session store.

/** What a failed call reports: the server's code and message, or NETWORK_ERROR. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** Query parameters; empty and undefined values are left out. */
export type Query = Record<string, string | number | boolean | undefined | null>;

/** The calls the pages make, bound to the auth base path and the dashboard's path. */
export interface Api {
  /** GET base path + `path`. */
  get<T>(path: string, query?: Query, signal?: AbortSignal): Promise<T>;
  /** POST base path + `path` with a JSON body. */
  post<T>(path: string, body: unknown): Promise<T>;
  /** The dashboard's own JSON endpoints, relative to base + dashboard path + /api. */
  dashboard: {
    get<T>(name: string, query?: Query, signal?: AbortSignal): Promise<T>;
    post<T>(name: string, body: unknown): Promise<T>;
  };
}

function withQuery(url: string, query: Query | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

async function readError(response: Response): Promise<ApiError> {
  let code = `HTTP_${response.status}`;
  let message = response.statusText || "The request failed";
  try {
    const body = (await response.json()) as { code?: unknown; message?: unknown };
    if (typeof body.code === "string") code = body.code;
    if (typeof body.message === "string") message = body.message;
  } catch {
    // Not JSON (a proxy's error page): the status line is all there is.
  }
  return new ApiError(response.status, code, message);
}

async function call<T>(url: string, init: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: "same-origin", ...init });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(0, "NETWORK_ERROR", "The server could not be reached. Check your connection and retry.");
  }
  if (!response.ok) throw await readError(response);
  return (await response.json()) as T;
}

/** Builds the API for a base path such as `/api/auth` and a dashboard path such as `/dashboard`. */
export function createApi(basePath: string, dashboardPath: string): Api {
  const base = basePath.replace(/\/+$/, "");
  const own = `${base}${dashboardPath.replace(/\/+$/, "")}/api`;
  const get = <T>(url: string, query?: Query, signal?: AbortSignal) =>
    call<T>(withQuery(url, query), { headers: { accept: "application/json" }, ...(signal ? { signal } : {}) });
  const post = <T>(url: string, body: unknown) =>
    call<T>(url, {
      method: "POST",
      headers: { accept: "application/json", "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  return {
    get: (path, query, signal) => get(`${base}${path}`, query, signal),
    post: (path, body) => post(`${base}${path}`, body),
    dashboard: {
      get: (name, query, signal) => get(`${own}/${name}`, query, signal),
      post: (name, body) => post(`${own}/${name}`, body),
    },
  };
}

/** The message to show for anything a call threw. */
export function errorOf(error: unknown): { code: string; message: string } {
  if (error instanceof ApiError) return { code: error.code, message: error.message };
  return { code: "UNEXPECTED", message: error instanceof Error ? error.message : String(error) };
}
