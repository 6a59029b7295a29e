import { expect } from "vitest";
import { AdapterError, UniqueConstraintError } from "../adapter/adapter-errors.js";
import type { Adapter } from "../adapter/adapter-types.js";

type Register = (title: string, fn: () => Promise<void>) => void;

interface Pair {
  id: string;
  left: string | null;
  right: string;
  note: string | null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Part of `runAdapterConformance`: `forUpdate` row locks and composite unique indexes. The lock test
 * interleaves transactions on purpose; without a real lock a SQL database loses updates.
 */
export function runLockAndCompositeConformance(test: Register, adapter: () => Adapter, prefix: () => string): void {
  test("forUpdate serialises transactions that lock the same row (read, wait, write back)", async () => {
    const p = prefix();
    await adapter().create({ model: "widget", data: { id: `${p}l`, name: `${p}l`, score: 0 } });
    const where = [{ field: "id", value: `${p}l` }];
    const bump = () =>
      adapter().transaction(async (tx) => {
        const row = await tx.findOne<{ score: number }>({ model: "widget", where, forUpdate: true });
        // Give the other transactions every chance to read the same value if nothing holds them back.
        await sleep(40);
        await tx.update({ model: "widget", where, update: { score: (row?.score ?? 0) + 1 } });
      });
    await Promise.all([bump(), bump(), bump(), bump()]);
    expect((await adapter().findOne<{ score: number }>({ model: "widget", where }))?.score).toBe(4);
  });

  test("forUpdate returns the row (or null) in and out of transactions; never with a join", async () => {
    const p = prefix();
    await adapter().create({ model: "widget", data: { id: `${p}f`, name: `${p}f`, score: 7 } });
    const where = [{ field: "id", value: `${p}f` }];
    expect(await adapter().findOne({ model: "widget", where, forUpdate: true })).toMatchObject({ score: 7 });
    const inside = await adapter().transaction((tx) =>
      Promise.all([
        tx.findOne({ model: "widget", where, forUpdate: true }),
        tx.findOne({ model: "widget", where: [{ field: "id", value: `${p}none` }], forUpdate: true }),
      ]),
    );
    expect(inside[0]).toMatchObject({ name: `${p}f` });
    expect(inside[1]).toBeNull();
    await expect(
      adapter().findOne({
        model: "widget",
        where,
        join: [{ model: "owner", localField: "ownerId", foreignField: "id", as: "owner" }],
        forUpdate: true,
      }),
    ).rejects.toBeInstanceOf(AdapterError);
  });

  test("a composite unique index refuses a repeated combination, not its parts; nulls never clash", async () => {
    const p = prefix();
    const create = (id: string, left: string | null, right: string) =>
      adapter().create<Pair>({ model: "pair", data: { id: `${p}${id}`, left: left && `${p}${left}`, right } });
    await create("1", "a", "x");
    await create("2", "a", "y");
    await create("3", "b", "x");
    await create("4", null, "x");
    await create("5", null, "x");
    await expect(create("6", "a", "x")).rejects.toBeInstanceOf(UniqueConstraintError);
    await expect(
      adapter().update({
        model: "pair",
        where: [{ field: "id", value: `${p}2` }],
        update: { right: "x", note: "lost" },
      }),
    ).rejects.toBeInstanceOf(UniqueConstraintError);
    const mine = [{ field: "id", operator: "starts_with" as const, value: p }];
    expect(await adapter().count({ model: "pair", where: mine })).toBe(5);
    expect(await adapter().count({ model: "pair", where: [...mine, { field: "note", value: "lost" }] })).toBe(0);
    // Concurrent inserts of one combination: the index lets exactly one through.
    const results = await Promise.allSettled(["7", "8", "9"].map((id) => create(id, "c", "z")));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results) if (r.status === "rejected") expect(r.reason).toBeInstanceOf(UniqueConstraintError);
  });
}
