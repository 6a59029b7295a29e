// Shared by the *.test.ts files of this package: an auth with the plugin on a watched memory adapter,
// an injectable clock, and typed server-side calls.
import { memoryAdapter } from "@gatehouse-auth/core";
import type { Adapter, AdapterFactory, ApiCall, Auth, AuthOptions } from "@gatehouse-auth/core";
import { makeTestAuth, signUpUser } from "@gatehouse-auth/core/testing";
import type { TestClient } from "@gatehouse-auth/core/testing";
import { apiKey } from "./api-key-plugin.js";
import type { ApiKeyOptions } from "./api-key-options.js";

/**
 * Adapter calls as `method model`; a switch that makes `update` of one model find nothing, and one that
 * makes every `updateMany` of one model change no row (a conditional write that always loses its race).
 */
export interface AdapterWatch {
  calls: string[];
  failUpdatesOf: string | null;
  loseUpdateManyOf: string | null;
}

/** The memory adapter, recording every call so tests can count queries and writes. */
function watchedMemoryAdapter(watch: AdapterWatch): AdapterFactory {
  return (ctx) => {
    const inner = memoryAdapter()(ctx);
    const log = <T>(call: string, run: () => T): T => {
      watch.calls.push(call);
      return run();
    };
    const wrap = (a: Adapter): Adapter => ({
      ...a,
      create: (args) => log(`create ${args.model}`, () => a.create(args)),
      findOne: (args) => log(`findOne ${args.model}`, () => a.findOne(args)),
      findMany: (args) => log(`findMany ${args.model}`, () => a.findMany(args)),
      count: (args) => log(`count ${args.model}`, () => a.count(args)),
      update: (args) =>
        log(`update ${args.model}`, () =>
          watch.failUpdatesOf === args.model ? Promise.resolve(null) : a.update(args),
        ),
      updateMany: (args) =>
        log(`updateMany ${args.model}`, () =>
          watch.loseUpdateManyOf === args.model ? Promise.resolve(0) : a.updateMany(args),
        ),
      delete: (args) => log(`delete ${args.model}`, () => a.delete(args)),
      deleteMany: (args) => log(`deleteMany ${args.model}`, () => a.deleteMany(args)),
      transaction: (fn) => a.transaction((tx) => fn(wrap(tx))),
    });
    return wrap(inner);
  };
}

/**
 * An auth with the plugin (after it, `extra.plugins`); `clock.now` drives the auth's notion of time
 * (advance it to expire things).
 */
export function makeKeyAuth(options: ApiKeyOptions = {}, extra: Partial<AuthOptions> = {}) {
  const clock = { now: Date.now() };
  const watch: AdapterWatch = { calls: [], failUpdatesOf: null, loseUpdateManyOf: null };
  const auth = makeTestAuth({
    database: watchedMemoryAdapter(watch),
    advanced: { now: () => clock.now },
    ...extra,
    plugins: [apiKey(options), ...(extra.plugins ?? [])],
  });
  return { auth, clock, watch };
}

let counter = 0;
/** Signs a fresh user up: client, id and email. */
export async function newUser(auth: Auth) {
  return signUpUser(auth, `key-user-${++counter}-${Date.now()}@example.com`);
}

/** Creates a key over HTTP with `client`; returns the answer body (with the key). */
export async function createKey(client: Pick<TestClient, "post">, body: Record<string, unknown> = {}) {
  const r = await client.post("/api-key/create", { name: "test", ...body });
  if (r.status !== 200) throw new Error(`create failed: ${r.status} ${r.text}`);
  return r.body;
}

type KeyEndpoints = ReturnType<typeof apiKey>["endpoints"];

/** `auth.api` with the plugin's endpoints typed; makeTestAuth's type does not know them. */
export function serverApi(auth: Auth): { [K in keyof KeyEndpoints]: ApiCall<KeyEndpoints[K]> } {
  return auth.api as unknown as { [K in keyof KeyEndpoints]: ApiCall<KeyEndpoints[K]> };
}
