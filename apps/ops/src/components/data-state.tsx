import { OpsApiError } from '../lib/api.ts';
import { ErrorMessage } from './error-message.tsx';

/** A list's load failure; a refusal by role says so plainly with its status. */
export function LoadFailure({ error }: { error: unknown }) {
  if (error instanceof OpsApiError && error.status === 403)
    return (
      <div className="refused" role="alert">
        <h2>Not allowed (403)</h2>
        <p>{error.message}. Ask an administrator if you need it.</p>
      </div>
    );
  return (
    <ErrorMessage error={error instanceof OpsApiError ? error.message : 'The list could not be loaded.'} />
  );
}
