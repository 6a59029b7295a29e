import { modelRef } from "@gatehouse-auth/core";
import { z } from "zod";
import { API_KEY_MODEL } from "./api-key-model.js";

// Response shapes of the key routes, for the OpenAPI document (documentation only: publicApiKey is
// what keeps the hash out of every answer).

/** A key as the routes return it: every field of the `apikey` model but the stored hash (`returned: false`). */
export const apiKeyResponse = modelRef(API_KEY_MODEL);

/** create's answer: the key's fields and the key itself, which no other answer ever carries. */
export const createdApiKeyResponse = z.intersection(
  apiKeyResponse,
  z.object({ key: z.string().describe("The API key itself: shown in this answer only, never again") }),
);
