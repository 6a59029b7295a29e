// The dev mailbox: every email and text message the app would send is kept here (newest first) and
// shown at /mailbox, each email also as the HTML a mail client would show. The messages are saved to a
// file beside the database, so a restart (`pnpm dev` reloading the server) keeps them. Never use this in
// production: wire the send functions to a real mailer / SMS provider instead.
import { randomUUID } from "node:crypto";
import { readFileSync, renameSync, writeFileSync } from "node:fs";

/** Messages kept (newest first): a dev mailbox, not an archive. */
export const MAILBOX_LIMIT = 200;

const messages = [];
let file = null;

/**
 * Keeps the messages in `path` from now on, starting with the ones saved there before (an unreadable or
 * missing file starts empty). Without a call the mailbox lives in memory only.
 */
export function openMailbox(path) {
  file = path;
  let saved = [];
  try {
    saved = JSON.parse(readFileSync(path, "utf8"));
  } catch {
    // First start, or a file from something else: start empty (and overwrite it on the next message).
  }
  messages.splice(0, messages.length, ...(Array.isArray(saved) ? saved.slice(0, MAILBOX_LIMIT) : []));
}

function keep(message) {
  messages.unshift({ id: randomUUID(), sentAt: new Date().toISOString(), ...message });
  messages.length = Math.min(messages.length, MAILBOX_LIMIT);
  if (!file) return;
  try {
    // Written whole and renamed into place: a crash mid-write never leaves half a file.
    writeFileSync(`${file}.tmp`, JSON.stringify(messages));
    renameSync(`${file}.tmp`, file);
  } catch (error) {
    console.warn(`[mailbox] could not save to ${file}: ${error.message}`);
  }
}

const ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escapeHtml = (text) => String(text).replace(/[&<>"']/g, (c) => ESCAPES[c]);

/** The email as HTML, the way a transactional mail looks: a heading, a line, the button or the code. */
export function renderEmail({ subject, link, text, code }) {
  const action = link
    ? `<p><a class="button" href="${escapeHtml(link)}">${escapeHtml(subject)}</a></p><p class="small">Or open this link: ${escapeHtml(link)}</p>`
    : `<p>${escapeHtml(text ?? "")}</p>${code ? `<p class="code">${escapeHtml(code)}</p>` : ""}`;
  return [
    "<!doctype html><html><head><meta charset='utf-8'><style>",
    "body{font:15px/1.5 system-ui,sans-serif;color:#1b2430;background:#f5f6f8;margin:0;padding:24px}",
    ".mail{max-width:480px;margin:auto;background:#fff;border:1px solid #dde1e7;border-radius:10px;padding:24px}",
    ".button{display:inline-block;background:#2f5bd3;color:#fff;padding:10px 16px;border-radius:8px;text-decoration:none;font-weight:600}",
    "h1{font-size:20px;margin:0 0 12px}.small{color:#5b6675;font-size:13px;word-break:break-all}.code{font:700 26px/1 ui-monospace,monospace;letter-spacing:4px}",
    "</style></head><body><div class='mail'>",
    `<h1>${escapeHtml(subject)}</h1>`,
    action,
    "<p class='small'>Sent by the Gatehouse example app.</p></div></body></html>",
  ].join("");
}

/**
 * Records one email: `link` is the URL it would carry, or `text` the body of an email that carries a
 * one-time `code` instead (shown apart, as for texts).
 */
export function deliver({ to, subject, link, text, code }) {
  keep({ kind: "email", to, subject, link, text, code, html: renderEmail({ subject, link, text, code }) });
  console.log(`[mailbox] to ${to}: ${subject} — ${link ?? text}`);
}

/** Records one text message to `to` (E.164); `code` is the one-time code it carries, shown apart. */
export function deliverSms({ to, text, code }) {
  keep({ kind: "sms", to, subject: `SMS to ${to}`, text, code });
  console.log(`[mailbox] SMS to ${to}: ${text}`);
}

/** Answers GET /dev/mailbox with the messages as JSON; returns false for any other request. */
export function handleMailbox(req, res) {
  if (req.method !== "GET" || !req.url?.startsWith("/dev/mailbox")) return false;
  res.writeHead(200, { "content-type": "application/json", "cache-control": "no-store" });
  res.end(JSON.stringify(messages));
  return true;
}
