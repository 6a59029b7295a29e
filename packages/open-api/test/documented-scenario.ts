// Shared by the scenario tests that hold the document against real answers over HTTP: one request,
// checked against the operation it hits — its status must be documented, a JSON body must validate
// (strictly: an undocumented field is drift), an error's code must be among the documented examples.
import { expect } from "vitest";
import type { TestClient, TestRequestOptions, TestResponse } from "@gatehouse-auth/core/testing";
import { GENERIC_RESPONSE } from "../src/build-operations.js";
import type { JsonSchema, OpenAPIDocument, OperationObject } from "../src/open-api-types.js";
import { validateJsonSchema } from "./validate-json-schema.js";

/** The methods the scenarios send. */
export type ScenarioMethod = "get" | "post";

/** What one scenario request carries besides its method and path template. */
export type ScenarioInput = {
  body?: unknown;
  query?: Record<string, string>;
  params?: Record<string, string>;
} & TestRequestOptions;

/** True for the placeholder 200 of an operation that declares no `openapi.response`. */
export function isGeneric(schema: unknown): boolean {
  return JSON.stringify(schema) === JSON.stringify(GENERIC_RESPONSE);
}

/** The documented 200 JSON schema of an operation; undefined when it answers no JSON 200. */
export function jsonSuccessSchema(op: OperationObject): JsonSchema | undefined {
  return op.responses[200]?.content?.["application/json"]?.schema;
}

/** Every operation of the document with its path template and method. */
export function operationsOf(doc: OpenAPIDocument): { path: string; method: string; op: OperationObject }[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ path, method, op })),
  );
}

/**
 * A `call(client, method, template, input)` that sends one request to `template` (`{name}` segments
 * filled from `input.params`) and checks the answer against `doc`; `answered` collects the
 * operationIds a real success was checked against, so a test can tell which bodies met no answer.
 */
export function documentedCaller(doc: () => OpenAPIDocument, answered: Set<string>) {
  return async function call(
    client: TestClient,
    method: ScenarioMethod,
    template: string,
    input: ScenarioInput = {},
  ): Promise<TestResponse> {
    const document = doc();
    const op: OperationObject | undefined = document.paths[template]?.[method];
    if (!op) throw new Error(`${method} ${template} is not in the document`);
    const path = template.replace(/\{(\w+)\}/g, (_, key: string) => encodeURIComponent(input.params?.[key] ?? ""));
    const r = await client.request(method.toUpperCase(), path, method === "post" ? (input.body ?? {}) : undefined, {
      query: input.query,
      headers: input.headers,
      raw: input.raw,
    });
    const where = `${op.operationId} answered ${r.status} ${r.text.slice(0, 300)}`;
    const documented = op.responses[String(r.status)];
    expect(documented, `${where}: status not documented`).toBeDefined();
    const type = r.headers.get("content-type") ?? "";
    if (r.status >= 300 && r.status < 400) {
      expect(r.headers.get("location"), where).toBeTruthy();
      expect(documented?.headers?.Location, where).toBeDefined();
    } else if (type.startsWith("text/html")) {
      expect(documented?.content?.["text/html"], where).toBeDefined();
    } else {
      const media = documented?.content?.["application/json"];
      expect(media, `${where}: no JSON documented`).toBeDefined();
      if (media) expect(validateJsonSchema(r.body, media.schema, document.components.schemas), where).toEqual([]);
      if (r.status >= 400) {
        const codes = Object.values(media?.examples ?? {}).map((e) => (e.value as { code: string }).code);
        expect(codes, `${where}: code not among the documented examples`).toContain(r.body.code);
      }
    }
    if (r.status < 400) answered.add(op.operationId);
    return r;
  };
}
