import type { AdditionalField, Auth, FieldType, InferAdditionalFields } from "@gatehouse-auth/core";
import type { ClientPlugin } from "./client-plugin.js";
import type { Serialized, UnionToIntersection } from "./plugin-calls.js";

/** The app's additional user fields, as declared in `user.additionalFields` of its server options. */
export type UserFields = Record<string, AdditionalField>;

/** The additional user fields of `typeof auth`, or of an options object `{ user: { additionalFields } }`. */
export type FieldsOf<A> = (A extends Auth<infer O> ? O : A) extends { user?: { additionalFields?: infer F } }
  ? F extends UserFields
    ? F
    : {}
  : {};

/**
 * Type-only client plugin: the app's additional user fields flow from its server's auth type into the
 * session, the user of every core result, and the bodies of sign-up and update-user. Nothing of the
 * server is bundled: `import type { auth } from "./server/auth"`, then
 * `createAuthClient({ plugins: [inferAdditionalFields<typeof auth>()] })`. Without the server at hand,
 * pass the declarations: `inferAdditionalFields<{ user: { additionalFields: { age: { type: "number" } } } }>()`.
 */
export function inferAdditionalFields<A>() {
  const plugin = { id: "infer-additional-fields" } as const;
  return plugin as typeof plugin & { $userFields?: FieldsOf<A> };
}

/** The additional user fields the plugins of a client declare (`{}` when none does). */
export type UserFieldsOf<P extends readonly ClientPlugin[]> =
  UnionToIntersection<
    { [I in keyof P]: P[I] extends { $userFields?: infer F extends UserFields } ? F : {} }[number]
  > extends infer F extends UserFields
    ? F
    : {};

/** What a client may send for a field: dates as `Date` (sent as an ISO string), a string or epoch ms. */
type InputValue<T extends FieldType> = T extends "string"
  ? string
  : T extends "number"
    ? number
    : T extends "boolean"
      ? boolean
      : T extends "date"
        ? Date | string | number
        : unknown;

type Writable<F extends UserFields> = { [K in keyof F as F[K] extends { input: false } ? never : K]: F[K] };
/** Required at sign-up: declared `required: true` and without a default (the server refuses it otherwise). */
type MustGive<D> = D extends { required: true } ? (D extends { defaultValue: {} | null } ? false : true) : false;

/** The additional fields sign-up accepts: the required ones must be given; others may be null. */
export type SignUpFields<F extends UserFields> = {
  [K in keyof Writable<F> as MustGive<F[K]> extends true ? K : never]: InputValue<F[K]["type"]>;
} & {
  [K in keyof Writable<F> as MustGive<F[K]> extends true ? never : K]?: F[K] extends { required: true }
    ? InputValue<F[K]["type"]>
    : InputValue<F[K]["type"]> | null;
};

/** The additional fields update-user accepts: any of them; a required one cannot be cleared. */
export type UpdateUserFields<F extends UserFields> = {
  [K in keyof Writable<F>]?: F[K] extends { required: true }
    ? InputValue<F[K]["type"]>
    : InputValue<F[K]["type"]> | null;
};

/** The additional fields a user carries in responses (all but `returned: false`), over JSON. */
export type ReturnedFields<F extends UserFields> = Serialized<
  InferAdditionalFields<{ [K in keyof F as F[K] extends { returned: false } ? never : K]: F[K] }>
>;
