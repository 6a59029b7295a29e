// The cleanup job (auth.api.cleanup()) and the provider's rows: codes, token rows, device codes and seen
// jtis are made by real flows over HTTP, time moves on, and one run deletes exactly the expired ones —
// live codes, live device codes and a token row whose refresh token still works stay, and keep working.
import { createHash, randomBytes } from "node:crypto";
import type Database from "better-sqlite3";
import type pg from "pg";
import { describe, expect, it } from "vitest";
import { CLIENTS, type Provider, basic, navigate, postForm, signUp, startProvider } from "./provider-server.js";

const DEVICE = "urn:ietf:params:oauth:grant-type:device_code";
const MACHINE = { id: "machine", secret: "machine-secret-0123456789abcdef-0123456" };
const DAY = 86_400_000;

const setUp = (kind: "sqlite" | "postgres") =>
  startProvider(kind, {
    scopes: ["reports:read"],
    clients: [
      {
        clientId: CLIENTS.web.id,
        clientSecret: CLIENTS.web.secret,
        redirectUris: [CLIENTS.web.redirect],
        skipConsent: true,
      },
      {
        clientId: MACHINE.id,
        clientSecret: MACHINE.secret,
        redirectUris: [],
        grantTypes: ["client_credentials", DEVICE],
        scopes: ["reports:read"],
      },
    ],
  });

const web = () => ({ authorization: basic(CLIENTS.web.id, CLIENTS.web.secret) });
const machine = () => ({ authorization: basic(MACHINE.id, MACHINE.secret) });

/** A fresh authorization code for the web client (not redeemed) and its verifier. */
async function authorizationCode(p: Provider, cookie: string) {
  const verifier = randomBytes(32).toString("base64url");
  const url = new URL(`${p.issuer}/oauth2/authorize`);
  for (const [k, v] of Object.entries({
    response_type: "code",
    client_id: CLIENTS.web.id,
    redirect_uri: CLIENTS.web.redirect,
    scope: "openid offline_access",
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
  }))
    url.searchParams.set(k, v);
  const back = new URL((await navigate(url, cookie)).location as string);
  const code = back.searchParams.get("code");
  expect(code).toBeTruthy();
  return { code: code as string, verifier };
}

const redeem = (p: Provider, c: { code: string; verifier: string }) =>
  postForm(
    `${p.issuer}/oauth2/token`,
    { grant_type: "authorization_code", code: c.code, redirect_uri: CLIENTS.web.redirect, code_verifier: c.verifier },
    web(),
  );

const machineToken = async (p: Provider) => {
  const r = await postForm(`${p.issuer}/oauth2/token`, { grant_type: "client_credentials" }, machine());
  expect(r.status).toBe(200);
  return r.body?.access_token as string;
};

const startDevice = async (p: Provider) => {
  const r = await postForm(`${p.issuer}/oauth2/device_authorization`, {}, machine());
  expect(r.status).toBe(200);
  return r.body?.device_code as string;
};

const introspect = async (p: Provider, token: string) =>
  (await postForm(`${p.issuer}/oauth2/introspect`, { token }, machine())).body?.active;

describe.each(["sqlite", "postgres"] as const)("cleanup of the provider's rows on %s", (kind) => {
  it("deletes expired codes, token rows past the retention and device codes; live ones stay and work", async () => {
    const p = await setUp(kind);
    const db = p.auth.$context.db;
    const ids = async (model: string) =>
      (await db.findMany<{ id: string }>({ model, select: ["id"] })).map((r) => r.id).sort();
    try {
      const user = await signUp(p);
      // Day 0: an unredeemed code, a redeemed code with a refresh token (30 days), a machine token
      // (1 hour, no refresh), a device authorization nobody approves.
      const oldCode = await authorizationCode(p, user.cookie);
      const redeemed = await redeem(p, await authorizationCode(p, user.cookie));
      expect(redeemed.status).toBe(200);
      const refreshToken = redeemed.body?.refresh_token as string;
      const oldMachine = await machineToken(p);
      await startDevice(p);
      const tokenRowsDay0 = await ids("oauthToken");
      const codesDay0 = await ids("oauthCode");
      const devicesDay0 = await ids("oauthDeviceCode");
      expect([tokenRowsDay0.length, codesDay0.length, devicesDay0.length]).toEqual([2, 2, 1]);

      // Day 2: the machine token expired more than the 1-day retention ago; the codes and the device
      // code long ago; the refresh token has 28 days left. New live rows of every kind.
      p.clock.offset = 2 * DAY;
      const liveCode = await authorizationCode(p, user.cookie);
      const liveMachine = await machineToken(p);
      const liveDevice = await startDevice(p);
      const before = {
        tokens: await ids("oauthToken"),
        codes: await ids("oauthCode"),
        devices: await ids("oauthDeviceCode"),
      };

      const result = (await p.auth.api.cleanup()) as { deleted: Record<string, number> };
      expect(result.deleted).toMatchObject({ oauthCode: 2, oauthToken: 1, oauthDeviceCode: 1 });
      const after = {
        tokens: await ids("oauthToken"),
        codes: await ids("oauthCode"),
        devices: await ids("oauthDeviceCode"),
      };
      expect(after.codes).toEqual(before.codes.filter((id) => !codesDay0.includes(id)));
      expect(after.devices).toEqual(before.devices.filter((id) => !devicesDay0.includes(id)));
      expect(after.tokens).toHaveLength(before.tokens.length - 1);
      expect(tokenRowsDay0.filter((id) => after.tokens.includes(id))).toHaveLength(1);

      // What stayed still works; what went was already refused and still is.
      expect(await introspect(p, liveMachine)).toBe(true);
      expect(await introspect(p, oldMachine)).toBe(false);
      expect((await redeem(p, liveCode)).status).toBe(200);
      expect((await redeem(p, oldCode)).body?.error).toBe("invalid_grant");
      const polled = await postForm(
        `${p.issuer}/oauth2/token`,
        { grant_type: DEVICE, device_code: liveDevice },
        machine(),
      );
      expect(polled.body?.error).toBe("authorization_pending");
      const refreshed = await postForm(
        `${p.issuer}/oauth2/token`,
        { grant_type: "refresh_token", refresh_token: refreshToken },
        web(),
      );
      expect(refreshed.status).toBe(200);

      // A second run right away finds nothing more.
      const again = (await p.auth.api.cleanup()) as { deleted: Record<string, number> };
      expect(again.deleted).toMatchObject({ oauthCode: 0, oauthToken: 0, oauthDeviceCode: 0 });

      // Day 30.5: the day-0 refresh token expired, but its row is kept a day (a rotated token presented
      // again is still reuse). Day 31.5: it goes; the rotated successor (expiring on day 32) stays.
      const rowsWithRefresh = await db.findMany<{ id: string; rotatedAt: Date | null }>({
        model: "oauthToken",
        where: [{ field: "refreshTokenHash", operator: "ne", value: null }],
      });
      const rotated = rowsWithRefresh.filter((r) => r.rotatedAt).map((r) => r.id);
      const successor = rowsWithRefresh.filter((r) => !r.rotatedAt).map((r) => r.id);
      expect([rotated.length, successor.length]).toEqual([1, 2]);
      p.clock.offset = 30.5 * DAY;
      await p.auth.api.cleanup();
      expect((await ids("oauthToken")).filter((id) => rotated.includes(id))).toHaveLength(1);
      p.clock.offset = 31.5 * DAY;
      await p.auth.api.cleanup();
      const left = await ids("oauthToken");
      expect(left.filter((id) => rotated.includes(id))).toHaveLength(0);
      expect(left.filter((id) => successor.includes(id))).toHaveLength(2);
    } finally {
      await p.close();
    }
  });

  it("deletes in bounded batches: more expired rows than one batch all go, live rows stay", async () => {
    const p = await setUp(kind);
    const db = p.auth.$context.db;
    try {
      // 25 machine tokens at day 0, 3 at day 2; batch size 10 through the job's own batching.
      for (let i = 0; i < 25; i++) await machineToken(p);
      p.clock.offset = 2 * DAY;
      const live = [await machineToken(p), await machineToken(p), await machineToken(p)];
      const result = (await p.auth.api.cleanup({ body: { batchSize: 10 } })) as { deleted: Record<string, number> };
      expect(result.deleted.oauthToken).toBe(25);
      expect(await db.count({ model: "oauthToken" })).toBe(3);
      for (const t of live) expect(await introspect(p, t)).toBe(true);
    } finally {
      await p.close();
    }
  });

  it("reads each batch on an index of the expiry column (no table scan)", async () => {
    const p = await setUp(kind);
    try {
      for (const model of ["oauthCode", "oauthToken", "oauthDeviceCode", "oauthAssertionJti", "oauthDpopJti"]) {
        // The shape of the job's batch select: ids below the cutoff, in expiry order, one batch.
        const sql = `select "id" from "${model}" where "expiresAt" < $1 order by "expiresAt" asc limit 1000`;
        let plan: string;
        if (kind === "sqlite") {
          const rows = (p.database as Database.Database)
            .prepare(`explain query plan ${sql.replace("$1", "?")}`)
            .all(new Date().toISOString()) as { detail: string }[];
          plan = rows.map((r) => r.detail).join("\n");
          expect(plan).toMatch(/USING (COVERING )?INDEX/);
          expect(plan).not.toMatch(new RegExp(`SCAN ${model}(?! USING)`));
        } else {
          // The tables are nearly empty, where a sequential read is cheapest: ask whether an index can serve it.
          const client = await (p.database as pg.Pool).connect();
          try {
            await client.query("set enable_seqscan = off");
            const rows = await client.query(`explain ${sql}`, [new Date()]);
            plan = rows.rows.map((r: Record<string, string>) => Object.values(r)[0]).join("\n");
            await client.query("reset enable_seqscan");
          } finally {
            client.release();
          }
          expect(plan).toMatch(/Index (Only )?Scan/);
          expect(plan).not.toMatch(/Seq Scan/);
        }
      }
    } finally {
      await p.close();
    }
  });
});
