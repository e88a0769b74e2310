/** The services' only source of time, so tests can move it (an OTP expiring, a session ending). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/**
 * The system clock moved forward by an offset the developer sets (`POST /dev/clock`), so an overdue loan can
 * be seen without waiting three months. Never in production: app.ts uses it only outside production.
 */
export class AdjustableClock implements Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  /** Moves time forward (never back: jobs and sessions assume time only grows). */
  advance(seconds: number): void {
    this.offsetMs += Math.max(0, seconds) * 1000;
  }

  get offsetSeconds(): number {
    return this.offsetMs / 1000;
  }
}
