import { afterEach, describe, expect, it, vi } from "vitest";
import type { ClientResult } from "./fetch-json.js";
import { REFETCH_DELAY_MS, createSessionStore } from "./session-store.js";

afterEach(() => vi.useRealTimers());

describe("session store", () => {
  it("follows SPEC.md §4: pending, then data; refetching flagged; an error clears data", async () => {
    const answers: ClientResult<{ user: string } | null>[] = [
      { data: { user: "a" }, error: null },
      { data: null, error: { status: 500, message: "down" } },
    ];
    let release: () => void = () => {};
    const store = createSessionStore(async () => {
      await new Promise<void>((r) => {
        release = r;
      });
      return answers.shift()!;
    });
    const seen: { data: unknown; error: unknown; isPending: boolean; isRefetching: boolean }[] = [];
    const off = store.$session.subscribe(({ data, error, isPending, isRefetching }) =>
      seen.push({ data, error, isPending, isRefetching }),
    );
    expect(seen[0]).toEqual({ data: null, error: null, isPending: true, isRefetching: false });
    await vi.waitFor(() => expect(seen.at(-1)?.isRefetching).toBe(true));
    release();
    await vi.waitFor(() =>
      expect(seen.at(-1)).toEqual({ data: { user: "a" }, error: null, isPending: false, isRefetching: false }),
    );
    const again = store.refetch();
    await vi.waitFor(() => expect(seen.at(-1)).toMatchObject({ data: { user: "a" }, isRefetching: true }));
    release();
    await again;
    expect(seen.at(-1)).toEqual({
      data: null,
      error: { status: 500, message: "down" },
      isPending: false,
      isRefetching: false,
    });
    off();
    store.dispose();
  });

  it("scheduleRefetch fetches once, 10 ms later, however many calls came in between", async () => {
    vi.useFakeTimers();
    let fetches = 0;
    const store = createSessionStore(async () => {
      fetches++;
      return { data: null, error: null };
    });
    store.scheduleRefetch();
    store.scheduleRefetch();
    await vi.advanceTimersByTimeAsync(REFETCH_DELAY_MS - 1);
    expect(fetches).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetches).toBe(1);
    store.dispose();
  });
});
