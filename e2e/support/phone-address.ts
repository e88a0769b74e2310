import { randomInt } from 'node:crypto';

/**
 * The header that gives a journey's phone an internet address of its own. The journeys' shared server trusts
 * one proxy hop (TRUST_PROXY=1, as behind a load balancer), so each phone, like each borrower's real phone,
 * counts against the per-address limits (code sends, lookups) on its own, instead of every journey of the run
 * sharing 127.0.0.1's allowance. The journeys that test those limits use one phone throughout.
 */
export function phoneAddressHeader(): Record<string, string> {
  return { 'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` };
}
