import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { ACCOUNT_CSS } from "./account-styles.js";
import { LoadFailed } from "./account-sessions.js";
import { callClient } from "./call-client.js";
import { Field, Form, Submit, useSubmit } from "./form-parts.js";
import { useGatehouseUI } from "./gatehouse-ui.js";
import { useOrgText } from "./organization-messages.js";
import { ActionAlert, MoreButton, SLUG_PATTERN, fieldError, slugify, withOrgField } from "./organization-parts.js";
import { ORGANIZATION_CSS } from "./organization-styles.js";
import { GATEHOUSE_UI_CSS } from "./styles.js";
import { type ActiveOrganization, useActiveOrganization } from "./use-organization.js";
import { usePaged } from "./use-paged.js";

export interface OrganizationSwitcherProps {
  /** Offer "Personal account" (no active organization). Default true. */
  personal?: boolean;
  /** Offer "Create an organization". Default true (the server may still refuse: its sentence shows). */
  create?: boolean;
  /** Organizations per page of the list (the server caps it at 100). Default 20. */
  pageSize?: number;
  /** Called after a switch (or a create) with the organization now active, `null` for personal. */
  onSwitch?: (organization: ActiveOrganization | null) => void;
}

const PERSONAL = "";

/**
 * The active organization as a button that opens the user's organizations: an ARIA listbox (arrow
 * keys, Home/End, Enter or Space to pick, Escape to close back to the button) with "Personal account"
 * first, "Show more" while the server has more pages, and a form to create one (name, slug). Picking
 * calls set-active; every organization component on the page follows. Renders nothing signed out.
 */
export function OrganizationSwitcher({
  personal = true,
  create = true,
  pageSize = 20,
  onSwitch,
}: OrganizationSwitcherProps) {
  const { client, t, theme, variables } = useGatehouseUI();
  const ot = useOrgText();
  const { data: session } = client.useSession();
  const active = useActiveOrganization();
  const [open, setOpen] = useState(false);
  const [creating, setCreating] = useState(false);
  const [cursorAt, setCursorAt] = useState(0);
  const [announce, setAnnounce] = useState("");
  const switching = useSubmit();
  const list = usePaged<ActiveOrganization>("organization.list", { limit: pageSize }, { enabled: open && !!session });
  const trigger = useRef<HTMLButtonElement>(null);
  const listbox = useRef<HTMLDivElement>(null);
  const wrapper = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const optionId = useId();

  const activeId = active.data?.id ?? PERSONAL;
  const options: { id: string; name: string }[] = [
    ...(personal ? [{ id: PERSONAL, name: ot("personalAccount") }] : []),
    ...(list.items ?? []).map((o) => ({ id: o.id, name: o.name })),
  ];

  useEffect(() => {
    if (!open) return;
    const away = (event: Event) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", away);
    document.addEventListener("focusin", away);
    return () => {
      document.removeEventListener("pointerdown", away);
      document.removeEventListener("focusin", away);
    };
  }, [open]);

  // Once the list is in, the keyboard cursor starts on the active organization.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the list first arrives.
  useEffect(() => {
    if (!open || list.items === undefined) return;
    setCursorAt(
      Math.max(
        0,
        options.findIndex((o) => o.id === activeId),
      ),
    );
    if (!creating) listbox.current?.focus();
  }, [open, list.items === undefined]);

  if (!session) return null;

  const close = () => {
    setOpen(false);
    setCreating(false);
    trigger.current?.focus();
  };

  const pick = async (id: string) => {
    if (switching.pending) return;
    if (id === activeId) return close();
    const r = await switching.run<ActiveOrganization | null>(() =>
      callClient(client, "organization.setActive", { organizationId: id === PERSONAL ? null : id }),
    );
    if (!r) return;
    const org = id === PERSONAL ? null : (r as ActiveOrganization).id ? (r as ActiveOrganization) : null;
    setAnnounce(org ? ot("switchedTo", { name: org.name }) : ot("switchedToPersonal"));
    onSwitch?.(org);
    close();
  };

  const onKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = options.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: Math.min(last, cursorAt + 1),
      ArrowUp: Math.max(0, cursorAt - 1),
      Home: 0,
      End: last,
    };
    if (event.key in moves) {
      event.preventDefault();
      const next = moves[event.key] ?? 0;
      setCursorAt(next);
      document.getElementById(`${optionId}-${next}`)?.scrollIntoView({ block: "nearest" });
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      const option = options[cursorAt];
      if (option) void pick(option.id);
    }
  };

  const name = active.isPending && !active.data ? t("loading") : (active.data?.name ?? ot("personalAccount"));
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere in the popover closes it.
    <div
      className="gh-root gh-org-switcher"
      data-theme={theme}
      style={variables}
      ref={wrapper}
      data-testid="gh-organization-switcher"
      onKeyDown={(event) => {
        if (event.key === "Escape" && open) {
          event.stopPropagation();
          close();
        }
      }}
    >
      <style>{GATEHOUSE_UI_CSS + ACCOUNT_CSS + ORGANIZATION_CSS}</style>
      <button
        ref={trigger}
        type="button"
        className="gh-org-trigger"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => (open ? close() : setOpen(true))}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown" && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        <span className="gh-sr-only">{ot("orgSwitcherLabel", { name })}</span>
        <span aria-hidden="true">{name}</span>
        <span aria-hidden="true">▾</span>
      </button>
      <p className="gh-sr-only" role="status">
        {announce}
      </p>
      <div className="gh-org-panel" id={panelId} hidden={!open}>
        <ActionAlert text={switching.error?.text} />
        {open && list.items === undefined && <p className="gh-muted gh-tight">{t("loading")}</p>}
        {open && list.items === null && <LoadFailed onRetry={list.reload} />}
        {open && list.items && options.length > 0 && (
          <div
            ref={listbox}
            className="gh-listbox"
            role="listbox"
            aria-label={ot("orgListLabel")}
            tabIndex={0}
            aria-activedescendant={options[cursorAt] ? `${optionId}-${cursorAt}` : undefined}
            aria-busy={switching.pending || undefined}
            onKeyDown={onKey}
          >
            {options.map((o, i) => (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the listbox handles the keys (aria-activedescendant).
              <div
                key={o.id || "personal"}
                tabIndex={-1}
                id={`${optionId}-${i}`}
                role="option"
                className="gh-option"
                aria-selected={o.id === activeId}
                data-active={i === cursorAt}
                onClick={() => {
                  setCursorAt(i);
                  void pick(o.id);
                }}
              >
                {o.name}
              </div>
            ))}
          </div>
        )}
        {open && list.items?.length === 0 && <p className="gh-muted gh-tight">{ot("noOrganizations")}</p>}
        {open && <MoreButton shown={list.hasMore} busy={list.loadingMore} onMore={list.loadMore} />}
        {open && create && !creating && (
          <button type="button" className="gh-button" data-variant="secondary" onClick={() => setCreating(true)}>
            {ot("createOrganization")}
          </button>
        )}
        {open && creating && (
          <CreateOrganization
            onCancel={() => setCreating(false)}
            onCreated={(org) => {
              setAnnounce(ot("organizationCreated", { name: org.name }));
              onSwitch?.(org);
              list.reload();
              close();
            }}
          />
        )}
      </div>
    </div>
  );
}

/** Name and slug (suggested from the name until edited), checked here and then by the server. */
export function CreateOrganization({
  onCreated,
  onCancel,
}: {
  onCreated: (organization: ActiveOrganization) => void;
  onCancel: () => void;
}) {
  const { client, t } = useGatehouseUI();
  const ot = useOrgText();
  const { pending, error, setError, run } = useSubmit();
  const [slug, setSlug] = useState("");
  const [slugEdited, setSlugEdited] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const shown = withOrgField(error);
  return (
    <div>
      <h3 className="gh-label" ref={heading} tabIndex={-1}>
        {ot("createOrganizationTitle")}
      </h3>
      <Form
        error={shown}
        onSubmit={async (values) => {
          const name = (values.name ?? "").trim();
          const wanted = (values.slug ?? "").trim();
          if (!SLUG_PATTERN.test(wanted)) return setError(fieldError("slug", ot("orgSlugInvalid")));
          const r = await run<ActiveOrganization>(() =>
            callClient(client, "organization.create", { name, slug: wanted }),
          );
          if (r) onCreated(r);
        }}
      >
        <Field
          label={ot("orgName")}
          name="name"
          required
          maxLength={100}
          autoComplete="organization"
          error={shown}
          onChange={(event) => {
            if (!slugEdited) setSlug(slugify(event.currentTarget.value));
          }}
        />
        <Field
          label={ot("orgSlug")}
          name="slug"
          required
          maxLength={48}
          hint={ot("orgSlugHint")}
          autoCapitalize="none"
          spellCheck={false}
          value={slug}
          error={shown}
          onChange={(event) => {
            setSlugEdited(true);
            setSlug(event.currentTarget.value);
          }}
        />
        <Submit pending={pending}>{ot("createOrganizationSubmit")}</Submit>
        <button type="button" className="gh-button" data-variant="secondary" disabled={pending} onClick={onCancel}>
          {t("cancel")}
        </button>
      </Form>
    </div>
  );
}
