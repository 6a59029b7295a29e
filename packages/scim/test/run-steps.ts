// Replays a fixture's steps against a server as its identity provider would, checking each answer and
// validating every User and Group answered against RFC 7643's core schemas with SCIMMY.
import SCIMMY from "scimmy";
import { expect } from "vitest";
import type { scimClient } from "../src/test-helpers.js";
import type { Step } from "./fixtures/step.js";

const fill = (value: unknown, vars: Record<string, string>): unknown => {
  if (typeof value === "string") return value.replace(/\{(\w+)\}/g, (m, name: string) => vars[name] ?? m);
  if (Array.isArray(value)) return value.map((v) => fill(v, vars));
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [fill(k, vars) as string, fill(v, vars)]));
  return value;
};

const at = (body: unknown, path: string): unknown =>
  path
    .split(".")
    .reduce<unknown>((v, key) => (v && typeof v === "object" ? (v as Record<string, unknown>)[key] : undefined), body);

/** RFC 7643 §4.1 / §4.2 validation of an answered resource (SCIMMY throws on a type or required-attribute error). */
function validateResource(resource: { schemas?: string[] }) {
  const schemas = resource.schemas ?? [];
  if (schemas.includes(SCIMMY.Schemas.User.definition.id)) SCIMMY.Schemas.User.definition.coerce(resource, "out");
  else if (schemas.includes(SCIMMY.Schemas.Group.definition.id))
    SCIMMY.Schemas.Group.definition.coerce(resource, "out");
  else throw new Error(`not a User or Group: ${JSON.stringify(resource).slice(0, 200)}`);
}

/** Runs `steps` with `client`; returns the values the steps saved. */
export async function runSteps(client: ReturnType<typeof scimClient>, steps: readonly Step[]) {
  const vars: Record<string, string> = {};
  for (const step of steps) {
    const path = fill(step.path, vars) as string;
    const r = await client.request(step.method, path, step.body === undefined ? undefined : fill(step.body, vars));
    expect({ step: step.name, status: r.status, body: r.body }).toMatchObject({ step: step.name, status: step.status });
    if (r.status !== 204) expect(r.headers.get("content-type")).toMatch(/^application\/scim\+json/);
    if (r.status >= 400) {
      expect(r.body.schemas).toEqual(["urn:ietf:params:scim:api:messages:2.0:Error"]);
      expect(r.body.status).toBe(String(r.status));
    } else if (r.body?.Resources) {
      for (const resource of r.body.Resources) validateResource(resource);
    } else if (r.body) validateResource(r.body);
    for (const [name, p] of Object.entries(step.save ?? {})) vars[name] = at(r.body, p) as string;
    for (const [p, expected] of Object.entries(step.expect ?? {}))
      expect({ step: step.name, [p]: at(r.body, p) }).toEqual({ step: step.name, [p]: fill(expected, vars) });
  }
  return vars;
}
