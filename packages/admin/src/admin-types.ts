import type { Session, User } from "@gatehouse-auth/core";

/** A user with the fields the admin plugin adds. */
export interface AdminUser extends User {
  /** One role or several, comma-separated. Null on rows older than the plugin: read as the default role. */
  role?: string | null;
  banned?: boolean | null;
  banReason?: string | null;
  banExpires?: Date | null;
}

/** A session with the field the admin plugin adds. */
export interface AdminSession extends Session {
  /** The admin's user id when this session is an impersonation. */
  impersonatedBy?: string | null;
}
