import type { FieldType } from "@gatehouse-auth/core";
import { describe, expect, it } from "vitest";
import { decodeValue } from "./column-codec.js";
import { compileArrayRowDecoder, compileRowDecoder, valueDecoder } from "./row-decoder.js";
import type { DecodedField, DecodedJoin } from "./row-decoder.js";

const types: FieldType[] = ["string", "number", "boolean", "date", "json"];
const samples: unknown[] = [
  null,
  undefined,
  "text",
  "123",
  "2024-01-02 03:04:05.678",
  '{"a":1}',
  0,
  1,
  1_700_000_000_000,
  true,
  false,
  new Date(5),
  { already: "parsed" },
];

describe("compileRowDecoder", () => {
  it("decodes each value exactly as decodeValue does, for every type and dialect", () => {
    for (const dialect of ["sqlite", "postgres", "mysql"] as const)
      for (const type of types)
        for (const sample of samples) {
          let expected: unknown;
          try {
            expected = decodeValue(sample, type, dialect);
          } catch {
            expect(() => valueDecoder(type, dialect)(sample)).toThrow();
            continue;
          }
          expect(valueDecoder(type, dialect)(sample)).toEqual(expected);
        }
  });

  it("builds rows with the fields in order, joined rows nested or null, and never sets a prototype", () => {
    const decode = compileRowDecoder(
      [
        { name: "id", column: "id", type: "string" },
        { name: "createdAt", column: "createdAt", type: "date" },
        { name: "__proto__", column: "__proto__", type: "string" },
      ],
      [
        {
          as: "user",
          idColumn: "user__id",
          fields: [
            { name: "id", column: "user__id", type: "string" },
            { name: "verified", column: "user__verified", type: "boolean" },
          ],
        },
      ],
      "sqlite",
    );
    const raw = { id: "m1", createdAt: 1000, user__id: "u1", user__verified: 1 } as Record<string, unknown>;
    Object.defineProperty(raw, "__proto__", { value: "odd", enumerable: true });
    const row = decode(raw);
    expect(Object.keys(row)).toEqual(["id", "createdAt", "__proto__", "user"]);
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(row, "__proto__")?.value).toBe("odd");
    expect(row.createdAt).toEqual(new Date(1000));
    expect(row.user).toEqual({ id: "u1", verified: true });
    expect(decode({ id: "m2", createdAt: null, user__id: null, user__verified: null }).user).toBeNull();
  });

  it("decodes rows fetched as arrays by column position exactly as rows fetched as objects", () => {
    const fields: DecodedField[] = [
      { name: "id", column: "id", type: "string" },
      { name: "at", column: "at", type: "date" },
      { name: "ok", column: "ok", type: "boolean" },
    ];
    const joins: DecodedJoin[] = [
      { as: "user", idColumn: "user__id", fields: [{ name: "name", column: "user__name", type: "string" }] },
    ];
    // Result columns in another order than the fields: positions come from the names.
    const columns = ["ok", "user__id", "id", "user__name", "at"];
    const byPosition = compileArrayRowDecoder(fields, joins, "sqlite", columns);
    const byName = compileRowDecoder(fields, joins, "sqlite");
    for (const values of [
      [1, "u1", "m1", "Ada", 1000],
      [0, null, "m2", null, null],
    ]) {
      const named = Object.fromEntries(columns.map((c, i) => [c, values[i]]));
      expect(byPosition?.(values)).toEqual(byName(named));
    }
    expect(byPosition?.([1, "u1", "m1", "Ada", 1000])).toEqual({
      id: "m1",
      at: new Date(1000),
      ok: true,
      user: { name: "Ada" },
    });
    expect(compileArrayRowDecoder(fields, joins, "sqlite", ["id", "at", "ok", "user__id"])).toBeNull();
  });
});
