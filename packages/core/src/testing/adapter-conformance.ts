import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AdapterError, UniqueConstraintError } from "../adapter/adapter-errors.js";
import type { Adapter } from "../adapter/adapter-types.js";
import { generateId } from "../crypto/random.js";
import type { Schema } from "../schema/schema-types.js";
import { runLockAndCompositeConformance } from "./adapter-conformance-locks.js";

/** The schema every adapter under test is built with: each field type, a unique, a reference. */
export const conformanceSchema: Schema = {
  owner: {
    fields: {
      email: { type: "string", unique: true },
      createdAt: { type: "date" },
    },
  },
  widget: {
    fields: {
      name: { type: "string", unique: true },
      label: { type: "string", required: false },
      score: { type: "number", required: false },
      active: { type: "boolean", required: false },
      bornAt: { type: "date", required: false, index: true },
      meta: { type: "json", required: false },
      notes: { type: "string", required: false, long: true },
      ownerId: { type: "string", required: false, references: { model: "owner", field: "id", onDelete: "set null" } },
    },
  },
  pair: {
    fields: {
      left: { type: "string", required: false },
      right: { type: "string" },
      note: { type: "string", required: false },
    },
    uniqueIndexes: [["left", "right"]],
  },
};

export type AdapterSetupResult = { adapter: Adapter; cleanup?: () => Promise<void> } | { skip: string };

interface Widget {
  id: string;
  name: string;
  label: string | null;
  score: number | null;
  active: boolean | null;
  bornAt: Date | null;
  meta: unknown;
  notes: string | null;
  ownerId: string | null;
  owner?: { id: string; email: string } | null;
}

/**
 * The behaviour every adapter must share, as one vitest suite. Call it from a test file with a setup
 * that builds the adapter on `conformanceSchema` (migrated, empty), or returns `{ skip: reason }` when
 * its database is unreachable — the suite then prints one line and skips.
 */
export function runAdapterConformance(name: string, setup: (schema: Schema) => Promise<AdapterSetupResult>): void {
  let adapter: Adapter;
  let cleanup: (() => Promise<void>) | undefined;
  let skipReason: string | undefined;
  // Every test prefixes its rows, so tests never see each other's data.
  let prefixCounter = 0;
  const prefix = () => `t${++prefixCounter}${generateId(6)}-`;

  beforeAll(async () => {
    const result = await setup(conformanceSchema);
    if ("skip" in result) {
      skipReason = result.skip;
      console.warn(`[gatehouse] ${name} adapter tests skipped: ${result.skip}`);
      return;
    }
    adapter = result.adapter;
    cleanup = result.cleanup;
  }, 60_000);
  afterAll(async () => {
    await cleanup?.();
  }, 60_000);

  const test = (title: string, fn: () => Promise<void>) =>
    it(title, async (ctx) => {
      if (skipReason) return ctx.skip();
      await fn();
    });

  async function seed(p: string) {
    const owner = await adapter.create({
      model: "owner",
      data: { id: generateId(), email: `${p}owner@example.com`, createdAt: new Date(1_700_000_000_123) },
    });
    const rows = [
      {
        name: `${p}alpha`,
        label: "Red Apple",
        score: 10,
        active: true,
        bornAt: new Date("2024-01-01T00:00:00.001Z"),
        ownerId: owner.id,
      },
      {
        name: `${p}beta`,
        label: "green PEAR",
        score: 20,
        active: false,
        bornAt: new Date("2024-06-01T12:30:00.500Z"),
        ownerId: null,
      },
      { name: `${p}gamma`, label: null, score: 30, active: null, bornAt: null, ownerId: owner.id },
      {
        name: `${p}delta`,
        label: "50%_off",
        score: -5,
        active: true,
        bornAt: new Date("2023-12-31T23:59:59.999Z"),
        ownerId: null,
      },
    ];
    for (const r of rows) await adapter.create({ model: "widget", data: { id: generateId(), ...r } });
    return { owner };
  }

  const names = (rows: { name: string }[], p: string) => rows.map((r) => r.name.slice(p.length)).sort();
  const mine = (p: string) => ({ field: "name", operator: "starts_with" as const, value: p });

  describe(`${name} adapter conformance`, () => {
    test("create returns the row with decoded types", async () => {
      const p = prefix();
      const bornAt = new Date("2025-03-04T05:06:07.089Z");
      const meta = { tags: ["a", "ü", "😀"], nested: { n: 1.5, ok: true, nothing: null } };
      const row = await adapter.create<Widget>({
        model: "widget",
        data: { id: `${p}id`, name: `${p}w`, label: "x", score: 42, active: false, bornAt, meta },
      });
      expect(row).toMatchObject({
        id: `${p}id`,
        name: `${p}w`,
        label: "x",
        score: 42,
        active: false,
        meta,
        notes: null,
        ownerId: null,
      });
      expect(row.bornAt).toBeInstanceOf(Date);
      expect(row.bornAt?.getTime()).toBe(bornAt.getTime());
      const found = await adapter.findOne<Widget>({ model: "widget", where: [{ field: "id", value: `${p}id` }] });
      expect(found?.bornAt?.getTime()).toBe(bornAt.getTime());
      expect(found?.meta).toEqual(meta);
      expect(found?.active).toBe(false);
      expect(found?.score).toBe(42);
    });

    test("booleans, numbers and null round-trip", async () => {
      const p = prefix();
      for (const [i, active] of [true, false, null].entries()) {
        await adapter.create({
          model: "widget",
          data: { id: `${p}${i}`, name: `${p}${i}`, active, score: i === 2 ? null : 1_700_000_000_000 + i },
        });
      }
      const rows = await adapter.findMany<Widget>({
        model: "widget",
        where: [mine(p)],
        sortBy: { field: "name", direction: "asc" },
      });
      expect(rows.map((r) => r.active)).toEqual([true, false, null]);
      expect(rows.map((r) => r.score)).toEqual([1_700_000_000_000, 1_700_000_000_001, null]);
    });

    test("long text and unicode survive", async () => {
      const p = prefix();
      const notes = "ж".repeat(5000) + "x".repeat(5000);
      await adapter.create({ model: "widget", data: { id: `${p}l`, name: `${p}l`, notes, label: "Ünïcödé ✓" } });
      const row = await adapter.findOne<Widget>({ model: "widget", where: [{ field: "name", value: `${p}l` }] });
      expect(row?.notes).toBe(notes);
      expect(row?.label).toBe("Ünïcödé ✓");
    });

    test("eq is exact and case-sensitive; ne excludes nulls", async () => {
      const p = prefix();
      await seed(p);
      const exact = await adapter.findMany<Widget>({
        model: "widget",
        where: [mine(p), { field: "label", value: "Red Apple" }],
      });
      expect(names(exact, p)).toEqual(["alpha"]);
      const wrongCase = await adapter.findMany<Widget>({
        model: "widget",
        where: [mine(p), { field: "label", value: "red apple" }],
      });
      expect(wrongCase).toHaveLength(0);
      const ne = await adapter.findMany<Widget>({
        model: "widget",
        where: [mine(p), { field: "label", operator: "ne", value: "Red Apple" }],
      });
      expect(names(ne, p)).toEqual(["beta", "delta"]);
    });

    test("eq null and ne null", async () => {
      const p = prefix();
      await seed(p);
      const isNull = await adapter.findMany<Widget>({
        model: "widget",
        where: [mine(p), { field: "label", value: null }],
      });
      expect(names(isNull, p)).toEqual(["gamma"]);
      const notNull = await adapter.findMany<Widget>({
        model: "widget",
        where: [mine(p), { field: "bornAt", operator: "ne", value: null }],
      });
      expect(names(notNull, p)).toEqual(["alpha", "beta", "delta"]);
    });

    test("lt, lte, gt, gte on numbers and dates", async () => {
      const p = prefix();
      await seed(p);
      const q = async (field: string, operator: "lt" | "lte" | "gt" | "gte", value: unknown) =>
        names(await adapter.findMany<Widget>({ model: "widget", where: [mine(p), { field, operator, value }] }), p);
      expect(await q("score", "lt", 10)).toEqual(["delta"]);
      expect(await q("score", "lte", 10)).toEqual(["alpha", "delta"]);
      expect(await q("score", "gt", 20)).toEqual(["gamma"]);
      expect(await q("score", "gte", 20)).toEqual(["beta", "gamma"]);
      expect(await q("bornAt", "gt", new Date("2024-01-01T00:00:00.000Z"))).toEqual(["alpha", "beta"]);
      expect(await q("bornAt", "lt", new Date("2024-01-01T00:00:00.001Z"))).toEqual(["delta"]);
      expect(await q("bornAt", "lte", new Date("2024-01-01T00:00:00.001Z"))).toEqual(["alpha", "delta"]);
    });

    test("contains, starts_with, ends_with ignore case and treat % and _ literally", async () => {
      const p = prefix();
      await seed(p);
      const q = async (operator: "contains" | "starts_with" | "ends_with", value: string) =>
        names(
          await adapter.findMany<Widget>({ model: "widget", where: [mine(p), { field: "label", operator, value }] }),
          p,
        );
      expect(await q("contains", "APPLE")).toEqual(["alpha"]);
      expect(await q("contains", "e")).toEqual(["alpha", "beta"]);
      expect(await q("starts_with", "green")).toEqual(["beta"]);
      expect(await q("ends_with", "pear")).toEqual(["beta"]);
      expect(await q("contains", "%")).toEqual(["delta"]);
      expect(await q("contains", "%_o")).toEqual(["delta"]);
      // As a LIKE wildcard "_" would match the space in "Red Apple"; it must not.
      expect(await q("contains", "d_a")).toEqual([]);
      expect(await q("starts_with", "%")).toEqual([]);
      expect(await q("contains", "_")).toEqual(["delta"]);
    });

    test("in and not_in, including empty lists", async () => {
      const p = prefix();
      await seed(p);
      const q = async (operator: "in" | "not_in", value: unknown[]) =>
        names(
          await adapter.findMany<Widget>({ model: "widget", where: [mine(p), { field: "score", operator, value }] }),
          p,
        );
      expect(await q("in", [10, 30, 99])).toEqual(["alpha", "gamma"]);
      expect(await q("not_in", [10, 30])).toEqual(["beta", "delta"]);
      expect(await q("in", [])).toEqual([]);
      expect(await q("not_in", [])).toEqual(["alpha", "beta", "delta", "gamma"]);
      // Rejected even when no row reaches the condition (an empty prefix matches nothing).
      for (const operator of ["in", "not_in"] as const) {
        await expect(
          adapter.findMany({
            model: "widget",
            where: [mine(`${p}none-`), { field: "score", operator, value: 10 }],
          }),
        ).rejects.toBeInstanceOf(AdapterError);
      }
    });

    test("OR groups, and AND nested inside OR", async () => {
      const p = prefix();
      await seed(p);
      const or = await adapter.findMany<Widget>({
        model: "widget",
        where: [
          mine(p),
          {
            or: [
              { field: "score", value: 10 },
              { field: "label", value: null },
            ],
          },
        ],
      });
      expect(names(or, p)).toEqual(["alpha", "gamma"]);
      const nested = await adapter.findMany<Widget>({
        model: "widget",
        where: [
          mine(p),
          {
            or: [
              {
                and: [
                  { field: "active", value: true },
                  { field: "score", operator: "lt", value: 0 },
                ],
              },
              { field: "name", value: `${p}beta` },
            ],
          },
        ],
      });
      expect(names(nested, p)).toEqual(["beta", "delta"]);
    });

    test("sort, limit and offset", async () => {
      const p = prefix();
      await seed(p);
      const byScore = (direction: "asc" | "desc", limit?: number, offset?: number) =>
        adapter.findMany<Widget>({
          model: "widget",
          where: [mine(p)],
          sortBy: { field: "score", direction },
          limit,
          offset,
        });
      expect((await byScore("asc")).map((r) => r.score)).toEqual([-5, 10, 20, 30]);
      expect((await byScore("desc")).map((r) => r.score)).toEqual([30, 20, 10, -5]);
      expect((await byScore("asc", 2)).map((r) => r.score)).toEqual([-5, 10]);
      expect((await byScore("asc", 2, 1)).map((r) => r.score)).toEqual([10, 20]);
      expect((await byScore("desc", 10, 3)).map((r) => r.score)).toEqual([-5]);
    });

    test("select returns only the named fields", async () => {
      const p = prefix();
      await seed(p);
      const row = await adapter.findOne<Record<string, unknown>>({
        model: "widget",
        where: [{ field: "name", value: `${p}alpha` }],
        select: ["name", "score"],
      });
      expect(row).toEqual({ name: `${p}alpha`, score: 10 });
    });

    test("many-to-one join in findOne and findMany; absent target is null", async () => {
      const p = prefix();
      const { owner } = await seed(p);
      const join = [{ model: "owner", localField: "ownerId", foreignField: "id", as: "owner" }];
      const one = await adapter.findOne<Widget>({
        model: "widget",
        where: [{ field: "name", value: `${p}alpha` }],
        join,
      });
      expect(one?.owner).toMatchObject({ id: owner.id, email: `${p}owner@example.com` });
      expect((one?.owner as unknown as { createdAt: Date } | undefined)?.createdAt.getTime()).toBe(1_700_000_000_123);
      const many = await adapter.findMany<Widget>({
        model: "widget",
        where: [mine(p)],
        join,
        sortBy: { field: "name", direction: "asc" },
      });
      expect(many.map((w) => w.owner?.id ?? null)).toEqual([owner.id, null, null, owner.id]);
      expect(many[0]?.score).toBe(10);
      const narrow = await adapter.findMany<Widget>({
        model: "widget",
        where: [mine(p)],
        join: [{ ...join[0]!, select: ["email"] }],
        sortBy: { field: "name", direction: "asc" },
      });
      expect(narrow.map((w) => w.owner ?? null)).toEqual([
        { email: `${p}owner@example.com` },
        null,
        null,
        { email: `${p}owner@example.com` },
      ]);
    });

    test("count with and without where", async () => {
      const p = prefix();
      await seed(p);
      expect(await adapter.count({ model: "widget", where: [mine(p)] })).toBe(4);
      expect(await adapter.count({ model: "widget", where: [mine(p), { field: "active", value: true }] })).toBe(2);
      expect(await adapter.count({ model: "widget" })).toBeGreaterThanOrEqual(4);
      // A bounded count stops at its limit (the dashboard's totals past 100,000 rows).
      expect(await adapter.count({ model: "widget", where: [mine(p)], limit: 3 })).toBe(3);
      expect(await adapter.count({ model: "widget", where: [mine(p)], limit: 10 })).toBe(4);
      expect(
        await adapter.count({ model: "widget", where: [mine(p), { field: "active", value: true }], limit: 1 }),
      ).toBe(1);
    });

    test("update returns the updated row, or null when nothing matched", async () => {
      const p = prefix();
      await seed(p);
      const updated = await adapter.update<Widget>({
        model: "widget",
        where: [{ field: "name", value: `${p}beta` }],
        update: { label: "changed", active: true, bornAt: new Date(5), meta: [1, "two"] },
      });
      expect(updated).toMatchObject({ name: `${p}beta`, label: "changed", active: true, score: 20, meta: [1, "two"] });
      expect(updated?.bornAt?.getTime()).toBe(5);
      const none = await adapter.update({
        model: "widget",
        where: [{ field: "name", value: `${p}nope` }],
        update: { label: "x" },
      });
      expect(none).toBeNull();
    });

    test("increment is atomic under concurrency", async () => {
      const p = prefix();
      await adapter.create({ model: "widget", data: { id: `${p}c`, name: `${p}c`, score: 0 } });
      await Promise.all(
        Array.from({ length: 20 }, () =>
          adapter.update({
            model: "widget",
            where: [{ field: "id", value: `${p}c` }],
            update: {},
            increment: { score: 1 },
          }),
        ),
      );
      const row = await adapter.update<Widget>({
        model: "widget",
        where: [{ field: "id", value: `${p}c` }],
        update: { label: "done" },
        increment: { score: 100 },
      });
      expect(row).toMatchObject({ score: 120, label: "done" });
    });

    test("increment follows SQL: NULL stays NULL; only number fields", async () => {
      const p = prefix();
      await adapter.create({ model: "widget", data: { id: `${p}n`, name: `${p}n`, score: null, label: "l" } });
      const where = [{ field: "id", value: `${p}n` }];
      const row = await adapter.update<Widget>({ model: "widget", where, update: {}, increment: { score: 5 } });
      expect(row?.score).toBeNull();
      await expect(
        adapter.update({ model: "widget", where, update: {}, increment: { label: 1 } }),
      ).rejects.toBeInstanceOf(AdapterError);
      await expect(
        adapter.update({ model: "widget", where, update: {}, increment: { nope: 1 } }),
      ).rejects.toBeInstanceOf(AdapterError);
      expect((await adapter.findOne<Widget>({ model: "widget", where }))?.label).toBe("l");
    });

    test("updateMany and deleteMany report counts; delete removes one row", async () => {
      const p = prefix();
      await seed(p);
      expect(
        await adapter.updateMany({
          model: "widget",
          where: [mine(p), { field: "active", value: true }],
          update: { label: "on" },
        }),
      ).toBe(2);
      expect(await adapter.count({ model: "widget", where: [mine(p), { field: "label", value: "on" }] })).toBe(2);
      await adapter.delete({ model: "widget", where: [{ field: "name", value: `${p}alpha` }] });
      expect(await adapter.findOne({ model: "widget", where: [{ field: "name", value: `${p}alpha` }] })).toBeNull();
      expect(
        await adapter.deleteMany({ model: "widget", where: [mine(p), { field: "score", operator: "gte", value: 20 }] }),
      ).toBe(2);
      expect(await adapter.count({ model: "widget", where: [mine(p)] })).toBe(1);
      expect(await adapter.deleteMany({ model: "widget", where: [mine(p), { field: "score", value: 12345 }] })).toBe(0);
    });

    test("unique violations throw UniqueConstraintError on create and update, and change nothing", async () => {
      const p = prefix();
      await seed(p);
      await expect(
        adapter.create({ model: "widget", data: { id: generateId(), name: `${p}alpha` } }),
      ).rejects.toBeInstanceOf(UniqueConstraintError);
      await expect(
        adapter.create({ model: "widget", data: { id: generateId(), name: `${p}ALPHA` } }),
      ).resolves.toMatchObject({ name: `${p}ALPHA` });
      await expect(
        adapter.update({
          model: "widget",
          where: [{ field: "name", value: `${p}beta` }],
          update: { name: `${p}alpha`, label: "lost" },
        }),
      ).rejects.toBeInstanceOf(UniqueConstraintError);
      const beta = await adapter.findOne<Widget>({ model: "widget", where: [{ field: "name", value: `${p}beta` }] });
      expect(beta?.label).toBe("green PEAR");
      // Two rows given the same unique value by one statement: rejected as a whole.
      await expect(
        adapter.updateMany({
          model: "widget",
          where: [mine(p), { field: "score", operator: "gte", value: 20 }],
          update: { name: `${p}same`, label: "lost" },
        }),
      ).rejects.toBeInstanceOf(UniqueConstraintError);
      expect(await adapter.count({ model: "widget", where: [mine(p), { field: "label", value: "lost" }] })).toBe(0);
      expect(await adapter.count({ model: "widget", where: [{ field: "name", value: `${p}same` }] })).toBe(0);
      await expect(
        adapter.update({
          model: "widget",
          where: [{ field: "name", value: `${p}gamma` }],
          update: { id: beta?.id },
        }),
      ).rejects.toBeInstanceOf(UniqueConstraintError);
    });

    test("transactions commit together", async () => {
      const p = prefix();
      const result = await adapter.transaction(async (tx) => {
        await tx.create({ model: "widget", data: { id: `${p}1`, name: `${p}1` } });
        await tx.create({ model: "widget", data: { id: `${p}2`, name: `${p}2` } });
        return tx.count({ model: "widget", where: [mine(p)] });
      });
      expect(result).toBe(2);
      expect(await adapter.count({ model: "widget", where: [mine(p)] })).toBe(2);
    });

    test("a failed transaction leaves nothing half-written", async () => {
      const p = prefix();
      await adapter.create({ model: "widget", data: { id: `${p}0`, name: `${p}0`, score: 1 } });
      await expect(
        adapter.transaction(async (tx) => {
          await tx.create({ model: "widget", data: { id: `${p}1`, name: `${p}1` } });
          await tx.update({ model: "widget", where: [{ field: "id", value: `${p}0` }], update: { score: 2 } });
          await tx.create({ model: "widget", data: { id: `${p}2`, name: `${p}0` } }); // unique violation
        }),
      ).rejects.toBeInstanceOf(UniqueConstraintError);
      expect(await adapter.count({ model: "widget", where: [mine(p)] })).toBe(1);
      expect(
        (await adapter.findOne<Widget>({ model: "widget", where: [{ field: "id", value: `${p}0` }] }))?.score,
      ).toBe(1);
      await expect(
        adapter.transaction(async (tx) => {
          await tx.create({ model: "widget", data: { id: `${p}3`, name: `${p}3` } });
          throw new Error("boom");
        }),
      ).rejects.toThrow("boom");
      expect(await adapter.count({ model: "widget", where: [mine(p)] })).toBe(1);
    });

    test("nested transactions reuse the outer one", async () => {
      const p = prefix();
      await expect(
        adapter.transaction(async (tx) => {
          await tx.transaction(async (inner) => {
            await inner.create({ model: "widget", data: { id: `${p}1`, name: `${p}1` } });
          });
          expect(await tx.count({ model: "widget", where: [mine(p)] })).toBe(1);
          throw new Error("undo all");
        }),
      ).rejects.toThrow("undo all");
      expect(await adapter.count({ model: "widget", where: [mine(p)] })).toBe(0);
    });

    test("unknown models and fields are AdapterErrors, not database errors", async () => {
      await expect(adapter.findOne({ model: "nope", where: [] })).rejects.toBeInstanceOf(AdapterError);
      await expect(adapter.findMany({ model: "widget", where: [{ field: "nope", value: 1 }] })).rejects.toBeInstanceOf(
        AdapterError,
      );
      await expect(
        adapter.findMany({ model: "widget", sortBy: { field: "nope; drop table widget", direction: "asc" } }),
      ).rejects.toBeInstanceOf(AdapterError);
      await expect(
        adapter.create({ model: "widget", data: { id: generateId(), name: "x", nope: 1 } }),
      ).rejects.toBeInstanceOf(AdapterError);
      await expect(adapter.update({ model: "widget", where: [], update: { nope: 1 } })).rejects.toBeInstanceOf(
        AdapterError,
      );
      await expect(adapter.findMany({ model: "widget", select: ["name", "nope"] })).rejects.toBeInstanceOf(
        AdapterError,
      );
      const join = (j: Partial<{ model: string; localField: string; foreignField: string }>) =>
        adapter.findMany({
          model: "widget",
          join: [{ model: "owner", localField: "ownerId", foreignField: "id", as: "owner", ...j }],
        });
      await expect(join({ model: "nope" })).rejects.toBeInstanceOf(AdapterError);
      await expect(join({ localField: "nope" })).rejects.toBeInstanceOf(AdapterError);
      await expect(join({ foreignField: "nope" })).rejects.toBeInstanceOf(AdapterError);
      await expect(
        adapter.findMany({
          model: "widget",
          join: [{ model: "owner", localField: "ownerId", foreignField: "id", as: "owner", select: ["nope"] }],
        }),
      ).rejects.toBeInstanceOf(AdapterError);
      await expect(
        adapter.updateMany({ model: "widget", where: [{ field: "nope", value: 1 }], update: { label: "x" } }),
      ).rejects.toBeInstanceOf(AdapterError);
      await expect(
        adapter.deleteMany({ model: "widget", where: [{ or: [{ field: "nope", value: 1 }] }] }),
      ).rejects.toBeInstanceOf(AdapterError);
      await expect(adapter.count({ model: "nope" })).rejects.toBeInstanceOf(AdapterError);
    });

    runLockAndCompositeConformance(test, () => adapter, prefix);

    test("returned rows are copies", async () => {
      const p = prefix();
      const created = await adapter.create<Widget>({
        model: "widget",
        data: { id: `${p}m`, name: `${p}m`, meta: { n: 1 } },
      });
      (created.meta as { n: number }).n = 99;
      created.name = "mutated";
      const again = await adapter.findOne<Widget>({ model: "widget", where: [{ field: "id", value: `${p}m` }] });
      expect(again).toMatchObject({ name: `${p}m`, meta: { n: 1 } });
      const bornAt = new Date(1_000);
      await adapter.update({ model: "widget", where: [{ field: "id", value: `${p}m` }], update: { bornAt } });
      bornAt.setTime(2_000); // the caller's Date must not be the stored one either
      const read = await adapter.findOne<Widget>({ model: "widget", where: [{ field: "id", value: `${p}m` }] });
      read?.bornAt?.setTime(3_000);
      const [listed] = await adapter.findMany<Widget>({ model: "widget", where: [{ field: "id", value: `${p}m` }] });
      expect(listed?.bornAt?.getTime()).toBe(1_000);
    });
  });
}
