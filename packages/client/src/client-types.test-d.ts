// Type tests for core's calls, checked by `pnpm typecheck` (tsc fails on an unused @ts-expect-error, so
// each refusal below is proven, and each assignment proves what a result carries). Nothing runs:
// create-auth-client.test.ts checks the same calls against a real server.
import { createAuth, memoryAdapter } from "@gatehouse-auth/core";
import type { ClientListedSession, ClientSession, ClientUser } from "./client-types.js";
import { createAuthClient } from "./create-auth-client.js";
import { inferAdditionalFields } from "./infer-additional-fields.js";

const auth = createAuth({
  database: memoryAdapter(),
  user: {
    additionalFields: {
      age: { type: "number", required: true },
      nickname: { type: "string" },
      born: { type: "date", required: false },
      secret: { type: "string", returned: false },
      role: { type: "string", input: false, required: true, defaultValue: "user" },
      plan: { type: "string", required: true, defaultValue: "free" },
    },
  },
});

const plain = createAuthClient({});
const typed = createAuthClient({ plugins: [inferAdditionalFields<typeof auth>()] });

/** Core's calls without declared fields: typed from core's endpoints. */
export async function plainCalls(): Promise<unknown[]> {
  const up = await plain.signUp.email({ name: "a", email: "b@example.com", password: "password-1", extra: 1 });
  const user: ClientUser | undefined = up.data?.user;
  const image: string | null | undefined = up.data?.user.image;
  const createdAt: string | undefined = up.data?.user.createdAt; // dates arrive as ISO strings
  const session = await plain.getSession();
  const data: ClientSession | null | undefined = session.data;
  const ip: string | null | undefined = session.data?.session.ipAddress;
  const sessions: ClientListedSession[] | null = (await plain.listSessions()).data;
  const current: boolean | undefined = sessions?.[0]?.current;
  const listedExpiry: string | undefined = sessions?.[0]?.expiresAt;
  // Paged: limit and an opaque cursor (the X-Next-Cursor header of the previous page).
  await plain.listSessions({ limit: 50, cursor: "c" }, { onResponse: (res) => void res.headers.get("x-next-cursor") });
  // @ts-expect-error the cursor is a string
  await plain.listSessions({ cursor: 1 });
  await plain.signOut();
  await plain.signOut({}, { retry: 2 });
  // @ts-expect-error the password is required
  await plain.signIn.email({ email: "a@example.com" });
  // @ts-expect-error the token is a string
  await plain.revokeSession({ token: 1 });
  const social = await plain.signIn.social({ provider: "github", disableRedirect: true });
  const url: string | null | undefined = social.data?.url;
  const accounts = await plain.listAccounts();
  const providerId: string | undefined = accounts.data?.[0]?.providerId;
  const verified = await plain.verifyEmail({ token: "t" });
  const status: boolean | undefined = verified.data?.status;
  const ok: true | undefined = (await plain.ok()).data?.ok;
  return [user, image, createdAt, data, ip, sessions, current, listedExpiry, url, providerId, status, ok];
}

/** With `inferAdditionalFields`: the app's fields in sign-up, update-user and every returned user. */
export async function typedCalls(): Promise<unknown[]> {
  const up = await typed.signUp.email({ name: "a", email: "b@example.com", password: "password-1", age: 3 });
  const upAge: number | undefined = up.data?.user.age;
  // @ts-expect-error age is a number
  await typed.signUp.email({ name: "a", email: "b@example.com", password: "password-1", age: "3" });
  // @ts-expect-error age is required and has no default
  await typed.signUp.email({ name: "a", email: "b@example.com", password: "password-1" });
  // @ts-expect-error role is not an input
  await typed.signUp.email({ name: "a", email: "b@example.com", password: "password-1", age: 3, role: "x" });
  // @ts-expect-error the server refuses unknown fields once they are declared
  await typed.signUp.email({ name: "a", email: "b@example.com", password: "password-1", age: 3, foo: 1 });
  await typed.signUp.email({
    name: "a",
    email: "b@example.com",
    password: "password-1",
    age: 3,
    nickname: null,
    born: new Date(),
  });
  await typed.updateUser({ nickname: "x" });
  // @ts-expect-error a required field cannot be cleared
  await typed.updateUser({ age: null });
  const session = await typed.getSession();
  const age: number | undefined = session.data?.user.age;
  const nickname: string | null | undefined = session.data?.user.nickname;
  const born: string | null | undefined = session.data?.user.born;
  // @ts-expect-error returned: false fields are not typed (only `unknown`, like any undeclared key)
  const secret: string | undefined = session.data?.user.secret;
  const stored: number | undefined = typed.$session.get().data?.user.age;
  return [upAge, age, nickname, born, secret, stored];
}
