import { VERIFY_CODE_RESEND_COOLDOWN_SECONDS } from '@hiram/contract/auth-rules';
import { expect } from 'vitest';
import { moveServerClock } from './server.ts';

interface OutboxMessage {
  text: string;
}

/** Reads the newest verification code sent to a number from the sandbox SMS outbox, as a tester with the phone would. */
export async function latestCode(baseURL: string, mobile: string): Promise<string> {
  const response = await fetch(`${baseURL}/dev/sms?mobile=${encodeURIComponent(mobile)}`);
  expect(response.status).toBe(200);
  const body = (await response.json()) as { code: number; data: OutboxMessage[] };
  const text = body.data[0]?.text ?? '';
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code)
    throw new Error(`No verification code in the outbox for ${mobile}: ${JSON.stringify(body.data)}`);
  return code;
}

let last = 0;
/**
 * A fresh Philippine mobile number per journey so journeys never share an account: the worker's digit (files
 * run side by side on one server), then the millisecond, never repeated within a worker.
 */
export function newMobile(): string {
  const worker = Number(process.env.VITEST_POOL_ID ?? 0) % 10;
  last = Math.max(last + 1, Date.now() % 1_000_000);
  return `0917${worker}${String(last % 1_000_000).padStart(6, '0')}`;
}

/**
 * Moves the server's clock past the resend cool-down of the last code to any number, so a journey asks for
 * a second code (signing after signing in) without waiting a real minute.
 */
export async function passResendCooldown(baseURL: string): Promise<void> {
  await moveServerClock(baseURL, VERIFY_CODE_RESEND_COOLDOWN_SECONDS + 1);
}
