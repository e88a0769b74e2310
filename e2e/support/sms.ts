import { DEV_CLOCK_PATH } from '@hiram/contract/api/routes';
import { VERIFY_CODE_RESEND_COOLDOWN_SECONDS } from '@hiram/contract/auth-rules';
import { expect } from 'vitest';

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

let counter = 0;
/** A fresh Philippine mobile number per journey so journeys never share an account. */
export function newMobile(): string {
  counter += 1;
  const suffix = `${Date.now() % 1_000_000}`.padStart(6, '0');
  return `0917${String(counter % 10)}${suffix.slice(0, 6)}`;
}

/** Moves the server's clock forward (POST /dev/clock, outside production only). */
export async function moveServerClock(baseURL: string, seconds: number): Promise<void> {
  const response = await fetch(`${baseURL}${DEV_CLOCK_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advanceSeconds: seconds }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

/**
 * Moves the server's clock past the resend cool-down of the last code to any number, so a journey asks for
 * a second code (signing after signing in) without waiting a real minute.
 */
export function passResendCooldown(baseURL: string): Promise<void> {
  return moveServerClock(baseURL, VERIFY_CODE_RESEND_COOLDOWN_SECONDS + 1);
}
