import { useLoad } from "../ui.js";

/** An email (`link`, or `text` with a `code`) or a text message (`text`, `code`): see mailbox.mjs. */
interface Message {
  id: string;
  kind: "email" | "sms";
  to: string;
  subject: string;
  link?: string;
  text?: string;
  code?: string;
  /** An email as a mail client would show it (mailbox.mjs renders it). */
  html?: string;
  sentAt: string;
}

/** The dev mailbox: what the server would have emailed or texted, newest first; kept across restarts. */
export function Mailbox() {
  const { data, reload } = useLoad<Message[]>(async () => {
    const res = await fetch("/dev/mailbox");
    return { data: (await res.json()) as Message[], error: null };
  }, []);
  return (
    <section>
      <h1>
        Dev mailbox{" "}
        <button type="button" onClick={() => reload()}>
          Refresh
        </button>
      </h1>
      {!data?.length && <p className="muted">No messages yet.</p>}
      <ul className="cards">
        {data?.map((m) =>
          m.kind === "sms" ? (
            <li key={m.id} className="card" data-testid="message">
              <div>
                <strong>{m.subject}</strong>
              </div>
              <SmsText text={m.text ?? ""} code={m.code ?? ""} />
            </li>
          ) : (
            <li key={m.id} className="card" data-testid="message">
              <div>
                <strong>{m.subject}</strong> <span className="muted">to {m.to}</span>
              </div>
              {m.link ? (
                <a href={m.link} data-testid="message-link">
                  {m.link}
                </a>
              ) : (
                <SmsText text={m.text ?? ""} code={m.code ?? ""} />
              )}
              {m.html && (
                <details className="email-preview">
                  <summary>Show the email</summary>
                  {/* sandbox="": the email's HTML runs no script and cannot reach this page. */}
                  <iframe sandbox="" srcDoc={m.html} title={`Email: ${m.subject}`} data-testid="message-html" />
                </details>
              )}
            </li>
          ),
        )}
      </ul>
    </section>
  );
}

/** The message as sent, its code set apart so a person trying the app can spot and copy it. */
function SmsText({ text, code }: { text: string; code: string }) {
  const at = code ? text.indexOf(code) : -1;
  if (at < 0) return <p className="sms">{text}</p>;
  return (
    <p className="sms">
      {text.slice(0, at)}
      <code data-testid="message-code">{code}</code>
      {text.slice(at + code.length)}
    </p>
  );
}
