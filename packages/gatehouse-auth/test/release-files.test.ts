import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
// @ts-expect-error a plain .mjs script of the repository, without declarations
import { documentedInstallCommand, installCommand, umbrellaClosure } from "../../../scripts/release-files.mjs";

// The docs' "Before the first release" command is what CI's consumer path runs; it must name a tarball
// for gatehouse-auth and for every scoped package it needs, or npm would look for them on the registry.
const root = fileURLToPath(new URL("../../..", import.meta.url));

describe("the documented install command before the first release", () => {
  it("is gatehouse-auth's tarball, every scoped dependency's tarball and a driver: the list release-files.mjs computes", () => {
    const documented = documentedInstallCommand(root) as string | null;
    expect(documented).not.toBeNull();
    expect(documented?.replace(/\s+/g, " ")).toBe(installCommand(root));
  });

  it("names gatehouse-auth first, its scoped dependencies (core and kysely among them) and none of the heavy plugins", () => {
    const names = (umbrellaClosure(root) as { name: string }[]).map((p) => p.name);
    expect(names[0]).toBe("gatehouse-auth");
    expect(names).toContain("@gatehouse-auth/core");
    expect(names).toContain("@gatehouse-auth/kysely");
    for (const heavy of ["passkey", "phone-number", "two-factor", "password-check", "redis", "dashboard"])
      expect(names).not.toContain(`@gatehouse-auth/${heavy}`);
  });
});
