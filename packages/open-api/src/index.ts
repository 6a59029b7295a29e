/** @gatehouse-auth/open-api — an OpenAPI 3.1 schema and a self-contained reference page for Gatehouse. */
export { openAPI } from "./open-api-plugin.js";
export type { OpenAPIOptions, ReferenceTheme, ResolvedOpenAPIOptions } from "./open-api-options.js";
export { resolveOpenAPIOptions } from "./open-api-options.js";
export { generateDocument } from "./generate-document.js";
export type {
  JsonSchema,
  OpenAPIDocument,
  OperationObject,
  ParameterObject,
  ResponseObject,
} from "./open-api-types.js";
export { OPEN_API_ROUTES } from "./routes-table.js";
