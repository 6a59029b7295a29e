import { describe, expect, it } from "vitest";
import { serializeJson } from "./serialize-json.js";

const same = (value: unknown) => expect(serializeJson(value)).toBe(JSON.stringify(value));

describe("serializeJson", () => {
  it("writes every date as toISOString does, across years 0000 to 9999 and outside them", () => {
    const edges = [0, -1, 1, 86_399_999, 86_400_000, -62_167_219_200_000, -62_167_219_200_001, 253_402_300_799_999];
    const far = [253_402_300_800_000, 8.64e15, -8.64e15, Number.NaN];
    const spread: number[] = [];
    // A step that is no multiple of a day, an hour or a second visits every time of day and leap rule.
    for (let ms = -62_167_219_200_000; ms < 253_402_300_800_000; ms += 86_400_000 * 97 + 3_723_457) spread.push(ms);
    const dates = [...edges, ...far, ...spread].map((ms) => new Date(ms));
    same(dates);
    same({ at: new Date(Number.NaN) });
  });

  it("matches JSON.stringify on plain data: nesting, holes, undefined, functions, symbols, getters", () => {
    const withGetter = {
      get when() {
        return new Date(1_700_000_000_123);
      },
    };
    same({
      id: "a",
      n: -0,
      inf: Number.POSITIVE_INFINITY,
      ok: true,
      none: null,
      skipped: undefined,
      fn: () => 1,
      sym: Symbol("s"),
      [Symbol("k")]: 1,
      list: [1, undefined, () => 1, new Date(0), [new Date(1)], new Array(2), "é\u2028\ud800"],
      nested: { createdAt: new Date(1_763_900_000_017), user: { name: 'quote " and \\', image: null } },
      withGetter,
    });
    same(null);
    same("text");
    same(new Date(5));
    same([]);
  });

  it("leaves class instances, toJSON methods and replaced Date methods to JSON.stringify", () => {
    class Money {
      constructor(readonly cents: number) {}
      toJSON(key: string) {
        return `${key}:${this.cents / 100}`;
      }
    }
    class Point {
      x = 1;
      at = new Date(2);
    }
    const patched = new Date(3);
    Object.defineProperty(patched, "toJSON", { value: () => "custom" });
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, { at: new Date(4) });
    same({
      price: new Money(250),
      point: new Point(),
      patched,
      own: { toJSON: () => ({ at: new Date(6) }) },
      bare,
      map: new Map([["a", 1]]),
      boxed: [new String("s"), new Number(2), new Boolean(false)],
    });
  });

  it("keeps an own __proto__ key as data and never changes the input", () => {
    const input = JSON.parse('{"__proto__": {"polluted": true}, "a": 1}') as Record<string, unknown>;
    input.at = new Date(7);
    same(input);
    expect(input.at).toBeInstanceOf(Date);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("deep or cyclic values behave as with JSON.stringify", () => {
    let deep: Record<string, unknown> = { at: new Date(8) };
    for (let i = 0; i < 100; i++) deep = { next: deep, at: new Date(i) };
    same(deep);
    const cyclic: Record<string, unknown> = { at: new Date(9) };
    cyclic.self = { again: cyclic };
    expect(() => serializeJson(cyclic)).toThrow(TypeError);
    expect(() => serializeJson({ big: 1n })).toThrow(TypeError);
  });

  it("writes only own keys when Object.prototype carries an enumerable one (inherited Dates stay out)", () => {
    const proto = Object.prototype as Record<string, unknown>;
    proto.inheritedAt = new Date(10);
    try {
      const row = { id: "a", at: new Date(11), nested: { at: new Date(12) } };
      same(row);
      same([row, { plain: 1 }]);
      expect(serializeJson(row)).not.toContain("inheritedAt");
    } finally {
      delete proto.inheritedAt;
    }
    same({ afterwards: new Date(13) });
  });
});
