import { AcceptInvitation } from "@gatehouse-auth/react-ui";

/**
 * /accept-invitation/:id, the link of the invitation email: the drop-in `<AcceptInvitation>`. Signing in
 * (or up, from the sign-in page) comes back here through `?next=`, and so does the verification link.
 */
export function InvitationPage({ id }: { id: string }) {
  const here = `/accept-invitation/${id}`;
  return (
    <section className="auth-page">
      <AcceptInvitation
        invitationId={id}
        signInUrl={`/sign-in?next=${encodeURIComponent(here)}`}
        afterAcceptUrl="/organizations"
      />
    </section>
  );
}
