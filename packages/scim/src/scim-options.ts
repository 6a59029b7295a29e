import type { OptionKeysOf, User } from "@gatehouse-auth/core";

/** Options of `scim()`. */
export interface ScimOptions {
  /** Role a provisioned, active user holds in the organization. Default `member`. */
  defaultRole?: string;
  /** Most resources one list page returns (`count` above it is clamped, RFC 7644 §3.4.2.4). Default 100. */
  maxResults?: number;
  /** Deepest `startIndex` a list accepts (offset paging cost grows with it). Default 10,000. */
  maxStartIndex?: number;
  /** Most members one Group returns or one PATCH adds. Default 1,000. */
  maxGroupMembers?: number;
  /** Most operations one /Bulk request may carry (RFC 7644 §3.7.4). Default 100. */
  maxBulkOperations?: number;
  /**
   * Most bytes one /Bulk request may carry. Default 1,000,000; ServiceProviderConfig announces the lower
   * of this and core's `advanced.maxBodySize` (a body past core's limit gets core's 413 before SCIM sees it).
   */
  maxBulkPayloadSize?: number;
  /**
   * Whether `user` is an app admin, who may manage any organization's SCIM tokens. Default: the admin
   * plugin's `role` field names `admin`.
   */
  isAppAdmin?: (user: User) => boolean;
}

/** The option names `scim()` knows (unknown names are a start-up error). */
export const SCIM_OPTION_KEYS = {
  defaultRole: true,
  maxResults: true,
  maxStartIndex: true,
  maxGroupMembers: true,
  maxBulkOperations: true,
  maxBulkPayloadSize: true,
  isAppAdmin: true,
} as const satisfies OptionKeysOf<ScimOptions>;

/** Options with their defaults filled in. */
export type ResolvedScimOptions = Required<ScimOptions>;

const isAdminRole = (user: User): boolean => {
  const role = (user as User & { role?: unknown }).role;
  return typeof role === "string" && role.split(",").some((r) => r.trim() === "admin");
};

/** Fills in the defaults. */
export function resolveScimOptions(options: ScimOptions): ResolvedScimOptions {
  return {
    defaultRole: options.defaultRole ?? "member",
    maxResults: options.maxResults ?? 100,
    maxStartIndex: options.maxStartIndex ?? 10_000,
    maxGroupMembers: options.maxGroupMembers ?? 1000,
    maxBulkOperations: options.maxBulkOperations ?? 100,
    maxBulkPayloadSize: options.maxBulkPayloadSize ?? 1_000_000,
    isAppAdmin: options.isAppAdmin ?? isAdminRole,
  };
}
