// The fuzzer's JSON model. Plain JS objects cannot carry an own "__proto__" key and JSON.stringify
// cannot write 1e400, a 5,000-deep document or broken text, so bodies are built from these instead.

/** An object as ordered [key, value] pairs: any key, duplicates included. */
export class JObj {
  constructor(entries = []) {
    this.entries = entries;
  }
  get(key) {
    return this.entries.find(([k]) => k === key)?.[1];
  }
  set(key, value) {
    const i = this.entries.findIndex(([k]) => k === key);
    if (i >= 0) this.entries[i] = [key, value];
    else this.entries.push([key, value]);
    return this;
  }
  delete(key) {
    this.entries = this.entries.filter(([k]) => k !== key);
    return this;
  }
}

/** JSON text written as it is (numbers JSON.stringify cannot write, broken or deep documents). */
export class Raw {
  constructor(text) {
    this.text = text;
  }
}

/** Serialises a value of the model to JSON text (lone surrogates come out \u-escaped, as JSON.stringify writes them). */
export function toJson(value) {
  if (value instanceof Raw) return value.text;
  if (value instanceof JObj) return `{${value.entries.map(([k, v]) => `${JSON.stringify(k)}:${toJson(v)}`).join(",")}}`;
  if (Array.isArray(value)) return `[${value.map(toJson).join(",")}]`;
  if (value === undefined) return "null";
  return JSON.stringify(value);
}

/** Percent-encodes UTF-8 (a lone surrogate becomes U+FFFD, as any UTF-8 encoder writes it). */
export function pct(text) {
  let out = "";
  for (const byte of Buffer.from(String(text), "utf8")) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-_.~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

/** A top-level value as application/x-www-form-urlencoded: objects and arrays as JSON text. */
export function toForm(value) {
  if (!(value instanceof JObj)) return `value=${pct(toJson(value))}`;
  return value.entries
    .map(([k, v]) => `${pct(k)}=${pct(typeof v === "string" ? v : v instanceof Raw ? v.text : toJson(v))}`)
    .join("&");
}

/** A query-string value: strings as they are, anything else as JSON text. */
export function queryText(value) {
  return typeof value === "string" ? value : value instanceof Raw ? value.text : toJson(value);
}
