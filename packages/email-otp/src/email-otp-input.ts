import { z } from "zod";
import { EMAIL_OTP_TYPES } from "./email-otp-options.js";

/** An address as clients send it; routes normalize it with core's `normalizeEmail` (400 INVALID_EMAIL). */
export const emailInput = z.string().min(1).max(320);

/** A code as clients send it; `consumeEmailOtp` decides whether it is one. */
export const otpInput = z.string().min(1).max(32);

/** What a requested code is for. */
export const otpTypeInput = z.enum(EMAIL_OTP_TYPES);
