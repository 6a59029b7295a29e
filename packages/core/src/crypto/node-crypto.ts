import type * as NodeCrypto from "node:crypto";

/**
 * `node:crypto` when the runtime has it (Node ≥ 20.16, Bun, Deno), else undefined.
 * Loaded through `process.getBuiltinModule` so bundlers for the browser or edge never see an import.
 */
export const nodeCrypto: typeof NodeCrypto | undefined = (() => {
  const proc = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  try {
    return proc?.getBuiltinModule?.("node:crypto") as typeof NodeCrypto | undefined;
  } catch {
    return undefined;
  }
})();
