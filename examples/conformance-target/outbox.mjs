// The test outbox of TARGET.md: every email the target would send is recorded here instead.
/** @type {{type: string, to: string, url?: string, token?: string, id?: string, newEmail?: string}[]} */
export const outbox = [];

/** Records one email. */
export function record(mail) {
  outbox.push({ ...mail, to: mail.to.toLowerCase() });
}

/**
 * Answers GET and DELETE /__test/outbox; returns false for any other request. Gatehouse sends mail after
 * its answer (so timing says nothing about who has an account): `settled` (the auth's `settled()`) is
 * awaited first, so the outbox holds every mail of the requests answered before this one.
 */
export function handleOutbox(req, res, settled) {
  if (!req.url?.startsWith("/__test/outbox")) return false;
  settled().then(() => {
    if (req.method === "DELETE") outbox.length = 0;
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify(req.method === "DELETE" ? { ok: true } : outbox));
  });
  return true;
}
