// How a failing request is written down: reproducible (exact method, target, headers and body, with
// long runs of one character shortened to «c×N» so a 10k string stays readable) and deduplicated.

/** A string with runs of 20+ identical characters written as «c×N», then JSON-escaped. */
export function squeeze(text) {
  return JSON.stringify(text).replace(/(.)\1{19,}/g, (run, c) => `«${c}×${run.length}»`);
}

function bodyText(body) {
  if (body === null) return "(none)";
  const text = body.toString("utf8");
  // Bytes that are not valid UTF-8 are shown as hex so the description still reproduces them.
  if (!Buffer.from(text, "utf8").equals(body)) return `hex ${body.toString("hex").slice(0, 2000)}`;
  const shown = squeeze(text);
  return shown.length > 3000 ? `${shown.slice(0, 3000)}… (${body.length} bytes)` : shown;
}

/** The request as text: method, target, each header, body. */
export function describeRequest(req) {
  const lines = [`${req.method} ${squeeze(req.target).slice(1, -1)}`];
  for (const [name, value] of req.headers) lines.push(`${name}: ${squeeze(String(value)).slice(1, -1)}`);
  if (req.chunked) lines.push("transfer-encoding: chunked");
  lines.push(`body: ${bodyText(req.body)}`);
  return lines;
}

/** The first meaningful line the server logged, or the response's message. */
export function causeOf(failure) {
  const log = (failure.log ?? "")
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);
  // "TypeError [ERR_INVALID_CHAR]: …" over "throw error;" (the source line node prints first).
  const errorLine =
    log.find((l) => /^(\w*Error|\w*Exception)\b|\[ERR_\w+\]/.test(l)) ??
    log.find((l) => /\b(\w*Error|error|ERR_\w+)\b/.test(l) && !/^at |^throw /.test(l)) ??
    log[0];
  if (errorLine) return errorLine.slice(0, 300);
  if (failure.responseBody) return `response: ${failure.responseBody.slice(0, 200)}`;
  return "(nothing logged)";
}

/** The cause with ids, numbers and quoted values blanked, so one bug gives one key. */
export function normalizeCause(cause) {
  return cause
    .replace(/"[^"]*"|'[^']*'|`[^`]*`/g, "…")
    .replace(/\b(?=[A-Za-z_-]*\d)[A-Za-z0-9_-]{16,}\b/g, "X") // ids and tokens, not ERR_INVALID_CHAR
    .replace(/\d+/g, "N")
    .slice(0, 160);
}
