/** A non-JSON or non-200 endpoint result: redirect, HTML page, or JSON with a custom status. */
export class EndpointResponse {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {}
}

/** A 302 redirect to `url`. */
export function redirectTo(url: string, status = 302): EndpointResponse {
  return new EndpointResponse(status, null, { location: url });
}

/** An HTML page. */
export function htmlResponse(html: string, status = 200): EndpointResponse {
  return new EndpointResponse(status, html, { "content-type": "text/html; charset=utf-8" });
}
