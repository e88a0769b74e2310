import type { SetupLinkHandOver } from '@hiram/contract/ops/staff-admin';
import { dateTime } from '../lib/format.ts';

/**
 * A member's set-up link, shown once to the admin who may pass it on (ADR 0058): the creator of a member who is
 * not an admin, or the admin who approved a new admin or a reset. The server keeps only its hash; leaving the
 * page loses it, and a new one is a new reset.
 */
export function SetupLinkNotice({ handOver, what }: { handOver: SetupLinkHandOver; what: string }) {
  return (
    <div className="notice setup-link" role="status">
      <p>
        {what} Send {handOver.email} this set-up link yourself; it is shown only now and works once, until{' '}
        {dateTime(handOver.setupExpiresAt)}:
      </p>
      <input
        className="link-box"
        readOnly
        aria-label="Set-up link"
        value={handOver.setupLink}
        onFocus={(event) => event.currentTarget.select()}
      />{' '}
      <button type="button" onClick={() => navigator.clipboard?.writeText(handOver.setupLink)}>
        Copy
      </button>
    </div>
  );
}
