import { userFields } from "../schema/core-schema.js";
import { fitsCharacters, maxLengthOf } from "../schema/field-limits.js";
import type { FieldDef } from "../schema/schema-types.js";

const NAME_MAX = maxLengthOf(userFields.name as FieldDef);
const IMAGE_MAX = maxLengthOf(userFields.image as FieldDef);

/**
 * The name and image a provider's profile gives a new user, cut to what their columns hold. They are
 * the provider's words, not the user's input: a display name past the limit is shortened (by whole
 * characters, so no surrogate pair is split) and an over-long picture URL is dropped, rather than
 * failing the sign-in with a 400 the user can do nothing about.
 */
export function fitProfileToUser(
  name: string,
  image: string | null | undefined,
): { name: string; image: string | null } {
  const fitted = fitsCharacters(name, NAME_MAX) ? name : Array.from(name).slice(0, NAME_MAX).join("");
  return { name: fitted, image: image && fitsCharacters(image, IMAGE_MAX) ? image : null };
}
