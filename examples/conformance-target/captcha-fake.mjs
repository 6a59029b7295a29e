// The fake Cloudflare Turnstile site-verify of TARGET.md "Profile captcha", served by the target itself
// in every profile, so no request leaves the machine: POST /__test/captcha/siteverify with Turnstile's
// request (JSON or form: secret, response, remoteip?) and answer ({success, "error-codes", hostname}).

/** The only secret the fake knows (the captcha profile's). */
export const CAPTCHA_SECRET = "conformance-captcha-secret";
const PATH = "/__test/captcha/siteverify";
/** `once-*` tokens already verified: like real tokens, each verifies once. */
const spent = new Set();

/** Turnstile's verdict on one request's fields. */
function verdict(fields, hostname) {
  const no = (code) => ({ success: false, "error-codes": [code], hostname: "" });
  if (typeof fields.secret !== "string" || fields.secret === "") return no("missing-input-secret");
  if (fields.secret !== CAPTCHA_SECRET) return no("invalid-input-secret");
  const token = fields.response;
  if (typeof token !== "string" || token === "") return no("missing-input-response");
  if (token.startsWith("once-")) {
    if (spent.has(token)) return no("timeout-or-duplicate");
    spent.add(token);
  } else if (token !== "pass-token") return no("invalid-input-response");
  return { success: true, "error-codes": [], challenge_ts: new Date().toISOString(), hostname, action: "", cdata: "" };
}

/** Answers POST /__test/captcha/siteverify; returns false for any other request. `hostname`: the site's. */
export function handleCaptchaFake(req, res, hostname) {
  if (req.url?.split("?")[0] !== PATH) return false;
  const answer = (status, body) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  if (req.method !== "POST") {
    answer(405, { success: false, "error-codes": ["bad-request"] });
    return true;
  }
  let raw = "";
  req.setEncoding("utf8");
  req.on("data", (chunk) => {
    raw += chunk;
    if (raw.length > 65536) req.destroy(); // no site-verify request is this large
  });
  req.on("end", () => {
    let fields = {};
    try {
      fields = String(req.headers["content-type"]).startsWith("application/json")
        ? JSON.parse(raw)
        : Object.fromEntries(new URLSearchParams(raw));
    } catch {
      return answer(400, { success: false, "error-codes": ["bad-request"], hostname: "" });
    }
    answer(200, verdict(fields && typeof fields === "object" ? fields : {}, hostname));
  });
  return true;
}
