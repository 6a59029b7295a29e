import { createFileRoute } from "@tanstack/react-router";
import { authClient } from "../lib/auth-client";
import { CredentialsForm } from "../lib/credentials-form";

export const Route = createFileRoute("/sign-in")({
  component: () => (
    <CredentialsForm
      id="sign-in"
      label="Sign in"
      submit={({ email, password }) => authClient.signIn.email({ email, password })}
    />
  ),
});
