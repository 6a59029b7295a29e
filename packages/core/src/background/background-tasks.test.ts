import { describe, expect, it, vi } from "vitest";
import { createBackgroundTasks } from "./background-tasks.js";

const quietLogger = () => ({ error: vi.fn(), warn: vi.fn(), debug: vi.fn() });

describe("background tasks", () => {
  it("starts work after the caller's synchronous turn, and settled() waits for it and what it starts", async () => {
    const logger = quietLogger();
    const tasks = createBackgroundTasks(logger);
    const done: string[] = [];
    tasks.run("outer", async () => {
      await new Promise((r) => setTimeout(r, 5));
      done.push("outer");
      tasks.run("inner", async () => {
        await new Promise((r) => setTimeout(r, 5));
        done.push("inner");
      });
    });
    // Nothing ran on the caller's turn.
    expect(done).toEqual([]);
    await tasks.settled();
    expect(done).toEqual(["outer", "inner"]);
  });

  it("logs a failure with what failed, never rejects settled(), and hands each task to the handler", async () => {
    const logger = quietLogger();
    const handed: Promise<void>[] = [];
    const tasks = createBackgroundTasks(logger, (task) => handed.push(task));
    const boom = new Error("smtp down");
    tasks.run("password reset email", () => {
      throw boom;
    });
    tasks.run("ok", () => undefined);
    expect(handed).toHaveLength(2);
    await expect(tasks.settled()).resolves.toBeUndefined();
    await expect(Promise.all(handed)).resolves.toBeDefined();
    expect(logger.error).toHaveBeenCalledWith("Gatehouse: password reset email failed in the background", boom);
  });

  it("tracks work started elsewhere: settled() waits for it, and its rejection is swallowed", async () => {
    const tasks = createBackgroundTasks(quietLogger());
    let done = false;
    tasks.track(new Promise((resolve) => setTimeout(resolve, 10)).then(() => (done = true)));
    tasks.track(Promise.reject(new Error("the caller logs this one")));
    await tasks.settled();
    expect(done).toBe(true);
  });

  it("settles at once when nothing is pending", async () => {
    await expect(createBackgroundTasks(quietLogger()).settled()).resolves.toBeUndefined();
  });
});
