import { dateTimeResponse } from "@gatehouse-auth/core";
import { z } from "zod";

/** A passkey as its owner receives it (no public key; dates as ISO strings). */
export const passkeyResponse = z.object({
  id: z.string(),
  name: z.string().nullable(),
  userId: z.string(),
  credentialID: z.string(),
  counter: z.number(),
  deviceType: z.string(),
  backedUp: z.boolean(),
  transports: z.string().nullable().describe("Comma-separated: internal, hybrid, usb, nfc, ble…"),
  createdAt: dateTimeResponse,
  aaguid: z.string().nullable(),
});
