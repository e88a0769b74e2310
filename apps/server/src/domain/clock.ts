/** The services' only source of time, so tests can move it (an OTP expiring, a session ending). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
