import { AuthError } from "@gatehouse-auth/core";
import type { AuthContext, RateLimitRule, Verification } from "@gatehouse-auth/core";
import { TWO_FACTOR_ERRORS } from "./two-factor-errors.js";

interface SendWindow {
  sends: number;
  windowStart: number;
}

const MODEL = "verification";
const MAX_ROUNDS = 8;
const identifierOf = (userId: string) => `two-factor-otp-sends:${userId}`;

const parse = (value: string): SendWindow | null => {
  try {
    const s = JSON.parse(value) as SendWindow;
    return Number.isInteger(s?.sends) && Number.isFinite(s?.windowStart) ? s : null;
  } catch {
    return null;
  }
};

/**
 * Counts one code sent to `userId` against `limit` (across pending sign-ins and clients: whoever knows the
 * password cannot flood the inbox by signing in again and again). Throws 429 TWO_FACTOR_OTP_SEND_LIMIT when
 * the window is full. Every write is a compare-and-swap (or the oldest of racing inserts wins), so parallel
 * sends cannot exceed it.
 */
export async function countOtpSend(auth: AuthContext, userId: string, limit: RateLimitRule): Promise<void> {
  const identifier = identifierOf(userId);
  const rows = () =>
    auth.db
      .findMany<Verification>({ model: MODEL, where: [{ field: "identifier", value: identifier }], limit: 10 })
      .then((list) => list.sort((a, b) => +a.createdAt - +b.createdAt || (a.id < b.id ? -1 : 1)));
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const now = auth.now();
    const [current] = await rows();
    if (!current) {
      const mine = await auth.db.create<Verification>({
        model: MODEL,
        data: {
          identifier,
          value: JSON.stringify({ sends: 1, windowStart: now }),
          expiresAt: new Date(now + limit.window * 1000),
        },
      });
      const [winner] = await rows();
      if (winner?.id === mine.id) return;
      await auth.db.deleteMany({ model: MODEL, where: [{ field: "id", value: mine.id }] });
      continue;
    }
    const prev = parse(current.value);
    const inWindow = prev !== null && now < prev.windowStart + limit.window * 1000;
    const next: SendWindow = inWindow
      ? { sends: prev.sends + 1, windowStart: prev.windowStart }
      : { sends: 1, windowStart: now };
    if (next.sends > limit.max) throw new AuthError(TWO_FACTOR_ERRORS.TWO_FACTOR_OTP_SEND_LIMIT);
    const changed = await auth.db.updateMany({
      model: MODEL,
      where: [
        { field: "id", value: current.id },
        { field: "value", value: current.value },
      ],
      update: { value: JSON.stringify(next), expiresAt: new Date(next.windowStart + limit.window * 1000) },
    });
    if (changed === 1) return;
  }
  throw new AuthError(TWO_FACTOR_ERRORS.TWO_FACTOR_OTP_SEND_LIMIT);
}
