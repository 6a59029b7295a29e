// The sign-up and sign-in forms: fields in, authClient's call, its error shown, the dashboard on success.
import { useNavigate } from "@tanstack/react-router";
import { type FormEvent, useEffect, useState } from "react";

type Fields = { name: string; email: string; password: string };
type Result = { error?: { message?: string; code?: string } | null };

export function CredentialsForm(props: {
  id: string;
  label: string;
  withName?: boolean;
  submit(fields: Fields): Promise<Result>;
}) {
  const navigate = useNavigate();
  const [error, setError] = useState("");
  // Set once React has hydrated the form, so a test (or a person) does not submit it natively before.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const field = (name: string) => String(data.get(name) ?? "");
    const result = await props.submit({ name: field("name"), email: field("email"), password: field("password") });
    if (result.error) setError(result.error.message ?? result.error.code ?? `${props.label} failed`);
    else await navigate({ to: "/dashboard" });
  }

  return (
    <form id={props.id} onSubmit={onSubmit} data-ready={ready ? "" : undefined}>
      {props.withName && <input name="name" placeholder="Name" required />}
      <input name="email" type="email" placeholder="Email" required />
      <input name="password" type="password" placeholder="Password" required />
      <button type="submit">{props.label}</button>
      <p role="alert" id="error">
        {error}
      </p>
    </form>
  );
}
