import { definePlugin } from "@gatehouse-auth/core";
import { cacheByAuth } from "./cache-by-auth.js";
import { generateDocument } from "./generate-document.js";
import { OPEN_API_OPTION_KEYS, resolveOpenAPIOptions } from "./open-api-options.js";
import type { OpenAPIOptions } from "./open-api-options.js";
import { renderReferencePage } from "./render-reference-page.js";
import { generateOpenAPISchema } from "./routes/generate-open-api-schema.js";
import { openAPIReference } from "./routes/open-api-reference.js";

/**
 * The OpenAPI plugin: `GET /open-api/generate-schema` and the reference page at `options.path`.
 * With `disableDefaultReference` the page is not routed at all, so its path answers core's
 * 404 NOT_FOUND (SPEC.md §8) and stays free for a page of the app's own.
 */
export const openAPI = (options: OpenAPIOptions = {}) => {
  const o = resolveOpenAPIOptions(options);
  const getDocument = cacheByAuth((auth) => generateDocument(auth, o));
  const getPage = cacheByAuth((auth) => renderReferencePage(getDocument(auth), { pagePath: o.path, theme: o.theme }));
  const generateSchema = generateOpenAPISchema(getDocument);
  return definePlugin({
    id: "open-api",
    // A misspelt option (disableDefaultReferences) is refused at start-up instead of silently ignored.
    optionKeys: { given: options, keys: OPEN_API_OPTION_KEYS },
    endpoints: o.disableDefaultReference
      ? { generateOpenAPISchema: generateSchema }
      : { generateOpenAPISchema: generateSchema, openAPIReference: openAPIReference(o.path, getPage) },
  });
};
