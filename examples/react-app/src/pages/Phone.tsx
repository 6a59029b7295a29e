import { useState } from "react";
import { client } from "../auth-client.js";
import { ErrorNote, Form } from "../ui.js";

/** The user fields @gatehouse-auth/phone-number adds. */
interface PhoneFields {
  phoneNumber?: string | null;
  phoneNumberVerified?: boolean | null;
}

/**
 * Attach or change the signed-in user's phone number: text a code to it (it lands in the dev mailbox),
 * then enter the code. The number is saved only once the code proves it; the session store refetches, so
 * the new number shows at once here and in `useSession()` everywhere.
 */
export function Phone() {
  const { data: session } = client.useSession();
  // The number a code was texted to; null while asking for a number.
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<{ message?: string } | null>(null);
  if (!session) return <p>Please sign in.</p>;
  const { phoneNumber, phoneNumberVerified } = session.user as PhoneFields;
  return (
    <section className="narrow">
      <h1>Phone number</h1>
      <p data-testid="phone-status">
        {phoneNumber ? (
          <>
            <strong data-testid="phone-number">{phoneNumber}</strong> —{" "}
            {phoneNumberVerified ? (
              <span className="ok" data-testid="phone-verified">
                verified
              </span>
            ) : (
              <span className="warn">not verified yet</span>
            )}
          </>
        ) : (
          <span className="muted">No phone number yet.</span>
        )}
      </p>
      {note && (
        <p className="ok" role="status">
          {note}
        </p>
      )}
      {sentTo ? (
        <Form
          className="card"
          onSubmit={async ({ code = "" }) => {
            const r = await client.phoneNumber.update({ phoneNumber: sentTo, code: code.trim() });
            setError(r.error);
            if (!r.error) {
              setSentTo(null);
              setNote("Phone number verified.");
            }
          }}
        >
          <h2>Enter the code</h2>
          <p className="muted">
            We texted a code to {sentTo}. Texts land in the{" "}
            {/* A new tab: leaving this page would forget which number the code went to. */}
            <a href="/mailbox" target="_blank" rel="noreferrer">
              dev mailbox
            </a>
            .
          </p>
          <label>
            Code <input name="code" required inputMode="numeric" autoComplete="one-time-code" maxLength={10} />
          </label>
          <div className="actions">
            <button type="submit">Verify</button>
            <button
              type="button"
              className="link"
              onClick={() => {
                setSentTo(null);
                setError(null);
              }}
            >
              Use another number
            </button>
          </div>
          <ErrorNote error={error} />
        </Form>
      ) : (
        <Form
          className="card"
          onSubmit={async ({ phoneNumber: typed = "" }) => {
            const number = typed.trim();
            const r = await client.phoneNumber.sendOtp({ phoneNumber: number });
            setError(r.error);
            setNote(null);
            if (!r.error) setSentTo(number);
          }}
        >
          <h2>{phoneNumber ? "Change your number" : "Add a number"}</h2>
          <label>
            Phone number{" "}
            <input name="phoneNumber" type="tel" required autoComplete="tel" placeholder="+1 555 014 2001" />
          </label>
          <button type="submit">Text me a code</button>
          <ErrorNote error={error} />
        </Form>
      )}
    </section>
  );
}
