import { OpsApiError } from './api.ts';

export function errorText(error: unknown): string {
  if (error instanceof OpsApiError) return error.message;
  return 'Something went wrong. Try again.';
}
