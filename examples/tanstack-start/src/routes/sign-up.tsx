import { createFileRoute } from "@tanstack/react-router";
import { authClient } from "../lib/auth-client";
import { CredentialsForm } from "../lib/credentials-form";

export const Route = createFileRoute("/sign-up")({
  component: () => (
    <CredentialsForm id="sign-up" label="Sign up" withName submit={(fields) => authClient.signUp.email(fields)} />
  ),
});
