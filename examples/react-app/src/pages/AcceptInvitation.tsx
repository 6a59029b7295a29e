import { useState } from "react";
import { client } from "../auth-client.js";
import { navigate } from "../router.js";
import { ActionButton, type ApiError, ErrorNote, Link, useLoad } from "../ui.js";

export function AcceptInvitation({ id }: { id: string }) {
  const { data: session } = client.useSession();
  const [error, setError] = useState<(ApiError & { code?: string }) | null>(null);
  // After signing in or up, the user comes back to this invitation (and the verification link does too).
  const next = `?next=${encodeURIComponent(`/accept-invitation/${id}`)}`;
  const invitation = useLoad(
    () => (session ? client.organization.getInvitation({ id }) : Promise.resolve({ data: null, error: null })),
    [id, session?.user.id],
  );
  if (!session)
    return (
      <section className="narrow">
        <h1>Invitation</h1>
        <p>
          You have been invited to an organization. <Link to={`/sign-in${next}`}>Sign in</Link> or{" "}
          <Link to={`/sign-up${next}`}>create an account</Link> with the invited address: you will come back here.
        </p>
      </section>
    );
  const failure = (invitation.error ?? error) as (ApiError & { code?: string }) | null;
  const inv = invitation.data;
  const orgName = inv?.organizationName ?? "the organization";
  return (
    <section className="narrow">
      <h1>Invitation</h1>
      <ErrorNote error={failure} />
      {failure?.code === "EMAIL_VERIFICATION_REQUIRED_FOR_INVITATION" ? (
        <p data-testid="verify-first">
          Verify your email first: open the verification link in the <Link to="/mailbox">mailbox</Link>. It brings you
          back to this invitation.
        </p>
      ) : null}
      {inv && (
        <>
          <p data-testid="invitation">
            Join <strong>{orgName}</strong> as {inv.role}?
          </p>
          <ActionButton
            onClick={async () => {
              const r = await client.organization.acceptInvitation({ invitationId: id });
              setError(r.error);
              if (!r.error) navigate("/organizations");
            }}
          >
            Accept
          </ActionButton>{" "}
          <ActionButton
            confirm={`Decline the invitation to ${orgName}?`}
            onClick={async () => {
              const r = await client.organization.rejectInvitation({ invitationId: id });
              setError(r.error);
              if (!r.error) navigate("/");
            }}
          >
            Decline
          </ActionButton>
        </>
      )}
    </section>
  );
}
