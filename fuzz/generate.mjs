// Turns one OpenAPI operation and one "case" into one concrete HTTP request. The cases of an
// operation (buildCases) are derived from its documented body and query schema: every field with
// every hostile class that matters for it (NUL, lone surrogate, strings over column sizes, 5000-deep
// objects, prototype keys…), plus body, content-type, path, method and header mutations. The rest of
// the request stays valid-ish, so the hostile part reaches the handler and the database.
import { JObj, Raw, pct, queryText, toForm, toJson } from "./json.mjs";
import { OBJECT_CLASSES, STRING_CLASSES, deepArray, deepObject, hostileValues, stringFor } from "./values.mjs";

const ODD_METHODS = ["TRACE", "PATCH", "OPTIONS", "HEAD", "PUT", "DELETE", "get", "FOO"];
const PROTO_KEYS = ["__proto__", "constructor", "hasOwnProperty", "toString", "valueOf", "prototype"];

/** Every operation of the document as {method, path, op}, in document order. */
export function operationsOf(doc) {
  const out = [];
  for (const [path, item] of Object.entries(doc.paths ?? {}))
    for (const [method, op] of Object.entries(item))
      if (["get", "post", "put", "patch", "delete"].includes(method))
        out.push({ method: method.toUpperCase(), path, op });
  return out;
}

function resolve(schema, doc) {
  let s = schema ?? {};
  for (let i = 0; s.$ref && i < 10; i++)
    s =
      s.$ref
        .split("/")
        .slice(1)
        .reduce((o, k) => o?.[k], doc) ?? {};
  return s;
}

/** The schema's main type, looking through $ref, anyOf/oneOf (first non-null branch) and type lists. */
function typeOf(schema, doc) {
  const s = resolve(schema, doc);
  const branches = s.anyOf ?? s.oneOf;
  if (branches) return typeOf(branches.find((b) => resolve(b, doc).type !== "null") ?? branches[0], doc);
  if (s.enum) return "enum";
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== "null") : s.type;
  return type ?? (s.properties || s.additionalProperties ? "object" : "any");
}

/** The operation's JSON body schema, if it documents one. */
function bodySchema(opEntry, doc) {
  const schema = opEntry.op.requestBody?.content?.["application/json"]?.schema;
  return schema ? resolve(schema, doc) : null;
}

/**
 * Fields an open body (additionalProperties allowed) may carry beyond the documented ones: the
 * string columns of the model it most resembles (e.g. the user's additional field "nickname" on
 * sign-up and update-user), which reach the database without being documented.
 */
function modelExtras(schema, doc) {
  if (!schema?.properties || schema.additionalProperties === false) return [];
  const documented = Object.keys(schema.properties);
  let best = null;
  let bestOverlap = 0;
  for (const model of Object.values(doc.components?.schemas ?? {})) {
    const overlap = documented.filter((k) => model.properties?.[k]).length;
    if (overlap > bestOverlap) [best, bestOverlap] = [model, overlap];
  }
  if (!best || bestOverlap < 2) return [];
  return Object.entries(best.properties)
    .filter(([k, v]) => !documented.includes(k) && !/^(id|createdAt|updatedAt)$/.test(k) && typeOf(v, doc) === "string")
    .map(([k]) => k);
}

/** String classes for a field: URL-ish ones also get the redirect-breaking values. */
function stringClasses(name, schema) {
  const classes = ["nul", "surrogate", "len256", "len10k"];
  if (!(schema.maxLength < 1025)) classes.push("len1025");
  if (/url|redirect/i.test(name)) classes.push("nonLatin1", "crlf");
  return classes;
}

/**
 * The cases of one operation. Each is {kind, ...}: "valid"; "field" (path to a body field, class);
 * "key" (a prototype key in the body); "missing" (a required field left out); "strange" (a broken
 * body); "content-type"; "query" (param, class); "path-param"; "path"; "method"; "headers".
 */
export function buildCases(opEntry, doc) {
  const cases = [{ kind: "valid" }];
  const body = bodySchema(opEntry, doc);
  if (body) {
    const walk = (schema, at, depth) => {
      for (const [name, prop] of Object.entries(schema.properties ?? {})) {
        const path = [...at, name];
        const type = typeOf(prop, doc);
        if (type === "string")
          for (const cls of stringClasses(name, resolve(prop, doc))) cases.push({ kind: "field", path, cls });
        else if (type === "object") {
          for (const cls of Object.keys(OBJECT_CLASSES)) cases.push({ kind: "field", path, cls });
          const inner = resolve(prop, doc);
          if (depth < 2 && inner.properties) walk(inner, path, depth + 1);
          if (depth < 2 && inner.properties)
            for (const key of PROTO_KEYS.slice(0, 3)) cases.push({ kind: "key", key, at: path });
        } else cases.push({ kind: "field", path, cls: "misc" }, { kind: "field", path, cls: "misc" });
      }
      for (const name of modelExtras(schema, doc))
        for (const cls of ["nul", "surrogate", "len256", "len10k"])
          cases.push({ kind: "field", path: [...at, name], cls, extra: true });
    };
    walk(body, [], 0);
    for (const key of PROTO_KEYS) cases.push({ kind: "key", key, at: [] });
    for (const name of body.required ?? []) cases.push({ kind: "missing", name });
    cases.push({ kind: "field", path: [], cls: "misc" }, { kind: "strange" }, { kind: "strange" }, { kind: "strange" });
    cases.push({ kind: "content-type" }, { kind: "content-type" }, { kind: "content-type" });
  }
  for (const p of (opEntry.op.parameters ?? []).filter((x) => x.in === "query")) {
    const type = typeOf(p.schema ?? { type: "string" }, doc);
    const classes = type === "string" ? ["nul", "surrogate", "len1025", "misc"] : ["misc", "misc"];
    for (const cls of classes) cases.push({ kind: "query", param: p.name, cls });
    // Redirect targets: once signed out and once signed in, as the redirect code differs.
    if (/url|redirect/i.test(p.name))
      for (const cls of ["nonLatin1", "crlf"])
        for (const as of ["anon", "user"]) cases.push({ kind: "query", param: p.name, cls, as });
  }
  if (opEntry.path.includes("{")) cases.push({ kind: "path-param" }, { kind: "path-param" }, { kind: "path-param" });
  cases.push({ kind: "path" }, { kind: "path" }, { kind: "method" }, { kind: "headers" }, { kind: "headers" });
  if (opEntry.method === "GET") cases.push({ kind: "query-extra" }, { kind: "get-body" });
  return cases;
}

/**
 * Only the oversized-body cases (`--large-bodies`): a 2 MB JSON body, with a Content-Length and chunked,
 * to every operation that takes a body. Run repeatedly, they show whether a client still writing its
 * body always reads the 413 (issue 25: it used to fail with EPIPE, depending on timing).
 */
export function largeBodyCases(opEntry, doc) {
  if (!bodySchema(opEntry, doc)) return [];
  return [
    { kind: "large-body", chunked: false },
    { kind: "large-body", chunked: true },
  ];
}

/** A value that follows the schema (loosely: enough to get past validation most of the time). */
function validValue(schema, name, rng, ctx, depth = 0) {
  const s = resolve(schema, ctx.doc);
  if (s.enum) return rng.pick(s.enum);
  if (s.const !== undefined) return s.const;
  const branches = s.anyOf ?? s.oneOf;
  if (branches) {
    const nonNull = branches.filter((b) => resolve(b, ctx.doc).type !== "null");
    return validValue(rng.pick(nonNull.length ? nonNull : branches), name, rng, ctx, depth);
  }
  if (s.allOf) {
    const merged = { type: "object", properties: {}, required: [] };
    for (const part of s.allOf.map((p) => resolve(p, ctx.doc))) {
      Object.assign(merged.properties, part.properties);
      merged.required.push(...(part.required ?? []));
    }
    return validValue(merged, name, rng, ctx, depth);
  }
  const type = Array.isArray(s.type) ? rng.pick(s.type.filter((t) => t !== "null")) : s.type;
  switch (type) {
    case "string":
      return stringFor(name, s, rng, ctx);
    case "integer":
    case "number": {
      const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 0);
      const max = Math.min(s.maximum ?? 100, min + 100);
      return rng.int(min, max);
    }
    case "boolean":
      return rng.chance(0.5);
    case "null":
      return null;
    case "array":
      return depth > 4
        ? []
        : Array.from({ length: rng.int(0, 2) }, () => validValue(s.items, name, rng, ctx, depth + 1));
    case "object":
      return objectValue(s, rng, ctx, depth);
    default:
      if (s.properties) return objectValue(s, rng, ctx, depth);
      return rng.pick([rng.word(), rng.int(0, 9), true]);
  }
}

function objectValue(s, rng, ctx, depth) {
  const obj = new JObj();
  const required = new Set(s.required ?? []);
  for (const [key, prop] of Object.entries(s.properties ?? {}))
    if (depth < 5 && (required.has(key) || rng.chance(0.3))) obj.set(key, validValue(prop, key, rng, ctx, depth + 1));
  if (!s.properties && rng.chance(0.7)) obj.set(rng.word(2, 8), rng.pick(["v", 1, true]));
  return obj;
}

/** The hostile value of a class, and its label. */
function hostile(cls, rng) {
  if (STRING_CLASSES[cls]) return STRING_CLASSES[cls];
  if (OBJECT_CLASSES[cls]) return OBJECT_CLASSES[cls];
  return rng.pick(hostileValues());
}

/** Sets value at path inside obj (creating objects on the way). */
function setAt(obj, path, value) {
  let o = obj;
  for (const key of path.slice(0, -1)) {
    let next = o.get(key);
    if (!(next instanceof JObj)) {
      next = new JObj();
      o.set(key, next);
    }
    o = next;
  }
  o.set(path[path.length - 1], value);
}

function getAt(obj, path) {
  let o = obj;
  for (const key of path) o = o instanceof JObj ? o.get(key) : undefined;
  return o;
}

/** The request body and its content type for a case, or null for none. */
function makeBody(opEntry, theCase, rng, ctx, notes) {
  const schema = bodySchema(opEntry, ctx.doc);
  let value = schema ? validValue(schema, "", rng, ctx) : new JObj();
  if (!(value instanceof JObj)) value = new JObj();
  switch (theCase.kind) {
    case "field": {
      const [label, v] = hostile(theCase.cls, rng);
      if (theCase.path.length === 0) {
        notes.push(`body = ${label}`);
        return { contentType: "application/json", bytes: toJson(v) };
      }
      setAt(value, theCase.path, v);
      notes.push(`body.${theCase.path.join(".")} = ${label}${theCase.extra ? " (undocumented field)" : ""}`);
      break;
    }
    case "key": {
      const target = theCase.at.length ? getAt(value, theCase.at) : value;
      const obj = target instanceof JObj ? target : new JObj();
      if (!(target instanceof JObj)) setAt(value, theCase.at, obj);
      const v = rng.pick([
        new JObj([
          ["role", "admin"],
          ["polluted", true],
        ]),
        "x",
        1,
      ]);
      obj.entries.unshift([theCase.key, v]);
      notes.push(`body${theCase.at.map((k) => `.${k}`).join("")} has key ${theCase.key} = ${toJson(v)}`);
      break;
    }
    case "missing":
      value.delete(theCase.name);
      notes.push(`body without required ${theCase.name}`);
      break;
    case "strange":
      return { contentType: "application/json", bytes: strangeBody(rng, notes) };
    case "large-body":
      notes.push("2 MB body");
      return { contentType: "application/json", bytes: TWO_MB_BODY };
    case "content-type":
      return contentTypeBody(value, rng, notes);
    default:
      if (theCase.kind === "valid") notes.push("valid-ish body");
  }
  return { contentType: "application/json", bytes: toJson(value) };
}

/** The valid-ish body in another encoding or under another content type. */
function contentTypeBody(value, rng, notes) {
  const kind = rng.pick([
    "form",
    "form-proto",
    "text",
    "none",
    "multipart",
    "utf16",
    "garbage",
    "json-charset",
    "empty-json",
  ]);
  notes.push(`content type: ${kind}`);
  switch (kind) {
    case "form":
      return { contentType: "application/x-www-form-urlencoded", bytes: toForm(value) };
    case "form-proto":
      return {
        contentType: "application/x-www-form-urlencoded",
        bytes: `${toForm(value)}&__proto__[role]=admin&constructor[prototype][x]=1&a[b][c]=d&a=1&a=2`,
      };
    case "text":
      return { contentType: "text/plain", bytes: toJson(value) };
    case "none":
      return { contentType: null, bytes: toJson(value) };
    case "multipart":
      return {
        contentType: "multipart/form-data; boundary=XyZ",
        bytes: `--XyZ\r\nContent-Disposition: form-data; name="email"\r\n\r\na@example.com\r\n--XyZ--\r\n`,
      };
    case "utf16":
      return { contentType: "application/json; charset=utf-16le", bytes: Buffer.from(toJson(value), "utf16le") };
    case "garbage":
      return {
        contentType: rng.pick(["application/json;;;=", "*/*", "application/jsonp", "x".repeat(3000)]),
        bytes: toJson(value),
      };
    case "json-charset":
      return { contentType: "Application/JSON; Charset=UTF-8", bytes: toJson(value) };
    default:
      return { contentType: "application/json", bytes: "" };
  }
}

// Over every maxBodySize default (1 MiB): the server answers 413 while the client is still sending.
const TWO_MB_BODY = `{"name":"${"x".repeat(2 * 1024 * 1024)}"}`;

/** Whole bodies that are not what any endpoint expects. */
function strangeBody(rng, notes) {
  const [label, text] = rng.pick([
    ["malformed JSON (truncated)", '{"email":"a@example.com",'],
    ["malformed JSON (trailing comma)", '{"a":1,}'],
    ["malformed JSON (bare word)", "undefined"],
    ["malformed JSON (single quotes)", "{'a':1}"],
    ["JSON null", "null"],
    ["JSON array", "[1,2,3]"],
    ["JSON string", '"text"'],
    ["JSON number", "1e400"],
    ["empty body", ""],
    ["whitespace body", " \n\t "],
    ["BOM + JSON", '\ufeff{"a":1}'],
    ["5000-deep object body", deepObject().text],
    ["5000-deep array body", deepArray().text],
    ["5000-deep under a key", `{"metadata":${deepObject().text}}`],
    ["__proto__ top-level only", '{"__proto__":{"admin":true}}'],
    ["2 MB body", TWO_MB_BODY],
    ["NUL bytes in text", '{"a":"\u0000"}\u0000'],
    ["lone surrogate escape", '{"name":"\\ud800","email":"\\udfff@example.com"}'],
    [
      "invalid UTF-8",
      Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xff, 0xc0, 0xed, 0xa0, 0x80]), Buffer.from('"}')]),
    ],
  ]);
  notes.push(label);
  return text;
}

/** Query string: documented parameters valid-ish, the case's one hostile; extras for "query-extra". */
function makeQuery(opEntry, theCase, rng, ctx, notes) {
  const params = (opEntry.op.parameters ?? []).filter((p) => p.in === "query");
  const parts = [];
  for (const p of params) {
    const mine = theCase.kind === "query" && theCase.param === p.name;
    if (!mine && !p.required && rng.chance(0.4)) continue;
    let value = validValue(p.schema ?? { type: "string" }, p.name, rng, ctx);
    if (mine) {
      const [label, v] =
        theCase.cls === "misc"
          ? rng.pick([
              ...hostileValues().filter(([l]) => !/5000|1000 keys|2600/.test(l)),
              ["huge integer", "99999999999999999999999"],
              ["non-number", "abc"],
              ["negative", "-5"],
              ["Infinity", "Infinity"],
              ["bad percent", new Raw("%ZZ%")],
              ["encoded NUL", new Raw("%00")],
            ])
          : hostile(theCase.cls, rng);
      value = v;
      notes.push(`query.${p.name} = ${label}`);
    }
    const text = queryText(value);
    parts.push(`${pct(p.name)}=${value instanceof Raw ? text : pct(text)}`);
    if (mine && rng.chance(0.05)) {
      parts.push(`${pct(p.name)}=second`);
      notes.push(`query.${p.name} repeated`);
    }
  }
  if (theCase.kind === "query-extra") {
    const [label, extra] = rng.pick([
      ["query __proto__", "__proto__[role]=admin&__proto__=x"],
      ["query constructor", "constructor=1&hasOwnProperty=1&toString=x"],
      ["query bad percent", "a=%ZZ&%=1"],
      ["query array syntax", "ids[]=1&ids[]=2&o[a][b]=1"],
      ["2000 query params", Array.from({ length: 2000 }, (_, i) => `p${i}=1`).join("&")],
      ["empty query pairs", "&&&=&="],
    ]);
    parts.push(extra);
    notes.push(label);
  }
  return parts.length ? `?${parts.join("&")}` : "";
}

/** Fills {param} placeholders; returns the path with them replaced. */
function fillPath(opEntry, rng, ctx, notes, hostile) {
  return opEntry.path.replace(/\{([^}]+)\}/g, (_, name) => {
    if (!hostile)
      return name === "id" ? rng.pick(["github", "google", rng.word()]) : pct(stringFor(name, {}, rng, ctx));
    const [label, raw] = rng.pick([
      ["param with /", "a/b"],
      ["param %2F", "a%2Fb"],
      ["param %00", "a%00b"],
      ["param ..", ".."],
      ["param %2e%2e", "%2e%2e"],
      ["param unicode (encoded)", "%E2%80%AE%F0%9F%98%80"],
      ["param unicode (raw UTF-8)", Buffer.from("é😀", "utf8").toString("latin1")],
      ["param bad percent", "%ZZ"],
      ["param empty", ""],
      ["param 5000 chars", "p".repeat(5000)],
      ["param __proto__", "__proto__"],
      ["param constructor", "constructor"],
      ["param lone surrogate (encoded U+FFFD)", "%ED%A0%80"],
    ]);
    notes.push(`path {${name}} = ${label}`);
    return raw;
  });
}

/** Spells the route path differently: the router must route or refuse it, never fail. */
function pathVariant(prefix, path, rng, ctx, notes) {
  const [label, target] = rng.pick([
    ["trailing slash", `${prefix}${path}/`],
    ["double slash inside", `${prefix}/${path}`],
    ["double slash in front", `/${prefix}${path}`],
    ["dot segment", `${prefix}/.${path}`],
    ["dot-dot segment", `${prefix}/x/..${path}`],
    ["encoded dot-dot", `${prefix}/x/%2e%2e${path}`],
    ["encoded letter", `${prefix}${path.replace(/[a-z]/, (c) => `%${c.charCodeAt(0).toString(16)}`)}`],
    ["encoded slash", `${prefix}${path.replace(/\//g, "%2F")}`],
    ["upper case", `${prefix}${path.toUpperCase()}`],
    ["matrix param", `${prefix}${path};x=1`],
    ["trailing %00", `${prefix}${path}%00`],
    ["trailing bad percent", `${prefix}${path}%`],
    ["extra segment", `${prefix}${path}/extra`],
    ["absolute form", `${ctx.base}${prefix}${path}`],
    ["absolute form, other host", `http://evil.example${prefix}${path}`],
    ["asterisk", "*"],
    ["raw Latin-1 byte", `${prefix}${path}\u00e9`],
    ["raw UTF-8 bytes", `${prefix}${path}${Buffer.from("ĀŁ😀", "utf8").toString("latin1")}`],
    ["backslash", `${prefix}${path.replace("/", "\\")}`],
    ["fragment", `${prefix}${path}#frag`],
    ["8k path", `${prefix}${path}/${"a".repeat(8000)}`],
  ]);
  notes.push(`path: ${label}`);
  return target;
}

/** Headers beyond the defaults: origin, fetch metadata, cookies, authorization, odd ones. */
function makeHeaders(rng, ctx, identity, notes, noise) {
  const headers = [["host", `127.0.0.1:${ctx.port}`]];
  const cookie = identity === "anon" ? null : ctx.state[identity]?.cookie;
  if (!rng.chance(0.3 * noise)) headers.push(["origin", ctx.base]);
  else {
    const [label, origin] = rng.pick([
      ["no origin", null],
      ["origin null", "null"],
      ["untrusted origin", "https://evil.example"],
      ["origin with trailing slash", `${ctx.base}/`],
      ["upper-case origin", ctx.base.toUpperCase()],
      ["other trusted origin", "http://localhost:5173"],
      ["look-alike origin", `${ctx.base}.evil.example`],
      ["8k origin", `http://${"o".repeat(8000)}.example`],
      ["origin not a URL", "::::"],
      ["origin with Latin-1", "http://exämple.com"],
      ["two origins", [ctx.base, "https://evil.example"]],
    ]);
    notes.push(label);
    for (const o of Array.isArray(origin) ? origin : origin === null ? [] : [origin]) headers.push(["origin", o]);
    if (rng.chance(0.5)) headers.push(["referer", rng.pick([`${ctx.base}/x`, "https://evil.example/", "::"])]);
  }
  if (rng.chance(0.2 * noise)) {
    const site = rng.pick(["cross-site", "same-site", "same-origin", "none", "bogus"]);
    headers.push(["sec-fetch-site", site]);
    if (rng.chance(0.5)) headers.push(["sec-fetch-mode", rng.pick(["navigate", "cors", "no-cors"])]);
    notes.push(`sec-fetch-site: ${site}`);
  }
  let cookieHeader = cookie;
  if (rng.chance(0.25 * noise)) {
    const [label, odd] = rng.pick([
      ["garbage session cookie", "gatehouse.session_token=garbage"],
      ["session cookie without signature", `gatehouse.session_token=${ctx.state.user?.sessionToken ?? "x"}`],
      ["session cookie with bad signature", `gatehouse.session_token=${ctx.state.user?.sessionToken ?? "x"}.AAAA`],
      ["duplicate session cookie", "gatehouse.session_token=a.b; gatehouse.session_token=c.d"],
      ["4k cookie", `big=${"c".repeat(4000)}`],
      ["malformed cookie", "=;;;=a;b=;=="],
      ["prototype cookie names", "__proto__=1; constructor=2; hasOwnProperty=3"],
      ["percent cookie", "gatehouse.session_token=%ZZ%00%E2%80%AE"],
      ["Latin-1 cookie", "gatehouse.session_token=é"],
      ["session data cookie garbage", "gatehouse.session_data=eyJ9.garbage; gatehouse.dont_remember=x"],
    ]);
    notes.push(label);
    cookieHeader = rng.chance(0.5) && cookie ? `${cookie}; ${odd}` : odd;
  }
  if (cookieHeader) headers.push(["cookie", cookieHeader]);
  if (rng.chance(0.2 * noise)) {
    const [label, auth] = rng.pick([
      ["bearer garbage", "Bearer garbage"],
      ["bearer empty", "Bearer "],
      ["bearer session token", `Bearer ${ctx.state.user?.signedToken ?? "x"}`],
      ["basic auth", "Basic YWRtaW46YWRtaW4="],
      ["8k bearer", `Bearer ${"t".repeat(8000)}`],
      ["scheme only", "Bearer"],
    ]);
    headers.push(["authorization", auth]);
    notes.push(label);
  }
  if (rng.chance(0.15 * noise)) {
    const [label, key] = rng.pick([
      ["garbage x-api-key", "garbage"],
      ["empty x-api-key", ""],
      ["8k x-api-key", "k".repeat(8000)],
      ["real x-api-key", ctx.state.apiKey ?? "none"],
    ]);
    headers.push(["x-api-key", key]);
    notes.push(label);
  }
  if (rng.chance(0.2 * noise)) {
    const [label, name, value] = rng.pick([
      ["odd x-forwarded-for", "x-forwarded-for", "not-an-ip, ::ffff:999.1.1.1, , "],
      ["odd host", "host", "evil.example"],
      ["host with bad port", "host", "127.0.0.1:99999999"],
      ["12k header", "x-big", "h".repeat(12000)],
      ["20k header", "x-bigger", "h".repeat(20000)],
      ["gzip content-encoding on plain body", "content-encoding", "gzip"],
      ["odd accept", "accept", "text/html;q=ZZ, */*;q=-1"],
      ["Latin-1 user-agent", "user-agent", "fuzzé\u00ff"],
    ]);
    if (name === "host") headers[0][1] = value;
    else headers.push([name, value]);
    notes.push(label);
  }
  return headers;
}

/**
 * One request for the operation and case: {identity, method, target, headers, body, chunked, notes}.
 * identity is who sends it (anon, user or admin); their session cookie is already in the headers.
 */
export function generateRequest(opEntry, theCase, rng, ctx) {
  const notes = [];
  ctx.route = opEntry.path;
  // Admin routes mostly as the admin; the emailed-token links mostly as whoever opens the email
  // (anyone for verify and reset links, the account owner for the delete link).
  // Cases aimed at a field get a signed-in sender on routes that need one (an anonymous request
  // would stop at the 401); organization routes mostly the user, who owns the organization.
  const needsSession =
    Array.isArray(opEntry.op.security) && !opEntry.op.security.some((o) => Object.keys(o).length === 0);
  const aimed = !["headers", "path", "method"].includes(theCase.kind);
  let weights = opEntry.path.startsWith("/admin/")
    ? [1, 1, 8]
    : /verify-email|reset-password\/\{/.test(opEntry.path)
      ? [6, 3, 1]
      : opEntry.path.startsWith("/delete-user/")
        ? [2, 7, 1]
        : opEntry.path.startsWith("/organization/")
          ? [2, 7, 1]
          : [2, 5, 3];
  if (needsSession && aimed) weights = [0, weights[1], weights[2]];
  const identity =
    theCase.as ??
    rng.weighted([
      [weights[0], "anon"],
      [weights[1], "user"],
      [weights[2], "admin"],
    ]);
  let method = opEntry.method;
  if (theCase.kind === "method") {
    method = rng.pick(ODD_METHODS);
    notes.push(`method ${method}`);
  }
  const path = fillPath(opEntry, rng, ctx, notes, theCase.kind === "path-param");
  let target = theCase.kind === "path" ? pathVariant(ctx.prefix, path, rng, ctx, notes) : `${ctx.prefix}${path}`;
  if (target !== "*" && !target.includes("#")) target += makeQuery(opEntry, theCase, rng, ctx, notes);
  // Header noise is the case itself for "headers", and rare otherwise: a bad Origin would stop the
  // request at the CSRF check before the case's hostile field reaches anything.
  const headers = makeHeaders(rng, ctx, identity, notes, theCase.kind === "headers" ? 3 : 0.1);
  const wantsBody = opEntry.method !== "GET" || theCase.kind === "get-body";
  const body = wantsBody ? makeBody(opEntry, theCase, rng, ctx, notes) : null;
  let bytes = null;
  if (body && method !== "HEAD" && method !== "get") {
    if (body.contentType) headers.push(["content-type", body.contentType]);
    bytes = Buffer.isBuffer(body.bytes) ? body.bytes : Buffer.from(body.bytes, "utf8");
  }
  const chunked =
    bytes !== null && (theCase.kind === "large-body" ? theCase.chunked : theCase.kind === "headers" && rng.chance(0.3));
  if (chunked) notes.push("chunked body");
  return { identity, method, target, headers, body: bytes, chunked, notes, case: theCase };
}
