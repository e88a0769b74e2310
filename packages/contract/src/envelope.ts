/** Every answer of the API, success or error (SPEC section 7): `code` 0 is success. */
export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
  /** On errors only: the request's id (also the `x-request-id` header), to find it in the server's log. */
  requestId?: string;
}

export const SUCCESS_CODE = 0;

/** One field's problem in a validation error's `data.fields`. */
export interface FieldError {
  field: string;
  message: string;
}

export interface ValidationErrorData {
  fields: FieldError[];
}

/** `data` of a 429: how long to wait before trying again. */
export interface RateLimitData {
  retryAfterSeconds: number;
}
