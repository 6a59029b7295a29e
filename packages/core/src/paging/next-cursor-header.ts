/**
 * The response header that carries a listing's next cursor when its answer is a bare array (list-sessions,
 * list-invitations…: better-auth's shapes, kept). Absent on the last page. Exposed to cross-origin callers
 * by the default CORS configuration.
 */
export const NEXT_CURSOR_HEADER = "x-next-cursor";
