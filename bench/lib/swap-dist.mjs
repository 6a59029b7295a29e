// A/B runs: loads @gatehouse-auth/<pkg> from another build of it instead of packages/<pkg>/dist, for the
// packages named in GATEHOUSE_DIST_<PKG> (core, organization, kysely: a directory holding that build).
//   NODE_OPTIONS="--import ./bench/lib/swap-dist.mjs" GATEHOUSE_DIST_CORE=/tmp/core-before node bench/run.mjs
// The servers bench/run.mjs starts inherit NODE_OPTIONS and the variable. Build a package into such a
// directory from its folder with `npx tsup --no-dts --out-dir /tmp/core-after`; for an older commit,
// `git archive <rev> packages/core tsconfig.base.json` into a scratch folder, link node_modules, same.
// The hooks run on a loader thread of their own, which adds ~20-30 MB of RSS to both sides alike:
// compare RSS only between runs that both use it.
import { register } from "node:module";

register("./swap-dist-hooks.mjs", import.meta.url);
