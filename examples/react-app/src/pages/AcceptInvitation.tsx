import { useState } from "react";
import { client } from "../auth-client.js";
import { navigate } from "../router.js";
import { ErrorNote, Link, useLoad } from "../ui.js";

export function AcceptInvitation({ id }: { id: string }) {
  const { data: session } = client.useSession();
  const [error, setError] = useState<{ message?: string } | null>(null);
  const invitation = useLoad(
    () => (session ? client.organization.getInvitation({ id }) : Promise.resolve({ data: null, error: null })),
    [id, session?.user.id],
  );
  if (!session)
    return (
      <p>
        <Link to="/sign-in">Sign in</Link> or <Link to="/sign-up">sign up</Link> with the invited address, then open the
        invitation link again.
      </p>
    );
  const inv = invitation.data;
  const orgName = inv?.organizationName ?? "the organization";
  return (
    <section className="narrow">
      <h1>Invitation</h1>
      <ErrorNote error={invitation.error ?? error} />
      {inv && (
        <>
          <p data-testid="invitation">
            Join <strong>{orgName}</strong> as {inv.role}?
          </p>
          <button
            type="button"
            onClick={async () => {
              const r = await client.organization.acceptInvitation({ invitationId: id });
              setError(r.error);
              if (!r.error) navigate("/organizations");
            }}
          >
            Accept
          </button>{" "}
          <button
            type="button"
            onClick={async () => {
              const r = await client.organization.rejectInvitation({ invitationId: id });
              setError(r.error);
              if (!r.error) navigate("/");
            }}
          >
            Decline
          </button>
        </>
      )}
    </section>
  );
}
