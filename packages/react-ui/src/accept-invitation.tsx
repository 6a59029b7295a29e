import { type ReactNode, useEffect, useState } from "react";
import { ACCOUNT_CSS } from "./account-styles.js";
import { callClient } from "./call-client.js";
import { Card, Notice, useSubmit } from "./form-parts.js";
import { useGatehouseUI } from "./gatehouse-ui.js";
import { useOrgText } from "./organization-messages.js";
import { ConfirmRow } from "./organization-parts.js";
import { ORGANIZATION_CSS } from "./organization-styles.js";

export interface AcceptInvitationProps {
  /** The invitation's id (the link in the invitation email carries it). */
  invitationId: string;
  /** The sign-in page, offered when nobody is signed in or someone else is. */
  signInUrl?: string;
  /** Where "Continue" goes once accepted (the organization is then active). */
  afterAcceptUrl?: string;
}

interface Invitation {
  id: string;
  role: string;
  organizationName: string;
  inviterEmail: string;
}

type Step = "view" | "confirm-reject" | "accepted" | "rejected";

/**
 * An invitation to its recipient: the organization, who invited them and the role, with Accept and
 * Decline (after a confirmation). Says what the server answers instead: signed out, another address,
 * an email to verify first (with a button to send the link), expired or already answered, already a
 * member. Fetched after mount, so server rendering shows the loading state.
 */
export function AcceptInvitation({ invitationId, signInUrl, afterAcceptUrl }: AcceptInvitationProps) {
  const { client, t, errorText } = useGatehouseUI();
  const ot = useOrgText();
  const session = client.useSession();
  const user = session.data?.user;
  const [invitation, setInvitation] = useState<Invitation | null | undefined>(undefined);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [step, setStep] = useState<Step>("view");
  const [verifySent, setVerifySent] = useState(false);
  const answer = useSubmit();
  const verify = useSubmit();
  const userId = user?.id;

  useEffect(() => {
    if (!userId) return;
    let live = true;
    void callClient<Invitation>(client, "organization.getInvitation", { id: invitationId }).then((r) => {
      if (!live) return;
      setInvitation(r.data ?? null);
      setLoadError(r.error ? (r.error.code ?? "UNKNOWN") : null);
    });
    return () => {
      live = false;
    };
  }, [client, invitationId, userId]);

  const card = (children: ReactNode, subtitle?: string) => (
    <Card title={ot("invitationTitle")} subtitle={subtitle} step={step} testId="gh-accept-invitation">
      <style>{ACCOUNT_CSS + ORGANIZATION_CSS}</style>
      {children}
    </Card>
  );
  const signInLink = signInUrl && (
    <a className="gh-button" href={signInUrl}>
      {t("signInLink")}
    </a>
  );

  if (session.isPending) return card(null, t("loading"));
  if (!user)
    return card(
      <>
        <p className="gh-muted">{ot("invitationSignIn")}</p>
        {signInLink}
      </>,
    );
  if (invitation === undefined) return card(null, t("loading"));
  if (!invitation) {
    const code = loadError ?? "UNKNOWN";
    if (code === "EMAIL_VERIFICATION_REQUIRED_FOR_INVITATION")
      return card(
        <div className="gh-stack">
          <p className="gh-alert" data-tone="error" role="alert">
            {ot("invitationVerifyFirst", { email: user.email })}
          </p>
          <div role="alert" className="gh-alert" data-tone="error">
            {verify.error?.text ?? ""}
          </div>
          {verifySent ? (
            <Notice>{t("verifySent", { email: user.email })}</Notice>
          ) : (
            <button
              type="button"
              className="gh-button"
              disabled={verify.pending}
              aria-busy={verify.pending || undefined}
              onClick={async () => {
                const here = location.pathname + location.search;
                const r = await verify.run(() =>
                  callClient(client, "sendVerificationEmail", { email: user.email, callbackURL: here }),
                );
                if (r) setVerifySent(true);
              }}
            >
              {verify.pending ? t("working") : ot("sendVerification")}
            </button>
          )}
        </div>,
      );
    const text =
      code === "NOT_INVITATION_RECIPIENT"
        ? ot("invitationOtherAddress", { email: user.email })
        : code === "INVITATION_NOT_FOUND"
          ? ot("invitationGone")
          : errorText(code);
    return card(
      <div className="gh-stack">
        <p className="gh-alert" data-tone="error" role="alert">
          {text}
        </p>
        {code === "NOT_INVITATION_RECIPIENT" && signInLink}
      </div>,
    );
  }

  const organization = invitation.organizationName;
  if (step === "accepted")
    return card(
      <div className="gh-stack">
        <Notice>{ot("invitationAccepted", { organization })}</Notice>
        {afterAcceptUrl && (
          <a className="gh-button" href={afterAcceptUrl}>
            {ot("continue")}
          </a>
        )}
      </div>,
    );
  if (step === "rejected") return card(<Notice>{ot("invitationRejected", { organization })}</Notice>);

  const accept = async () => {
    const r = await answer.run(() => callClient(client, "organization.acceptInvitation", { invitationId }));
    if (r) setStep("accepted");
  };
  const reject = async () => {
    const r = await answer.run(() => callClient(client, "organization.rejectInvitation", { invitationId }));
    setStep(r ? "rejected" : "view");
  };
  const code = answer.error?.code;
  const errorShown =
    code === "USER_ALREADY_MEMBER"
      ? ot("invitationAlreadyMember")
      : code === "INVITATION_NOT_FOUND"
        ? ot("invitationGone")
        : answer.error?.text;
  return card(
    <div className="gh-stack">
      <p>{ot("invitationFrom", { inviter: invitation.inviterEmail, organization, role: invitation.role })}</p>
      <div role="alert" className="gh-alert" data-tone="error">
        {errorShown ?? ""}
      </div>
      {step === "confirm-reject" ? (
        <ConfirmRow
          question={ot("rejectInvitationConfirm", { organization })}
          confirm={ot("rejectInvitation")}
          pending={answer.pending}
          onCancel={() => setStep("view")}
          onConfirm={() => void reject()}
        />
      ) : (
        <>
          <button
            type="button"
            className="gh-button"
            disabled={answer.pending}
            aria-busy={answer.pending || undefined}
            onClick={() => void accept()}
          >
            {answer.pending ? t("working") : ot("acceptInvitation")}
          </button>
          <button
            type="button"
            className="gh-button"
            data-variant="secondary"
            disabled={answer.pending}
            onClick={() => {
              answer.setError(null);
              setStep("confirm-reject");
            }}
          >
            {ot("rejectInvitation")}
          </button>
        </>
      )}
    </div>,
  );
}
