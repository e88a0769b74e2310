import {
  type BorrowerNoticeTexts,
  BREACH_BORROWER_NOTICE_MAX_LENGTH,
  BREACH_CATEGORIES,
  type Breach,
} from '@hiram/contract/ops/breaches';
import { type FormEvent, useEffect, useState } from 'react';
import { LoadFailure } from '../../components/data-state.tsx';
import { DataTable } from '../../components/data-table.tsx';
import { ErrorMessage } from '../../components/error-message.tsx';
import { Field } from '../../components/field.tsx';
import { paths } from '../../config/paths.ts';
import { OpsApiError, opsCall } from '../../lib/api.ts';
import { dateTime } from '../../lib/format.ts';
import { useOpsData } from '../../lib/use-ops-data.ts';
import { clockText } from './breach-parts.tsx';

type Subject = Breach['subjects'][number];

const LANGUAGE_NAMES: Record<keyof BorrowerNoticeTexts, string> = {
  en: 'English',
  fil: 'Filipino',
  es: 'Spanish',
};

const failedText = (failed: unknown, fallback: string) =>
  failed instanceof OpsApiError ? failed.message : fallback;

/**
 * One breach (ADR 0087): what happened and whose data, the 72-hour clock, the notices drafted from the dated
 * templates (edited and saved here), the NPC's filing recorded with its reference, the borrowers' notices sent
 * by SMS and to their inbox outside the quiet hours, and who was told when.
 */
export function BreachScreen({ breachId }: { breachId: string }) {
  const { data, failure, loading, reload } = useOpsData('opsBreachView', { breachId }, breachId);
  const [breach, setBreach] = useState<Breach | null>(null);
  useEffect(() => setBreach(data), [data]);
  return (
    <section aria-labelledby="breach-title">
      <p className="crumbs">
        <a href={paths.breaches.getHref()}>Breaches</a> /
      </p>
      {failure ? <LoadFailure error={failure} /> : null}
      {loading && !breach ? <p aria-live="polite">Loading…</p> : null}
      {breach ? (
        <>
          <h1 id="breach-title">
            Breach found {dateTime(breach.discoveredAt)}{' '}
            <span className={clockText(breach, breach.asOf).late ? 'badge late' : 'badge'}>
              {clockText(breach, breach.asOf).text}
            </span>
          </h1>
          <dl className="facts">
            <dt>What happened</dt>
            <dd>{breach.summary}</dd>
            <dt>Type</dt>
            <dd>
              {BREACH_CATEGORIES[breach.category]}
              {breach.mandatory ? ', notification mandatory' : ', notified voluntarily'}
            </dd>
            <dt>Personal data</dt>
            <dd>{breach.dataInvolved}</dd>
            <dt>What was done</dt>
            <dd>{breach.measures}</dd>
            <dt>Happened</dt>
            <dd>{breach.occurredAt ? dateTime(breach.occurredAt) : 'not known'}</dd>
            <dt>Notify by</dt>
            <dd>{dateTime(breach.notifyBy)} (72 hours after it was found)</dd>
            <dt>Borrowers affected</dt>
            <dd>
              {breach.affectedCount}{' '}
              {breach.selection.by === 'list'
                ? '(a list)'
                : `(signed up ${breach.selection.signedUpFrom} to ${breach.selection.signedUpTo}${breach.selection.withLoanOnly ? ', with a loan' : ''})`}
            </dd>
            <dt>Recorded</dt>
            <dd>
              {dateTime(breach.recordedAt)} by {breach.recordedBy ?? 'the system'}
            </dd>
          </dl>
          <Notices breach={breach} onChanged={setBreach} />
          <Subjects breach={breach} onReload={reload} />
        </>
      ) : null}
    </section>
  );
}

function Notices({ breach, onChanged }: { breach: Breach; onChanged: (breach: Breach) => void }) {
  const [npcNotice, setNpcNotice] = useState(breach.npcNotice);
  const [borrowerNotice, setBorrowerNotice] = useState(breach.borrowerNotice);
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const npcSent = breach.npcNotifiedAt !== null;
  const borrowersSent = breach.borrowersNotifiedAt !== null;
  const dirty =
    npcNotice !== breach.npcNotice ||
    JSON.stringify(borrowerNotice) !== JSON.stringify(breach.borrowerNotice);

  const act = async (run: () => Promise<Breach>, done: string, fallback: string) => {
    try {
      onChanged(await run());
      setError(null);
      setSaved(done);
    } catch (failed) {
      setSaved(null);
      setError(failedText(failed, fallback));
    }
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    void act(
      () => opsCall('opsBreachSaveNotices', { breachId: breach.breachId, npcNotice, borrowerNotice }),
      'The notices are saved.',
      'The notices could not be saved.',
    );
  };
  const npcFiled = (event: FormEvent) => {
    event.preventDefault();
    void act(
      () => opsCall('opsBreachNpcNotified', { breachId: breach.breachId, reference }),
      'The NPC notice is recorded as filed.',
      'The filing could not be recorded.',
    );
  };
  const sendToBorrowers = () =>
    act(
      () => opsCall('opsBreachNotifyBorrowers', { breachId: breach.breachId }),
      'The borrowers’ notices are on their way.',
      'The notices could not be sent.',
    );

  return (
    <section aria-labelledby="notices-title" className="card">
      <h2 id="notices-title">Notices</h2>
      <p className="hint">
        {breach.noticesSaved
          ? 'Saved. A notice stays as it was once sent.'
          : `Drafted from the templates in force since ${breach.templateVersion} (NPC Circular 16-03, sections 17 and 18). Read them, translate the details you typed into each language, and save them before sending.`}
      </p>
      <form onSubmit={save}>
        <div className="field">
          <label htmlFor="npc-notice">To the National Privacy Commission</label>
          <textarea
            id="npc-notice"
            rows={12}
            value={npcNotice}
            onChange={(e) => setNpcNotice(e.target.value)}
            readOnly={npcSent}
          />
        </div>
        {(Object.keys(LANGUAGE_NAMES) as (keyof BorrowerNoticeTexts)[]).map((language) => (
          <div className="field" key={language}>
            <label htmlFor={`borrower-notice-${language}`}>
              To each borrower, in {LANGUAGE_NAMES[language]} ({borrowerNotice[language].length} of{' '}
              {BREACH_BORROWER_NOTICE_MAX_LENGTH} characters)
            </label>
            <textarea
              id={`borrower-notice-${language}`}
              rows={3}
              maxLength={BREACH_BORROWER_NOTICE_MAX_LENGTH}
              value={borrowerNotice[language]}
              onChange={(e) => setBorrowerNotice({ ...borrowerNotice, [language]: e.target.value })}
              readOnly={borrowersSent}
            />
          </div>
        ))}
        {npcSent && borrowersSent ? null : (
          <button type="submit" className={dirty || !breach.noticesSaved ? undefined : 'secondary'}>
            Save the notices
          </button>
        )}
      </form>
      <ErrorMessage error={error} />
      {saved ? (
        <p role="status" className="notice">
          {saved}
        </p>
      ) : null}
      <div className="notice-steps">
        <section aria-labelledby="npc-step-title">
          <h3 id="npc-step-title">The NPC</h3>
          {npcSent ? (
            <p>
              Filed {dateTime(breach.npcNotifiedAt)}, reference <strong>{breach.npcReference}</strong>.
            </p>
          ) : (
            <form onSubmit={npcFiled} className="inline-fields">
              <Field
                label="Reference the NPC gave"
                value={reference}
                onChange={(e) => setReference(e.target.value)}
                hint="File the notice through the NPC's breach notification system, then record it here."
                required
              />
              <button type="submit" disabled={!breach.noticesSaved || dirty}>
                Record the NPC notice as filed
              </button>
            </form>
          )}
        </section>
        <section aria-labelledby="borrowers-step-title">
          <h3 id="borrowers-step-title">The borrowers</h3>
          {borrowersSent ? (
            <p>
              Sent {dateTime(breach.borrowersNotifiedAt)}: {breach.noticesSent} of {breach.affectedCount}{' '}
              texted so far (none between 22:00 and 06:00; those wait for the morning). Each also reads it in
              the app's messages.
            </p>
          ) : (
            <>
              <p className="hint">
                Each borrower gets the notice in the language of her agreement, by SMS and in the app's
                messages; between 22:00 and 06:00 the texts wait for 06:00.
              </p>
              <button type="button" onClick={sendToBorrowers} disabled={!breach.noticesSaved || dirty}>
                Send the notice to {breach.affectedCount}{' '}
                {breach.affectedCount === 1 ? 'borrower' : 'borrowers'}
              </button>
            </>
          )}
        </section>
      </div>
    </section>
  );
}

function Subjects({ breach, onReload }: { breach: Breach; onReload: () => void }) {
  return (
    <section aria-labelledby="subjects-title" className="card">
      <h2 id="subjects-title">Whose data</h2>
      <p className="hint">
        {breach.affectedCount > breach.subjects.length
          ? `The first ${breach.subjects.length} of ${breach.affectedCount}, masked.`
          : 'Masked; a borrower’s page shows more.'}{' '}
        <button type="button" className="secondary small" onClick={onReload}>
          Refresh
        </button>
      </p>
      <DataTable
        label="Affected borrowers"
        rows={breach.subjects}
        rowKey={(row: Subject) => row.userId}
        columns={[
          {
            header: 'Borrower',
            cell: (row: Subject) => (
              <a href={paths.borrower.getHref(row.userId)}>{row.name ?? '(no name yet)'}</a>
            ),
          },
          { header: 'Mobile', cell: (row: Subject) => row.mobile },
          {
            header: 'Notice',
            cell: (row: Subject) =>
              row.noticeSentAt
                ? `texted ${dateTime(row.noticeSentAt)}`
                : row.noticeDueAt
                  ? `waiting for ${dateTime(row.noticeDueAt)}`
                  : 'not sent',
          },
        ]}
      />
    </section>
  );
}
