/** @gatehouse-auth/phone-number/client — the browser half: the routes table for the typed client. */
import type { phoneNumber } from "./phone-number-plugin.js";
import { PHONE_NUMBER_ROUTES } from "./routes-table.js";

export { PHONE_NUMBER_ROUTES } from "./routes-table.js";

/**
 * The client plugin: `createAuthClient({ plugins: [phoneNumberClient()] })` adds `client.phoneNumber.*`
 * and `client.signIn.phoneNumber`; verify, update and sign-in refresh the session store.
 */
export function phoneNumberClient() {
  const plugin = { id: "phone-number", routes: PHONE_NUMBER_ROUTES } as const;
  // Type only: the client infers each call's body and result from the server's endpoints.
  return plugin as typeof plugin & { $endpoints?: ReturnType<typeof phoneNumber>["endpoints"] };
}
