/** Resources and the actions each allows: `{ organization: ["update", "delete"], ... }`. */
export type Statements = Record<string, readonly string[]>;

/** What a role may do, or what a check asks for: a subset of the statements. */
export type Permissions<S extends Statements> = { [R in keyof S]?: readonly S[R][number][] };

export type AuthorizeResult = { success: true } | { success: false; error: string };

/** `AND`: every asked action must be allowed. `OR`: any one allowed action suffices. */
export type Connector = "AND" | "OR";

export interface Role<S extends Statements> {
  readonly statements: Permissions<S>;
  authorize(request: Permissions<S>, connector?: Connector): AuthorizeResult;
}

export interface AccessControl<S extends Statements> {
  readonly statements: S;
  /** Declares a role; granting an action the statements do not list is a startup error. */
  newRole(grants: Permissions<S>): Role<S>;
}

const INVALID = "Invalid access control request";

/**
 * `record[key]` only when `record` itself holds it: a request or grant naming "constructor" or
 * "toString" must not reach Object.prototype's members (a 500 `includes is not a function`).
 */
function ownEntry<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

function isValidRequest(request: unknown): request is Record<string, readonly string[]> {
  if (!request || typeof request !== "object" || Array.isArray(request)) return false;
  const entries = Object.entries(request);
  return (
    entries.length > 0 &&
    entries.every(([, actions]) => Array.isArray(actions) && actions.every((a) => typeof a === "string"))
  );
}

/**
 * Access control as data (SPEC.md §5): roles grant actions on resources; a check names the actions it
 * needs. Messages are SPEC's: a resource the role lacks → `You are not allowed to access resource: X`;
 * AND with an action missing → `unauthorized to access resource "X"`; nothing granted in OR → `Not authorized`.
 */
export function createAccessControl<const S extends Statements>(statements: S): AccessControl<S> {
  return {
    statements,
    newRole(grants) {
      for (const [resource, actions] of Object.entries(grants) as [string, readonly string[]][]) {
        const known = ownEntry(statements, resource);
        if (!known) throw new Error(`Gatehouse access control: unknown resource "${resource}"`);
        for (const action of actions) {
          if (!known.includes(action))
            throw new Error(`Gatehouse access control: "${resource}" has no action "${action}"`);
        }
      }
      return {
        statements: grants,
        authorize(request, connector = "AND") {
          if (!isValidRequest(request)) return { success: false, error: INVALID };
          let anyGranted = false;
          for (const [resource, asked] of Object.entries(request)) {
            const granted = ownEntry(grants as Record<string, readonly string[] | undefined>, resource);
            if (!granted) {
              if (connector === "AND")
                return { success: false, error: `You are not allowed to access resource: ${resource}` };
              continue;
            }
            const allowed = asked.filter((a) => granted.includes(a));
            if (connector === "AND" && allowed.length !== asked.length) {
              return { success: false, error: `unauthorized to access resource "${resource}"` };
            }
            if (allowed.length > 0) anyGranted = true;
          }
          if (connector === "OR" && !anyGranted) return { success: false, error: "Not authorized" };
          return { success: true };
        },
      };
    },
  };
}

/**
 * A member's check: `roles` may be several, comma-separated ("admin,billing"); the check passes when
 * any one of them grants the whole request (SPEC.md §6). Unknown role names grant nothing.
 */
export function hasPermission<S extends Statements>(
  roles: Record<string, Role<S>>,
  memberRoles: string | readonly string[],
  request: Permissions<S>,
  connector: Connector = "AND",
): AuthorizeResult {
  if (!isValidRequest(request)) return { success: false, error: INVALID };
  const names = (typeof memberRoles === "string" ? memberRoles.split(",") : memberRoles)
    .map((r) => r.trim())
    .filter(Boolean);
  let firstError: string | null = null;
  for (const name of names) {
    const role = ownEntry(roles, name);
    if (!role) continue;
    const result = role.authorize(request, connector);
    if (result.success) return result;
    firstError ??= result.error;
  }
  return { success: false, error: firstError ?? "Not authorized" };
}
