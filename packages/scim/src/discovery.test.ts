import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newOrganization, scimClient, startScimServer } from "./test-helpers.js";

let server: Awaited<ReturnType<typeof startScimServer>>;
beforeAll(async () => {
  server = await startScimServer();
});
afterAll(() => server.close());

describe("discovery (RFC 7644 §4)", () => {
  it("ServiceProviderConfig, Schemas[/id] and ResourceTypes[/id] to a token holder", async () => {
    const org = await newOrganization(server);
    const spc = await org.scim.get("/ServiceProviderConfig");
    expect(spc.status).toBe(200);
    expect(spc.body).toMatchObject({
      schemas: ["urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig"],
      patch: { supported: true },
      filter: { supported: true, maxResults: 100 },
      bulk: { supported: true, maxOperations: 100, maxPayloadSize: 1_000_000 },
      etag: { supported: true },
    });
    const schemas = await org.scim.get("/Schemas");
    expect(schemas.body.totalResults).toBe(2);
    const userSchema = await org.scim.get("/Schemas/urn:ietf:params:scim:schemas:core:2.0:User");
    expect(userSchema.body.attributes.find((a: { name: string }) => a.name === "userName")).toMatchObject({
      required: true,
      uniqueness: "server",
    });
    expect((await org.scim.get("/Schemas/urn:nope")).status).toBe(404);
    const types = await org.scim.get("/ResourceTypes");
    expect(types.body.Resources.map((t: { id: string }) => t.id)).toEqual(["User", "Group"]);
    expect((await org.scim.get("/ResourceTypes/Group")).body.endpoint).toBe("/Groups");
    expect((await org.scim.get("/ResourceTypes/Nope")).status).toBe(404);
    expect((await scimClient(server.base, null).get("/ServiceProviderConfig")).status).toBe(401);
  });
});
