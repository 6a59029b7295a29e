// The example plugin of docs/plugins.md. greeting-plugin.test.ts beside it runs it,
// so the documentation cannot drift from code that works.
import { AuthError, defineEndpoint, defineErrors, definePlugin, statusResponse } from "@gatehouse-auth/core";
import { z } from "zod";

/** The plugin's own error catalogue: codes are unique across core and every plugin. */
export const GREETING_ERRORS = defineErrors({
  GREETING_TOO_LONG: { status: 400, message: "Greeting is too long" },
});

/** GET /greeting/hello: greets the signed-in user by name. */
const hello = defineEndpoint(
  {
    method: "GET",
    path: "/greeting/hello",
    session: "required",
    openapi: { summary: "Greet the signed-in user", response: z.object({ message: z.string() }) },
  },
  async (ctx) => ({ message: `${ctx.session.user.greeting ?? "Hello"}, ${ctx.session.user.name}!` }),
);

/** POST /greeting/set: stores the user's preferred greeting in a column the plugin adds. */
const setGreeting = defineEndpoint(
  {
    method: "POST",
    path: "/greeting/set",
    session: "required",
    body: z.strictObject({ greeting: z.string() }),
    // The 200 body and the catalogue errors the config does not imply, for the OpenAPI document.
    openapi: { summary: "Set your greeting", response: statusResponse, errors: [GREETING_ERRORS.GREETING_TOO_LONG] },
  },
  async (ctx) => {
    if (ctx.body.greeting.length > 20) throw new AuthError(GREETING_ERRORS.GREETING_TOO_LONG);
    await ctx.auth.users.update(ctx.session.user.id, { greeting: ctx.body.greeting });
    return { status: true };
  },
);

/** A plugin is a plain object: endpoints, schema additions, errors, hooks selected by tag. */
export const greeting = (options: { onSignIn?: (userId: string) => void } = {}) =>
  definePlugin({
    id: "greeting",
    endpoints: { hello, setGreeting },
    schema: { user: { fields: { greeting: { type: "string", required: false, input: false } } } },
    errors: GREETING_ERRORS,
    rateLimit: { "/greeting/set": { window: 60, max: 10 } },
    hooks: {
      after: [
        {
          tags: ["creates-session"],
          run: (ctx) => {
            if (ctx.newSession) options.onSignIn?.(ctx.newSession.user.id);
          },
        },
      ],
    },
  });
