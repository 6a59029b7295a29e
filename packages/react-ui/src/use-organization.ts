import { useStore } from "@gatehouse-auth/react";
import { useEffect, useState } from "react";
import { callClient } from "./call-client.js";
import { useGatehouseUI } from "./gatehouse-ui.js";

/** The organization fields the components read (get-full-organization's answer). */
export interface ActiveOrganization {
  id: string;
  name: string;
  slug: string;
  logo?: string | null;
  /** Present only when the server has teams on. */
  teams?: unknown[];
}

interface StoreState {
  data: ActiveOrganization | null;
  isPending: boolean;
  error?: unknown;
}

interface Store {
  get(): StoreState;
  listen(onChange: () => void): () => void;
}

// A client without organizationClient(): no store, nothing active (the components then say so).
const NO_STORE: Store = {
  get: () => NO_STATE,
  listen: () => () => {},
};
const NO_STATE: StoreState = { data: null, isPending: false, error: { code: "NOT_FOUND" } };

/**
 * The session's active organization: organizationClient()'s `$activeOrganization` store, which the client
 * refreshes after every call that changes it (set-active, create, update, leave, delete…), so every
 * component on the page follows a switch.
 */
export function useActiveOrganization(): StoreState {
  const { client } = useGatehouseUI();
  const store = (client as unknown as { $activeOrganization?: Store }).$activeOrganization ?? NO_STORE;
  return useStore(store);
}

/** The actions the components ask the server about (organization plugin statements). */
export const ORGANIZATION_ACTIONS = {
  updateOrganization: { organization: ["update"] },
  deleteOrganization: { organization: ["delete"] },
  updateMember: { member: ["update"] },
  removeMember: { member: ["delete"] },
  invite: { invitation: ["create"] },
  cancelInvitation: { invitation: ["cancel"] },
  createTeam: { team: ["create"] },
  removeTeam: { team: ["delete"] },
  updateTeam: { team: ["update"] },
  // The API-keys card (with the api-key plugin): a role without it is never sent the key list.
  readApiKeys: { apiKey: ["read"] },
} as const;

export type OrganizationAction = keyof typeof ORGANIZATION_ACTIONS;

/**
 * What the caller's role may do in an organization, as the server answers `has-permission` for each
 * action (`undefined` while asking). Only decides which controls to offer: the server checks every
 * call again, and a refusal shows as the catalogue's sentence.
 */
export function usePermissions(organizationId: string | undefined): Record<OrganizationAction, boolean> | undefined {
  const { client } = useGatehouseUI();
  const [answer, setAnswer] = useState<{ id: string; may: Record<OrganizationAction, boolean> } | undefined>();
  useEffect(() => {
    if (!organizationId) return;
    let live = true;
    const names = Object.keys(ORGANIZATION_ACTIONS) as OrganizationAction[];
    void Promise.all(
      names.map((name) =>
        callClient<{ success?: boolean }>(client, "organization.hasPermission", {
          organizationId,
          permissions: ORGANIZATION_ACTIONS[name],
        }).then((r) => [name, r.data?.success === true] as const),
      ),
    ).then((pairs) => {
      if (live)
        setAnswer({ id: organizationId, may: Object.fromEntries(pairs) as Record<OrganizationAction, boolean> });
    });
    return () => {
      live = false;
    };
  }, [client, organizationId]);
  return answer && answer.id === organizationId ? answer.may : undefined;
}
