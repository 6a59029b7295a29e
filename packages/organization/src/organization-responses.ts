import { modelRef } from "@gatehouse-auth/core";
import { z } from "zod";

// The plugin's response shapes, written once (documentation only: nothing filters an answer with
// them; @gatehouse-auth/open-api's scenario test checks them against real answers). Rows are `modelRef`s
// because an app's schema may add fields to them; the document points at the components it builds
// from the runtime schema.

/** An organization row. */
export const organizationResponse = modelRef("organization");

/** A membership row. */
export const memberResponse = modelRef("member");

/** An invitation row. */
export const invitationResponse = modelRef("invitation");

/** A team row (teams on). */
export const teamResponse = modelRef("team");

/** A team membership row (teams on). */
export const teamMemberResponse = modelRef("teamMember");

/**
 * The user beside a member: only the public fields `memberUserJoin` selects, not the user model (whose
 * other fields, the app's included, listings never send).
 */
export const memberUserResponse = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  image: z.string().nullable(),
});

/** A membership with its user's public fields (`withPublicUser`). */
export const memberWithUserResponse = z.intersection(memberResponse, z.object({ user: memberUserResponse }));

/** `{ message }`: done, with what was done (team removals). */
export const messageResponse = z.object({ message: z.string() });
