import { useLoad } from "../ui.js";

interface Message {
  id: string;
  to: string;
  subject: string;
  link: string;
  sentAt: string;
}

/** The dev mailbox: what the server would have emailed, newest first. */
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
        {data?.map((m) => (
          <li key={m.id} className="card" data-testid="message">
            <div>
              <strong>{m.subject}</strong> <span className="muted">to {m.to}</span>
            </div>
            <a href={m.link} data-testid="message-link">
              {m.link}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
