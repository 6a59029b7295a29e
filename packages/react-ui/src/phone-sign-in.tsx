import { useEffect, useState } from "react";
import { type CallResult, callClient } from "./call-client.js";
import { formatMessage } from "./format-message.js";
import { Field, Form, Notice, Submit, useSubmit } from "./form-parts.js";
import { useGatehouseUI } from "./gatehouse-ui.js";
import type { UiMessageKey } from "./ui-messages.js";

/**
 * The "Phone" sign-in method's strings, in English. Part of the one catalogue (override them in
 * `messages.ui`), kept in this module, which `<SignIn>` imports only when the Phone tab is chosen.
 */
export const PHONE_SIGN_IN_MESSAGES = {
  phoneNumber: "Phone number",
  phoneNumberHint: "With your country code, like +1 555 010 0123.",
  sendPhoneCode: "Text me a code",
  phoneCodeSent: "We texted a code to {phone}.",
  phoneCodeResent: "We texted a new code to {phone}.",
  resendPhoneCode: "Text me a new code",
  resendPhoneCodeIn: "You can ask for a new code in {seconds} s.",
  useAnotherPhone: "Use another number",
} as const;

export type PhoneSignInMessageKey = keyof typeof PHONE_SIGN_IN_MESSAGES;

/** Codes about the number itself: shown under the number field. */
const NUMBER_CODES = new Set(["INVALID_PHONE_NUMBER", "PHONE_OTP_SEND_LIMIT"]);

/**
 * Seconds the server asked us to wait (`Retry-After` of a 429), counted down once a second; 0 when the
 * next request may go. `start` takes the header's value.
 */
function useCooldown(): [number, (seconds: number) => void] {
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until <= now) return;
    const timer = setTimeout(() => setNow(Date.now()), 1000);
    return () => clearTimeout(timer);
  }, [until, now]);
  const start = (seconds: number) => {
    const at = Date.now();
    setNow(at);
    setUntil(at + seconds * 1000);
  };
  return [Math.max(0, Math.ceil((until - now) / 1000)), start];
}

/**
 * Sign in with a texted code (`POST /phone-number/send-otp`, then `POST /phone-number/verify`, which signs
 * the number's holder in). A new code can be asked for from the code step; a 429 answer's `Retry-After`
 * holds the send buttons off, counted down in words. A held sign-in (second factor) goes to `onSignedIn`,
 * which shows the second step.
 */
export function PhoneSignInForm({ onSignedIn }: { onSignedIn: (data: unknown) => unknown }) {
  const { client, t } = useGatehouseUI();
  const send = useSubmit();
  const verify = useSubmit();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [resent, setResent] = useState(false);
  const [wait, startWait] = useCooldown();
  const text = (key: PhoneSignInMessageKey, params?: Record<string, string | number>) => {
    const given = t(key as unknown as UiMessageKey, params);
    return given === key ? formatMessage(PHONE_SIGN_IN_MESSAGES[key], params) : given;
  };
  const sendCode = async (phoneNumber: string): Promise<boolean> => {
    let retryAfter = 0;
    const onResponse = (response: Response) => {
      retryAfter = Number(response.headers.get("retry-after")) || 0;
    };
    const data = await send.run(
      (): Promise<CallResult> => callClient(client, "phoneNumber.sendOtp", { phoneNumber }, { onResponse }),
    );
    if (retryAfter > 0) startWait(retryAfter);
    return data !== null;
  };
  const sendError =
    send.error && NUMBER_CODES.has(send.error.code) ? { ...send.error, field: "phoneNumber" } : send.error;
  const waitNote = wait > 0 && (
    <p className="gh-hint" role="status">
      {text("resendPhoneCodeIn", { seconds: wait })}
    </p>
  );
  if (sentTo)
    return (
      <Form
        // A failed resend is this form's error too: the user is on the code step.
        error={verify.error ?? send.error}
        onSubmit={async ({ code = "" }) => {
          send.setError(null);
          const data = await verify.run(() =>
            callClient(client, "phoneNumber.verify", { phoneNumber: sentTo, code: code.trim() }),
          );
          if (data) await onSignedIn(data);
        }}
      >
        <Notice>{text(resent ? "phoneCodeResent" : "phoneCodeSent", { phone: sentTo })}</Notice>
        <Field
          label={t("code")}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          maxLength={10}
          error={verify.error}
          // The field appears after the send: the user's next move is to type the code.
          autoFocus
        />
        <Submit pending={verify.pending}>{t("submitSignIn")}</Submit>
        <button
          type="button"
          className="gh-button"
          data-variant="secondary"
          disabled={send.pending || wait > 0}
          aria-busy={send.pending || undefined}
          onClick={async () => {
            verify.setError(null);
            if (await sendCode(sentTo)) setResent(true);
          }}
        >
          {send.pending ? t("working") : text("resendPhoneCode")}
        </button>
        {waitNote}
        <button
          type="button"
          className="gh-link"
          onClick={() => {
            send.setError(null);
            verify.setError(null);
            setResent(false);
            setSentTo(null);
          }}
        >
          {text("useAnotherPhone")}
        </button>
      </Form>
    );
  return (
    <Form
      error={sendError}
      onSubmit={async ({ phoneNumber = "" }) => {
        const number = phoneNumber.trim();
        if (await sendCode(number)) setSentTo(number);
      }}
    >
      <Field
        label={text("phoneNumber")}
        hint={text("phoneNumberHint")}
        name="phoneNumber"
        type="tel"
        autoComplete="tel"
        required
        maxLength={32}
        error={sendError}
      />
      <Submit pending={send.pending || wait > 0}>{text("sendPhoneCode")}</Submit>
      {waitNote}
    </Form>
  );
}
