import { Suspense, lazy, useState } from "react";
import { callClient } from "./call-client.js";
import { useCapabilities } from "./capabilities.js";
import { Card, Field, Form, Notice, Submit, useSubmit } from "./form-parts.js";
import { useGatehouseUI } from "./gatehouse-ui.js";
import { TwoFactorStep } from "./two-factor-step.js";
import { type AfterSignIn, finishSignIn } from "./finish-sign-in.js";
import { SocialButtons } from "./social-buttons.js";
import { PasskeyButton } from "./passkey-button.js";

export interface SignInProps extends AfterSignIn {
  /** Where "Create one" goes; hidden when not given or when the server has sign-up off. */
  signUpUrl?: string;
  /** Where "Forgot your password?" goes; hidden when not given. */
  forgotPasswordUrl?: string;
}

type Method = "password" | "magic-link" | "email-code" | "phone" | "sso";

// Its own chunk: only a user who picks "SSO" downloads the form, its strings and its sentences.
const SsoSignInForm = lazy(() => import("./sso-sign-in.js").then((m) => ({ default: m.SsoSignInForm })));
// The same for "Phone": the texted-code form and its strings.
const PhoneSignInForm = lazy(() => import("./phone-sign-in.js").then((m) => ({ default: m.PhoneSignInForm })));
type Step = { kind: "form" } | { kind: "two-factor"; methods: string[] };

/**
 * Sign in with every method the server has on: password (by email, or username or phone number when
 * those plugins are on), a link or a code by email, a code by text message, SSO, a passkey, social
 * providers; then the second factor when asked.
 */
export function SignIn(props: SignInProps) {
  const { client, capabilities: given, t } = useGatehouseUI();
  const caps = useCapabilities(client, given);
  const [method, setMethod] = useState<Method | null>(null);
  const [step, setStep] = useState<Step>({ kind: "form" });
  if (caps === undefined) return <Card title={t("signInTitle")} subtitle={t("loading")} testId="gh-sign-in" />;
  const has = (plugin: string) => caps?.plugins.includes(plugin) ?? false;
  const methods: Method[] = [];
  if (caps?.emailAndPassword.enabled ?? true) methods.push("password");
  if (has("magic-link")) methods.push("magic-link");
  if (has("email-otp")) methods.push("email-code");
  if (has("phone-number")) methods.push("phone");
  if (has("sso")) methods.push("sso");
  const current = method ?? methods[0];
  const onSignedIn = async (data: unknown) => {
    const held = data as { twoFactorRedirect?: boolean; twoFactorMethods?: string[] } | null;
    if (held?.twoFactorRedirect) return setStep({ kind: "two-factor", methods: held.twoFactorMethods ?? ["totp"] });
    await finishSignIn(props);
  };
  if (step.kind === "two-factor")
    return (
      <TwoFactorStep
        methods={step.methods}
        onDone={() => finishSignIn(props)}
        onRestart={() => setStep({ kind: "form" })}
      />
    );
  const labels: Record<Method, string> = {
    password: t("methodPassword"),
    "magic-link": t("methodMagicLink"),
    "email-code": t("methodEmailCode"),
    phone: t("methodPhone"),
    sso: t("methodSso"),
  };
  return (
    <Card title={t("signInTitle")} subtitle={t("signInSubtitle")} step={`${step.kind}`} testId="gh-sign-in">
      {caps && caps.socialProviders.length > 0 && <SocialButtons providers={caps.socialProviders} {...props} />}
      {has("passkey") && <PasskeyButton onSignedIn={onSignedIn} />}
      {(has("passkey") || (caps?.socialProviders.length ?? 0) > 0) && methods.length > 0 && (
        <p className="gh-divider">{t("orContinueWith")}</p>
      )}
      {methods.length > 1 && (
        <fieldset className="gh-tabs">
          <legend className="gh-sr-only">{t("methodsLabel")}</legend>
          {methods.map((m) => (
            <button key={m} type="button" className="gh-tab" aria-pressed={m === current} onClick={() => setMethod(m)}>
              {labels[m]}
            </button>
          ))}
        </fieldset>
      )}
      {/* Only the wrapper: the app's own onSignedIn (in props) must not replace it, or a sign-in that
          still needs its second factor would be taken as done and the step skipped. */}
      {current === "password" && (
        <PasswordForm withUsername={has("username")} withPhone={has("phone-number")} onSignedIn={onSignedIn} />
      )}
      {current === "magic-link" && <MagicLinkForm {...props} />}
      {current === "email-code" && <EmailCodeForm onSignedIn={onSignedIn} />}
      {(current === "sso" || current === "phone") && (
        <Suspense fallback={<p className="gh-subtitle">{t("loading")}</p>}>
          {current === "sso" ? <SsoSignInForm {...props} /> : <PhoneSignInForm onSignedIn={onSignedIn} />}
        </Suspense>
      )}
      {(props.signUpUrl && (caps?.emailAndPassword.signUp ?? true)) || props.forgotPasswordUrl ? (
        <p className="gh-footer">
          {current === "password" && props.forgotPasswordUrl && (
            <a className="gh-link" href={props.forgotPasswordUrl}>
              {t("forgotPassword")}
            </a>
          )}
          {props.signUpUrl && (caps?.emailAndPassword.signUp ?? true) && (
            <span>
              {t("noAccount")}{" "}
              <a className="gh-link" href={props.signUpUrl}>
                {t("createOne")}
              </a>
            </span>
          )}
        </p>
      ) : null}
    </Card>
  );
}

/**
 * Email (or username: an `@` tells them apart, usernames cannot hold one; or a phone number in E.164,
 * `+` first, when the phone-number plugin is on) and password.
 */
function PasswordForm({
  withUsername,
  withPhone,
  onSignedIn,
}: {
  withUsername: boolean;
  withPhone: boolean;
  onSignedIn: (d: unknown) => unknown;
}) {
  const { client, t } = useGatehouseUI();
  const { pending, error, run } = useSubmit();
  return (
    <Form
      error={error}
      onSubmit={async ({ identifier = "", password = "" }) => {
        const id = identifier.trim();
        const data = await run(() =>
          withPhone && id.startsWith("+")
            ? callClient(client, "signIn.phoneNumber", { phoneNumber: id, password })
            : withUsername && !id.includes("@")
              ? callClient(client, "signIn.username", { username: id, password })
              : callClient(client, "signIn.email", { email: id, password }),
        );
        if (data) await onSignedIn(data);
      }}
    >
      <Field
        label={withUsername ? t("emailOrUsername") : t("email")}
        name="identifier"
        type={withUsername || withPhone ? "text" : "email"}
        autoComplete="username"
        required
        error={error?.field === "email" ? { ...error, field: "identifier" } : error}
      />
      <Field
        label={t("password")}
        name="password"
        type="password"
        autoComplete="current-password"
        required
        error={error}
      />
      <Submit pending={pending}>{t("submitSignIn")}</Submit>
    </Form>
  );
}

/** A sign-in link by email; the link lands on `redirectTo` (or this page). */
function MagicLinkForm({ redirectTo }: AfterSignIn) {
  const { client, t } = useGatehouseUI();
  const { pending, error, run } = useSubmit();
  const [sentTo, setSentTo] = useState<string | null>(null);
  if (sentTo)
    return (
      <div className="gh-stack">
        <Notice>{t("magicLinkSent", { email: sentTo })}</Notice>
        <button type="button" className="gh-link" onClick={() => setSentTo(null)}>
          {t("useAnotherEmail")}
        </button>
      </div>
    );
  return (
    <Form
      error={error}
      onSubmit={async ({ email = "" }) => {
        const callbackURL = redirectTo ?? here();
        const data = await run(() =>
          callClient(client, "signIn.magicLink", { email: email.trim(), callbackURL, errorCallbackURL: here() }),
        );
        if (data) setSentTo(email.trim());
      }}
    >
      <Field label={t("email")} name="email" type="email" autoComplete="email" required error={error} />
      <Submit pending={pending}>{t("sendMagicLink")}</Submit>
    </Form>
  );
}

/** A code by email, then the code. */
function EmailCodeForm({ onSignedIn }: { onSignedIn: (d: unknown) => unknown }) {
  const { client, t } = useGatehouseUI();
  const send = useSubmit();
  const verify = useSubmit();
  const [sentTo, setSentTo] = useState<string | null>(null);
  if (sentTo)
    return (
      <Form
        error={verify.error}
        onSubmit={async ({ code = "" }) => {
          const data = await verify.run(() =>
            callClient(client, "signIn.emailOtp", { email: sentTo, otp: code.trim() }),
          );
          if (data) await onSignedIn(data);
        }}
      >
        <Notice>{t("codeSent", { email: sentTo })}</Notice>
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
        <button type="button" className="gh-link" onClick={() => setSentTo(null)}>
          {t("useAnotherEmail")}
        </button>
      </Form>
    );
  return (
    <Form
      error={send.error}
      onSubmit={async ({ email = "" }) => {
        const data = await send.run(() =>
          callClient(client, "emailOtp.sendVerificationOtp", { email: email.trim(), type: "sign-in" }),
        );
        if (data) setSentTo(email.trim());
      }}
    >
      <Field label={t("email")} name="email" type="email" autoComplete="email" required error={send.error} />
      <Submit pending={send.pending}>{t("sendCode")}</Submit>
    </Form>
  );
}

/** This page's path (a same-origin relative URL the server accepts as a callback). */
function here(): string {
  return typeof location === "undefined" ? "/" : location.pathname + location.search;
}
