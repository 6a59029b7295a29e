import { defineEndpoint } from "@gatehouse/core";
import { z } from "zod";
import { listPasskeys, publicPasskey } from "../passkey-record.js";
import { passkeyResponse } from "./passkey-response.js";

/** GET /passkey/list-user-passkeys: the signed-in user's passkeys (never anyone else's), oldest first. */
export const listUserPasskeys = defineEndpoint(
  {
    method: "GET",
    path: "/passkey/list-user-passkeys",
    session: "required",
    openapi: { summary: "List your passkeys", response: z.array(passkeyResponse) },
  },
  async (ctx) => (await listPasskeys(ctx.auth.db, ctx.session.user.id)).map(publicPasskey),
);
