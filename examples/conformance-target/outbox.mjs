// The test outbox of TARGET.md: every email the target would send is recorded here instead.
/** @type {{type: string, to: string, url?: string, token?: string, id?: string, newEmail?: string}[]} */
export const outbox = [];

/** Records one email. */
export function record(mail) {
  outbox.push({ ...mail, to: mail.to.toLowerCase() });
}

/** Answers GET and DELETE /__test/outbox; returns false for any other request. */
export function handleOutbox(req, res) {
  if (!req.url?.startsWith("/__test/outbox")) return false;
  if (req.method === "DELETE") outbox.length = 0;
  res.writeHead(200, { "content-type": "application/json" });
  res.end(JSON.stringify(req.method === "DELETE" ? { ok: true } : outbox));
  return true;
}
