import { useState } from "react";
import { useAccountText } from "./account-messages.js";
import { callClient } from "./call-client.js";
import { Card, Field, Form, Notice, Submit, useSubmit } from "./form-parts.js";
import { type UiUser, useGatehouseUI } from "./gatehouse-ui.js";

/** The username plugin's fields on the session's user. */
interface WithUsername {
  username?: string | null;
  displayUsername?: string | null;
}

/**
 * The username (username plugin): shown, checked as the user leaves the field (`POST /is-username-available`)
 * and changed with update-user's `username`. Lengths are checked here first, against the server's bounds
 * the app passes (the plugin's defaults, 3 to 30, otherwise): the server answers one INVALID_USERNAME for
 * every refusal, so "too short" and "too long" are said only here. Every error sits under the field.
 */
export function AccountUsername({ user: given, min, max }: { user: UiUser; min: number; max: number }) {
  const user = given as UiUser & WithUsername;
  const at = useAccountText();
  const { run, pending, error, setError } = useSubmit();
  const check = useSubmit();
  const { client, errorText } = useGatehouseUI();
  const [note, setNote] = useState<string | null>(null);
  const current = user.displayUsername || user.username || "";
  // The length rule, as a field error (null when the length is fine).
  const lengthError = (value: string) => {
    const text =
      value.length < min ? at("usernameTooShort", { min }) : value.length > max ? at("usernameTooLong", { max }) : null;
    return text && { code: "INVALID_USERNAME", text, field: "username" };
  };
  // The check's answer is tied to the field but is not the form's error: the form would move focus back
  // to the field, away from wherever the user was going.
  const shown = error ?? check.error;
  return (
    <Card title={at("usernameTitle")} subtitle={at("usernameIntro")} testId="gh-account-username">
      <p className="gh-muted gh-tight">{current || at("usernameNone")}</p>
      <Form
        error={error}
        onSubmit={async ({ username = "" }) => {
          setNote(null);
          check.setError(null);
          const value = username.trim();
          const tooShortOrLong = lengthError(value);
          if (tooShortOrLong) return setError(tooShortOrLong);
          if (await run(() => callClient(client, "updateUser", { username: value })))
            setNote(at("usernameSaved", { username: value }));
        }}
      >
        <Field
          label={at("usernameField")}
          hint={at("usernameHint", { min, max })}
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          defaultValue={current}
          error={shown}
          onBlur={async (event) => {
            const value = event.currentTarget.value.trim();
            // Only a new name that the length rule accepts is worth a request.
            if (value === "" || value.toLowerCase() === (user.username ?? "").toLowerCase() || lengthError(value))
              return;
            setNote(null);
            setError(null);
            const r = await check.run<{ available?: boolean }>(() =>
              callClient(client, "isUsernameAvailable", { username: value }),
            );
            if (r?.available === false)
              check.setError({
                code: "USERNAME_IS_ALREADY_TAKEN",
                text: errorText("USERNAME_IS_ALREADY_TAKEN"),
                field: "username",
              });
            else if (r) setNote(at("usernameAvailable", { username: value }));
          }}
        />
        {note && <Notice>{note}</Notice>}
        <Submit pending={pending}>{at("saveUsername")}</Submit>
      </Form>
    </Card>
  );
}
