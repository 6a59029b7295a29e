// The dev mailbox keeps its messages across a restart of the example app (saved beside its database) and
// shows each email rendered, in a sandboxed frame that runs no script.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { shots, startExampleApp } from "./start-example-app.mjs";

const dataDir = mkdtempSync(join(tmpdir(), "gatehouse-e2e-mailbox-"));
let app;
after(async () => {
  await app?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The mailbox's messages to `email`, once at least one has arrived (mail goes out after the answer). */
async function messagesTo(base, email) {
  for (;;) {
    const all = await (await fetch(`${base}/dev/mailbox`)).json();
    const mine = all.filter((m) => m.to === email);
    if (mine.length > 0) return mine;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

test("the mailbox survives a restart and shows the email as HTML", async () => {
  app = await startExampleApp({ tag: "mailbox", dataDir });
  const email = "mailbox-user@example.com";
  const signUp = await fetch(`${app.base}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: app.base },
    body: JSON.stringify({ name: "Mia", email, password: "mailbox-password-1" }),
  });
  assert.equal(signUp.status, 200, await signUp.text());
  const before = await messagesTo(app.base, email);
  assert.equal(before[0].subject, "Verify your email");
  assert.match(before[0].html, /<h1>Verify your email<\/h1>/);
  assert.doesNotMatch(before[0].html, /<script/i);

  // Restart on the same data: the message is still there, same id.
  await app.stop();
  app = await startExampleApp({ tag: "mailbox", dataDir });
  const after = await messagesTo(app.base, email);
  assert.deepEqual(
    after.map((m) => m.id),
    before.map((m) => m.id),
  );

  const page = await app.browser.newPage();
  const errors = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  await page.goto(`${app.base}/mailbox`);
  const message = page.getByTestId("message").filter({ hasText: email }).first();
  await message.getByText("Show the email").click();
  const frame = message.getByTestId("message-html");
  await frame.waitFor();
  assert.equal(await frame.getAttribute("sandbox"), "");
  await frame.contentFrame().getByRole("link", { name: "Verify your email" }).waitFor();
  await page.screenshot({ path: join(shots, "mailbox-rendered.png"), fullPage: true });
  assert.deepEqual(errors, []);
});
