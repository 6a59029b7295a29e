#!/usr/bin/env node
// The `gatehouse-auth` bin of the one-package install: the very CLI of @gatehouse-auth/kysely (migrate,
// generate; docs/getting-started.md), not a copy. Its file is not an export of that package (an export
// would be loaded by every require()-each-entry check and run the CLI), so it is found beside the
// package's entry, which both packages build into the same dist/ folder at the same pinned version.

/** What @gatehouse-auth/kysely's dist/cli.js exports. */
interface KyselyCli {
  runCli(argv: string[]): Promise<number>;
}

const cliUrl = new URL("./cli.js", import.meta.resolve("@gatehouse-auth/kysely"));
(import(cliUrl.href) as Promise<KyselyCli>)
  .then(({ runCli }) => runCli(process.argv.slice(2)))
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    console.error(`gatehouse-auth: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
