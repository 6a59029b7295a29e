// Starts and watches the conformance target (../shared/conformance/TARGET.md): a child process that
// prints `ready`, whose stderr is kept so a failing request can be shown with what the server logged.
import { spawn } from "node:child_process";

/** Starts the target; resolves once it printed `ready`. */
export async function startTarget({ server, cwd, port, databaseUrl, startTimeoutMs = 90000 }) {
  const env = { ...process.env, PORT: String(port), PROFILE: "default" };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const child = spawn(process.execPath, [server], { cwd, env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  const target = {
    child,
    exited: null, // {code, signal} once the process is gone
    stderr: "", // everything it wrote to stderr (capped)
    stdout: "",
    get alive() {
      return this.exited === null;
    },
    /** stderr written since a mark (a length of target.stderr). */
    logSince(mark) {
      return this.stderr.slice(mark);
    },
    async stop() {
      if (!this.alive) return;
      const gone = new Promise((ok) => child.once("exit", ok));
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {}
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid, "SIGKILL");
        } catch {}
      }, 10000);
      await gone;
      clearTimeout(timer);
    },
  };
  const cap = (text) => (text.length > 2_000_000 ? text.slice(-1_000_000) : text);
  child.stderr.on("data", (d) => {
    target.stderr = cap(target.stderr + d);
  });
  child.on("exit", (code, signal) => {
    target.exited = { code, signal };
  });
  await new Promise((ok, fail) => {
    const timer = setTimeout(
      () => fail(new Error(`target not ready in ${startTimeoutMs / 1000} s:\n${target.stdout}${target.stderr}`)),
      startTimeoutMs,
    );
    child.stdout.on("data", (d) => {
      target.stdout = cap(target.stdout + d);
      if (target.stdout.includes("ready")) {
        clearTimeout(timer);
        ok();
      }
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      fail(new Error(`target exited (${code}) before ready:\n${target.stdout}${target.stderr}`));
    });
  });
  return target;
}

/** Every live target, so an interrupted run does not leave servers (and their schemas) behind. */
export const liveTargets = new Set();
for (const signal of ["SIGINT", "SIGTERM"])
  process.on(signal, async () => {
    await Promise.all([...liveTargets].map((t) => t.stop()));
    process.exit(130);
  });
