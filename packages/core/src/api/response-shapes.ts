import { z } from "zod";
import { modelRef } from "./model-ref.js";

// Response shapes several endpoints share (core's and plugins'), written once. They describe the JSON
// a client receives, so instants are ISO strings, not Dates.

/** An instant as JSON carries it: the ISO 8601 string a Date serializes to. */
export const dateTimeResponse = z.iso.datetime();

/** A user as the API returns it: core, additional and plugin fields, without `returned: false` ones. */
export const userResponse = modelRef("user");

/** A session as the API returns it: its stored fields, plus the bearer `token` (stored only as a hash). */
export const sessionResponse = z.intersection(
  modelRef("session"),
  z.object({ token: z.string().describe("The bearer token; the database keeps only its hash") }),
);

/** A session in a listing (list-sessions): no token — whoever reads one owns that session. */
export const listedSessionResponse = z.intersection(
  modelRef("session"),
  z.object({ current: z.boolean().describe("True for the session that made this request") }),
);

/** A signed-in caller's session and user (get-session). */
export const sessionWithUserResponse = z.object({ session: sessionResponse, user: userResponse });

/** `{ status: true }`: done. */
export const statusResponse = z.object({ status: z.boolean() });

/** `{ success: true }`: done. */
export const successResponse = z.object({ success: z.boolean() });

/** `{ success, message }`: done, with what was done (delete-user). */
export const successMessageResponse = z.object({ success: z.boolean(), message: z.string() });

/** The new session's token (null when none was created) and the user. */
export const tokenUserResponse = z.object({ token: z.string().nullable(), user: userResponse });
