import { findClosestName } from "./closest-name.js";

/**
 * The option names an options object accepts. `true`: any value, its keys not checked (a leaf, a
 * function, an array, or an open map whose keys are the app's own, like `additionalFields`); a nested
 * `OptionKeys`: an object whose keys are checked too.
 */
export type OptionKeys = { readonly [key: string]: true | OptionKeys };

type Leaf = ((...args: never[]) => unknown) | readonly unknown[] | Date | RegExp;

/**
 * `OptionKeys` naming every key of `T`: write `{ … } satisfies OptionKeysOf<MyOptions>`, and an option
 * added to the type but not to the list is a type error, so the start-up check never refuses a real one.
 */
export type OptionKeysOf<T> = {
  readonly [K in keyof T]-?: [ObjectPart<T[K]>] extends [never] ? true : true | OptionKeysOf<ObjectPart<T[K]>>;
};

/**
 * The part of an option's type whose keys can be checked: `{ interval?: number } | false` gives
 * `{ interval?: number }` (an option that is an object or `false` still has its keys checked when it is
 * an object); leaves (functions, arrays, dates) and scalars give never.
 */
type ObjectPart<V> = Exclude<Extract<NonNullable<V>, object>, Leaf>;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * Every key of `value` (and of its nested objects `keys` describes) that `keys` does not name, as
 * messages with a "did you mean" when a known name is close: `trustedOrigin (did you mean trustedOrigins?)`.
 * Only plain objects are walked: a class instance (an adapter, a logger) is the app's own.
 */
export function findUnknownOptions(value: unknown, keys: OptionKeys, path: string): string[] {
  if (!isPlainObject(value)) return [];
  const known = Object.keys(keys);
  const problems: string[] = [];
  for (const key of Object.keys(value)) {
    const rule = Object.hasOwn(keys, key) ? keys[key] : undefined;
    const where = path ? `${path}.${key}` : key;
    if (rule === undefined) {
      const guess = findClosestName(key, known);
      const prefix = path ? `${path}.` : "";
      problems.push(guess ? `${where} (did you mean ${prefix}${guess}?)` : where);
    } else if (rule !== true) {
      problems.push(...findUnknownOptions(value[key], rule, where));
    }
  }
  return problems;
}
