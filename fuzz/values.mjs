// Values for request bodies and queries: "valid-ish" ones that follow the operation's schema (so a
// request gets past validation into the handler and the database) and hostile ones that do not.
import { JObj, Raw } from "./json.mjs";

const DEEP = 5000;
/** A document nested DEEP levels: objects, or arrays. */
export const deepObject = () => new Raw(`${'{"a":'.repeat(DEEP)}1${"}".repeat(DEEP)}`);
export const deepArray = () => new Raw(`${"[".repeat(DEEP)}${"]".repeat(DEEP)}`);

/** [label, value] pairs: the hostile values one field is replaced with. */
export function hostileValues() {
  return [
    ["number 0", 0],
    ["number -1", -1],
    ["boolean true", true],
    ["boolean false", false],
    ["null", null],
    ["empty array", []],
    ["empty object", new JObj()],
    ["array of string", ["a", "b"]],
    ["object", new JObj([["a", 1]])],
    ["empty string", ""],
    ["blank string", "   "],
    ["10k string", "x".repeat(10000)],
    ["256-char string", "a".repeat(256)],
    ["1025-char string", "b".repeat(1025)],
    ["NUL", "\u0000"],
    ["embedded NUL", "fuzz\u0000value"],
    ["lone high surrogate", "\ud800"],
    ["lone low surrogate", "a\udc00b"],
    ["RTL marks", "\u202eevil\u200f\u200e"],
    ["emoji", "😀🇫🇷👩‍👩‍👧"],
    ["2600 emoji", "😀".repeat(2600)],
    ["300 é", "é".repeat(300)],
    ["BOM", "\ufeffvalue"],
    ["NEL/LS", "a\u0085b\u2028c"],
    ["CRLF", "a\r\nSet-Cookie: x=1"],
    ["HTML", "<script>alert(1)</script>"],
    ["SQL", "' OR '1'='1' --"],
    ["percent", "%00%ZZ%"],
    ["dot segments", "../../../etc/passwd"],
    ["padded", "  padded  "],
    ["trailing space", "admin@example.com "],
    ["upper email", "ADMIN@EXAMPLE.COM"],
    ["long email", `a@${"x".repeat(300)}.com`],
    ["bad email", "a@"],
    ["math letters", "𝕒𝕕𝕞𝕚𝕟"],
    ["string __proto__", "__proto__"],
    ["string constructor", "constructor"],
    ["string hasOwnProperty", "hasOwnProperty"],
    ["string toString", "toString"],
    ["numeric string", "-1"],
    ["bad date", "2026-13-45T99:99:99Z"],
    ["far date", "+275760-09-13T00:00:00.000Z"],
    ["javascript: URL", "javascript:alert(1)"],
    ["protocol-relative URL", "//evil.example/x"],
    ["non-Latin-1 URL", "/dashboard/ĀŁ😀"],
    ["untrusted URL", "https://evil.example/cb"],
    ["number 1e400", new Raw("1e400")],
    ["number -1e400", new Raw("-1e400")],
    ["number 2^53+1", new Raw("9007199254740993")],
    ["number 30 digits", new Raw("123456789012345678901234567890")],
    ["number -2^31-1", -2147483649],
    ["number 2^31", 2147483648],
    ["number 0.5", 0.5],
    ["number -0", new Raw("-0")],
    ["number 1e308", 1e308],
    ["__proto__ object", new JObj([["__proto__", new JObj([["polluted", true]])]])],
    ["constructor.prototype", new JObj([["constructor", new JObj([["prototype", new JObj([["polluted", true]])]])]])],
    [
      "toString key",
      new JObj([
        ["toString", "x"],
        ["valueOf", 1],
      ]),
    ],
    ["5000-deep object", deepObject()],
    ["5000-deep array", deepArray()],
    ["1000 keys", new JObj(Array.from({ length: 1000 }, (_, i) => [`k${i}`, i]))],
  ];
}

/** The hostile value classes a string field is tried with (each one a case of its own). */
export const STRING_CLASSES = {
  nul: ["embedded NUL", "fuzz\u0000value"],
  surrogate: ["lone surrogate", "fuzz\ud800value"],
  len256: ["256 characters", "a".repeat(256)],
  len1025: ["1025 characters", "b".repeat(1025)],
  len10k: ["10k characters", "x".repeat(10000)],
  nonLatin1: ["non-Latin-1 URL", "/dashboard/ĀŁ😀"],
  crlf: ["CRLF", "/x\r\nSet-Cookie: injected=1"],
};
/** The same for object-typed fields (metadata, data, permissions…). */
export const OBJECT_CLASSES = {
  deep: ["5000-deep object", deepObject()],
  protoObject: ["object with a __proto__ key", new JObj([["__proto__", new JObj([["polluted", true]])]])],
  constructorObject: [
    "object with constructor.prototype",
    new JObj([["constructor", new JObj([["prototype", new JObj([["polluted", true]])]])]]),
  ],
};

/** A valid-ish string for a field, from its name: known ids and tokens, fresh emails, trusted URLs. */
export function stringFor(name, schema, rng, ctx) {
  const n = name.toLowerCase();
  const s = ctx.state;
  const route = ctx.route ?? "";
  const pool = (list) => rng.pick(list.filter((x) => typeof x === "string" && x.length > 0).concat(rng.word(8, 32)));
  const latest = (type) => s.tokens?.[type]?.at(-1);
  if (schema.format === "date-time")
    return rng.pick([new Date(Date.now() + 86400000).toISOString(), "2020-01-01T00:00:00Z"]);
  if (n.includes("email")) {
    // Routes that create a user or an invitation need an address nobody has yet.
    const fresh = `fuzz-${rng.word(6, 10)}@example.com`;
    if (/sign-up|create-user|invite|change-email/.test(route) || n === "newemail")
      return rng.chance(0.8) ? fresh : pool([s.user?.email]);
    return rng.chance(0.7) && s.user?.email ? s.user.email : fresh;
  }
  if (n.includes("password")) return rng.chance(0.7) && s.user?.password ? s.user.password : `pw-${rng.word(10, 20)}`;
  if (n.includes("url") || n.includes("redirect"))
    return rng.pick(["/", "/dashboard", `${ctx.base}/after`, "http://localhost:5173/x"]);
  if (n === "token" || n === "otp") {
    // The emailed tokens, so verify-email, reset-password and delete-user get past their token check.
    const emailed = route.includes("verify-email")
      ? latest("verify-email")
      : route.includes("reset-password")
        ? latest("reset-password")
        : route.includes("delete-user")
          ? latest("delete-account")
          : null;
    if (emailed && rng.chance(0.9)) return emailed;
    if (emailed !== null) return rng.word(8, 32);
    return pool([s.user?.sessionToken, s.user?.signedToken]);
  }
  if (n === "userid") return pool([s.user?.id]);
  if (n === "organizationid") return pool([s.orgId]);
  if (n === "organizationslug" || n === "slug")
    return rng.chance(0.3) && s.orgSlug ? s.orgSlug : `fz-${rng.word(6, 12)}`;
  if (n === "teamid") return pool([s.teamId]);
  if (n === "invitationid") return pool([s.invitationId, s.tokens?.invitation?.at(-1)]);
  if (n === "memberidoremail" || n === "memberid") return pool([s.user?.id, s.user?.email]);
  if (n === "keyid") return pool([s.apiKeyId]);
  if (n === "key") return pool([s.apiKey]);
  if (n === "sessiontoken") return pool([s.user?.sessionToken, s.user?.signedToken]);
  if (n === "id")
    return pool(
      route.includes("invitation") ? [s.invitationId] : [s.user?.id, s.orgId, s.teamId, s.invitationId, s.apiKeyId],
    );
  if (n === "role") return rng.pick(["admin", "user", "owner", "member"]);
  if (n.includes("provider")) return rng.pick(["github", "credential"]);
  if (n === "name" || n === "nickname") return rng.pick(["Fuzz Name", rng.word(1, 20)]);
  let text = rng.word(schema.minLength ?? 1, Math.max(schema.minLength ?? 1, Math.min(schema.maxLength ?? 16, 16)));
  if (schema.pattern && rng.chance(0.5)) text = "abc";
  return text;
}
