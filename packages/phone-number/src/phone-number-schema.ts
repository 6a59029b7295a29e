import type { FieldDef, Schema } from "@gatehouse-auth/core";

/** E.164 is at most 15 digits after the `+`. */
export const PHONE_NUMBER_MAX_LENGTH = 16;

/** The user fields the plugin adds; the field definitions input schemas are built from. */
export const phoneNumberFields = {
  phoneNumber: { type: "string", required: false, unique: true, maxLength: PHONE_NUMBER_MAX_LENGTH, input: false },
  phoneNumberVerified: { type: "boolean", required: false, defaultValue: false, input: false },
} as const satisfies Record<string, FieldDef>;

/**
 * `input: false`: sign-up and update-user carrying either field are refused (400); a number is attached
 * only by proving it with a code (verify / update).
 */
export const phoneNumberSchema: Schema = { user: { fields: phoneNumberFields } };
