/** The provider's parsed JSON answer, or why there is none. */
export type SiteVerifyReply = { ok: true; answer: Record<string, unknown> } | { ok: false; reason: string };

/** No site-verify answer is anywhere near this; a longer one is not an answer. */
const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * POSTs the form to the provider's site-verify URL and reads its JSON answer, all within `timeout` ms:
 * the deadline covers connecting, the headers and every byte of the body, so a provider that never
 * answers or drips its answer costs at most `timeout`. Redirects are not followed (a 307 would carry
 * the secret to wherever it points). Never throws: anything but a 200 JSON object is `ok: false`.
 */
export async function postSiteVerify(url: string, form: URLSearchParams, timeout: number): Promise<SiteVerifyReply> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeout);
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: form,
      redirect: "manual",
      signal: controller.signal,
    });
    if (response.status !== 200) {
      await response.body?.cancel().catch(() => {});
      return { ok: false, reason: `answered HTTP ${response.status}` };
    }
    const text = await readCapped(response);
    if (text === null) return { ok: false, reason: "answered more than 64 KiB" };
    let answer: unknown;
    try {
      answer = JSON.parse(text);
    } catch {
      return { ok: false, reason: "answered something that is not JSON" };
    }
    if (
      typeof answer !== "object" ||
      answer === null ||
      Array.isArray(answer) ||
      typeof (answer as { success?: unknown }).success !== "boolean"
    ) {
      return { ok: false, reason: "answered JSON without a boolean `success`" };
    }
    return { ok: true, answer: answer as Record<string, unknown> };
  } catch (error) {
    return {
      ok: false,
      reason: controller.signal.aborted
        ? `did not answer within ${timeout} ms`
        : `could not be reached (${describe(error)})`,
    };
  } finally {
    clearTimeout(timer);
  }
}

/** The body as UTF-8, or null past MAX_ANSWER_BYTES (the read stops there). */
async function readCapped(response: Response): Promise<string | null> {
  const reader = response.body?.getReader();
  if (!reader) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_ANSWER_BYTES) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

function describe(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return cause instanceof Error ? cause.message : String(cause);
}
