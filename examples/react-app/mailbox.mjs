// The dev mailbox: every email and text message the app would send is kept here (newest first) and
// shown at /mailbox. Never use this in production: wire the send functions to a real mailer / SMS
// provider instead.
const messages = [];

/**
 * Records one email: `link` is the URL it would carry, or `text` the body of an email that carries a
 * one-time `code` instead (shown apart, as for texts).
 */
export function deliver({ to, subject, link, text, code }) {
  messages.unshift({
    id: String(messages.length + 1),
    kind: "email",
    to,
    subject,
    link,
    text,
    code,
    sentAt: new Date().toISOString(),
  });
  console.log(`[mailbox] to ${to}: ${subject} — ${link ?? text}`);
}

/** Records one text message to `to` (E.164); `code` is the one-time code it carries, shown apart. */
export function deliverSms({ to, text, code }) {
  messages.unshift({
    id: String(messages.length + 1),
    kind: "sms",
    to,
    subject: `SMS to ${to}`,
    text,
    code,
    sentAt: new Date().toISOString(),
  });
  console.log(`[mailbox] SMS to ${to}: ${text}`);
}

/** Answers GET /dev/mailbox with the messages as JSON; returns false for any other request. */
export function handleMailbox(req, res) {
  if (req.method !== "GET" || !req.url?.startsWith("/dev/mailbox")) return false;
  res.writeHead(200, { "content-type": "application/json", "cache-control": "no-store" });
  res.end(JSON.stringify(messages));
  return true;
}
