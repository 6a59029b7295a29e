import { describe, expect, it } from "vitest";
import { createAccessControl, hasPermission } from "./create-access-control.js";

const ac = createAccessControl({
  organization: ["update", "delete"],
  member: ["create", "update", "delete"],
  invitation: ["create", "cancel"],
});
const owner = ac.newRole({
  organization: ["update", "delete"],
  member: ["create", "update", "delete"],
  invitation: ["create", "cancel"],
});
const admin = ac.newRole({
  organization: ["update"],
  member: ["create", "update", "delete"],
  invitation: ["create", "cancel"],
});
const member = ac.newRole({});
const roles = { owner, admin, member };

describe("access control", () => {
  it("AND needs every action; the messages are SPEC.md §5's", () => {
    expect(admin.authorize({ organization: ["update"] })).toEqual({ success: true });
    expect(admin.authorize({ organization: ["update", "delete"] })).toEqual({
      success: false,
      error: 'unauthorized to access resource "organization"',
    });
    expect(member.authorize({ member: ["create"] })).toEqual({
      success: false,
      error: "You are not allowed to access resource: member",
    });
  });

  it("OR needs any one action", () => {
    expect(admin.authorize({ organization: ["update", "delete"] }, "OR")).toEqual({ success: true });
    expect(member.authorize({ organization: ["delete"] }, "OR")).toEqual({ success: false, error: "Not authorized" });
  });

  it("a malformed request is refused as such", () => {
    expect(owner.authorize({} as never)).toEqual({ success: false, error: "Invalid access control request" });
    expect(owner.authorize({ organization: "update" } as never)).toEqual({
      success: false,
      error: "Invalid access control request",
    });
    expect(hasPermission(roles, "owner", null as never)).toEqual({
      success: false,
      error: "Invalid access control request",
    });
  });

  it("a check passes when any of several comma-separated roles grants it", () => {
    expect(hasPermission(roles, "member, admin", { member: ["delete"] })).toEqual({ success: true });
    expect(hasPermission(roles, "member,admin", { organization: ["delete"] }).success).toBe(false);
    expect(hasPermission(roles, ["owner"], { organization: ["delete"] })).toEqual({ success: true });
    expect(hasPermission(roles, "ghost,__proto__", { organization: ["update"] })).toEqual({
      success: false,
      error: "Not authorized",
    });
  });

  it("granting what the statements do not list fails at startup", () => {
    expect(() => ac.newRole({ organization: ["explode" as "update"] })).toThrow(/no action "explode"/);
    expect(() => ac.newRole({ nope: ["x"] } as never)).toThrow(/unknown resource "nope"/);
  });

  it("names Object.prototype holds are unknown resources and roles, never its members", () => {
    for (const name of ["constructor", "toString", "hasOwnProperty", "__proto__", "valueOf"]) {
      const request = JSON.parse(`{"${name}": ["x"]}`) as never;
      expect(owner.authorize(request)).toEqual({
        success: false,
        error: `You are not allowed to access resource: ${name}`,
      });
      expect(owner.authorize(request, "OR")).toEqual({ success: false, error: "Not authorized" });
      expect(hasPermission(roles, "owner", request).success).toBe(false);
      expect(hasPermission(roles, name, { organization: ["update"] })).toEqual({
        success: false,
        error: "Not authorized",
      });
      expect(() => ac.newRole(JSON.parse(`{"${name}": ["x"]}`) as never)).toThrow(/unknown resource/);
    }
    // A real resource next to a prototype name is still judged resource by resource.
    expect(admin.authorize({ organization: ["update"], constructor: ["x"] } as never, "OR")).toEqual({
      success: true,
    });
  });
});
