// The MySQL date round-trip must not depend on how the user configured their pool: DATETIME has no
// time zone, so the adapter writes and reads UTC wall-clock text itself.
import mysql from "mysql2";
import type { Schema } from "@gatehouse-auth/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { kyselyAdapter } from "./kysely-adapter.js";
import { MYSQL_URL, openMysql } from "./test-databases.js";
import type { TestDatabase } from "./test-databases.js";

const schema: Schema = {
  owner: { fields: { name: { type: "string" }, seenAt: { type: "date" } } },
  event: {
    fields: {
      at: { type: "date" },
      ownerId: { type: "string", required: false, references: { model: "owner", field: "id" } },
    },
  },
};

describe("MySQL dates with any pool time zone", () => {
  let opened: TestDatabase | { skip: string };
  const pools: mysql.Pool[] = [];
  const originalTz = process.env.TZ;

  beforeAll(async () => {
    opened = await openMysql();
    if ("skip" in opened) {
      console.warn(`[gatehouse] MySQL date tests skipped: ${opened.skip}`);
      return;
    }
    await kyselyAdapter({ database: opened.database })({ schema }).migrate!();
  });
  afterAll(async () => {
    process.env.TZ = originalTz;
    for (const p of pools) await new Promise<void>((resolve) => p.end(() => resolve()));
    if (!("skip" in opened)) await opened.cleanup();
  });

  // The opened database's name, so extra pools with other settings reach the same tables.
  const poolWith = (options: mysql.PoolOptions) => {
    const base = (opened as TestDatabase).database as mysql.Pool;
    const database = (base as unknown as { config: { connectionConfig: { database: string } } }).config.connectionConfig
      .database;
    const url = new URL(MYSQL_URL);
    url.pathname = `/${database}`;
    const pool = mysql.createPool({ uri: url.toString(), ...options });
    pools.push(pool);
    return pool;
  };

  const variants: [string, mysql.PoolOptions][] = [
    ["default (local) time zone", {}],
    ["a fixed offset", { timezone: "+05:30" }],
    ["UTC", { timezone: "Z" }],
    ["dateStrings", { dateStrings: true }],
  ];

  for (const [label, options] of variants) {
    it(`round-trips exactly and stores UTC with ${label}, even across a DST change`, async (ctx) => {
      if ("skip" in opened) return ctx.skip();
      process.env.TZ = "America/New_York";
      const adapter = kyselyAdapter({ database: poolWith(options) })({ schema });
      // 2024-03-10 02:30 does not exist in New York; 2024-11-03 01:30 exists twice.
      const dates = [new Date("2024-03-10T07:30:00.123Z"), new Date("2024-11-03T05:30:00.456Z"), new Date()];
      const owner = await adapter.create({ model: "owner", data: { id: `o-${label}`, name: "o", seenAt: dates[1] } });
      for (const [i, at] of dates.entries()) {
        const id = `${label}-${i}`;
        const created = await adapter.create<{ at: Date }>({
          model: "event",
          data: { id, at, ownerId: owner.id },
        });
        expect(created.at.getTime()).toBe(at.getTime());
        const found = await adapter.findOne<{ at: Date }>({
          model: "event",
          where: [
            { field: "at", value: at },
            { field: "id", value: id },
          ],
        });
        expect(found?.at.getTime()).toBe(at.getTime());
        const [raw] = await new Promise<{ s: string }[]>((resolve, reject) =>
          poolWith({}).query(
            "select date_format(`at`, '%Y-%m-%dT%H:%i:%s.%f') as s from event where id = ?",
            [id],
            (err, rows) => (err ? reject(err) : resolve(rows as { s: string }[])),
          ),
        );
        expect(`${raw?.s.slice(0, 23)}Z`).toBe(at.toISOString());
      }
      // Joined dates take the same path: the join decodes its own columns.
      const joined = await adapter.findOne<{ at: Date; owner: { id: string; seenAt: Date } | null }>({
        model: "event",
        where: [{ field: "id", value: `${label}-0` }],
        join: [{ model: "owner", localField: "ownerId", foreignField: "id", as: "owner" }],
      });
      expect(joined?.at.getTime()).toBe(dates[0]!.getTime());
      expect(joined?.owner?.id).toBe(owner.id);
      expect(joined?.owner?.seenAt.getTime()).toBe(dates[1]!.getTime());
      const withOwner = await adapter.findMany<{ at: Date }>({
        model: "event",
        where: [
          { field: "ownerId", value: owner.id },
          { field: "at", operator: "lt", value: dates[2] },
        ],
        sortBy: { field: "at", direction: "asc" },
      });
      expect(withOwner.map((e) => e.at.getTime())).toEqual([dates[0]!.getTime(), dates[1]!.getTime()]);
      process.env.TZ = originalTz;
    });
  }
});
