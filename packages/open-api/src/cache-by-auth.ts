import type { AuthContext } from "@gatehouse-auth/core";

/**
 * Memoizes `build` per auth instance. The endpoints, schema and options are fixed once `createAuth`
 * returns (DESIGN.md: nothing is rebuilt per request), so the first result stays right; a WeakMap
 * keeps one plugin instance correct even if it is shared by two auth instances.
 */
export function cacheByAuth<T>(build: (auth: AuthContext) => T): (auth: AuthContext) => T {
  const cache = new WeakMap<AuthContext, T>();
  return (auth) => {
    let value = cache.get(auth);
    if (value === undefined) {
      value = build(auth);
      cache.set(auth, value);
    }
    return value;
  };
}
