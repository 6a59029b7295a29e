import type { HookContext } from "@gatehouse-auth/core";

/**
 * Adds `name` to the response's Access-Control-Expose-Headers, keeping what is already listed: a
 * cross-origin page's script can read a response header only when the server names it there.
 */
export function exposeHeader(ctx: HookContext, name: string): void {
  const key = Object.keys(ctx.responseHeaders).find((k) => k.toLowerCase() === "access-control-expose-headers");
  const current = key ? (ctx.responseHeaders[key] ?? "") : "";
  if (key) delete ctx.responseHeaders[key];
  const names = current
    .split(",")
    .map((n) => n.trim())
    .filter(Boolean);
  if (!names.some((n) => n.toLowerCase() === name.toLowerCase())) names.push(name);
  ctx.responseHeaders["access-control-expose-headers"] = names.join(", ");
}
