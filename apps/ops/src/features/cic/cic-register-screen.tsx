import {
  CIC_CLAIM_MAX,
  CIC_DISPUTE_STATUS_LABELS,
  CIC_ERROR_REPORT_MAX_CHARS,
  CIC_REFERENCE_MAX,
  CIC_REGISTER_ROLES,
  type CicDispute,
  type CicSubmissionRow,
} from '@hiram/contract/ops/cic';
import { type FormEvent, useState } from 'react';
import { LoadFailure } from '../../components/data-state.tsx';
import { DataTable } from '../../components/data-table.tsx';
import { ErrorMessage } from '../../components/error-message.tsx';
import { Field } from '../../components/field.tsx';
import { OpsApiError, opsCall } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { dateTime, day } from '../../lib/format.ts';
import { useSession } from '../../lib/session.tsx';
import { useOpsData } from '../../lib/use-ops-data.ts';

/** The Manila month today, YYYY-MM: the month a file built now would be of. */
function manilaMonth(): string {
  return new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 7);
}

/** A refused build's problems (CIC_FILE_INVALID), line by line, as the validator found them. */
function problemsOf(error: unknown): { line: number; field?: string; message: string }[] {
  if (!(error instanceof OpsApiError)) return [];
  const data = error.data as { problems?: { line: number; field?: string; message: string }[] } | null;
  return data?.problems ?? [];
}

/**
 * The CIC submission register (ADR 0084): the monthly files (built by the month-end job on the 1st, or now),
 * what happened to each, the CIC's error report line by line, correction files, and disputes of reported data.
 * Compliance and admins act on files; support sees and opens disputes only.
 */
export function CicRegisterScreen() {
  const { member } = useSession();
  const actsOnFiles = member ? CIC_REGISTER_ROLES.includes(member.role) : false;
  return (
    <section aria-labelledby="cic-title">
      <h1 id="cic-title">CIC submissions</h1>
      <p className="hint">
        The Credit Information Corporation's monthly file is due by the 5th of the next month. The month-end
        job builds each brand's file on the 1st as of the month's last day; a file built now for the month in
        progress is as of today. A kept file never changes: corrections are new files.
      </p>
      {actsOnFiles ? <FilesSection /> : null}
      <DisputesSection mayResolve={actsOnFiles} />
    </section>
  );
}

function FilesSection() {
  const { data, failure, reload } = useOpsData('opsCicSubmissions', {}, 'register');
  const [openId, setOpenId] = useState<string | null>(null);
  if (failure) return <LoadFailure error={failure} />;
  if (!data) return <p aria-live="polite">Loading…</p>;
  const open = data.items.find((row) => row.submissionId === openId) ?? null;
  const severalBrands = data.brands.length > 1;
  return (
    <>
      <BuildForm
        brands={data.brands}
        onBuilt={(row) => {
          setOpenId(row.submissionId);
          reload();
        }}
      />
      <h2 id="cic-files-title">Files</h2>
      <DataTable
        label="CIC files, newest month first"
        rows={data.items}
        rowKey={(row) => row.submissionId}
        empty="No file yet: the month-end job builds the first on the 1st."
        columns={[
          {
            header: 'File',
            cell: (row) => (
              <button
                type="button"
                className="secondary"
                aria-expanded={row.submissionId === openId}
                onClick={() => setOpenId(row.submissionId === openId ? null : row.submissionId)}
              >
                {row.submissionId === openId ? 'Close' : 'Open'}
                <span className="visually-hidden">
                  {' '}
                  the {row.type} file of {row.month} built {dateTime(row.builtAt)}
                </span>
              </button>
            ),
          },
          { header: 'Month', className: 'nowrap', cell: (row) => row.month },
          ...(severalBrands ? [{ header: 'Brand', cell: (row: CicSubmissionRow) => row.packageName }] : []),
          { header: 'As of', className: 'nowrap', cell: (row) => day(row.referenceDate) },
          { header: 'Type', cell: (row) => (row.type === 'periodic' ? 'Periodic' : 'Correction') },
          { header: 'Records', numeric: true, cell: (row) => row.recordCount },
          {
            header: 'SHA-256',
            className: 'nowrap',
            cell: (row) => (
              <abbr className="mono" title={row.sha256}>
                {row.sha256.slice(0, 10)}…
              </abbr>
            ),
          },
          { header: 'Built', cell: (row) => <ByWhen by={row.builtBy} at={row.builtAt} /> },
          {
            header: 'Downloaded',
            cell: (row) =>
              row.lastDownload ? <ByWhen by={row.lastDownload.by} at={row.lastDownload.at} /> : '—',
          },
          {
            header: 'Submitted',
            cell: (row) =>
              row.submitted ? (
                <>
                  <strong>{row.submitted.reference}</strong>
                  <br />
                  <ByWhen by={row.submitted.by} at={row.submitted.at} />
                </>
              ) : (
                'Not yet'
              ),
          },
          {
            header: 'Errors',
            numeric: true,
            cell: (row) => (row.errorCount === null ? '—' : row.errorCount),
          },
        ]}
      />
      {open ? (
        <FilePanel
          key={open.submissionId}
          file={open}
          onChanged={reload}
          onCorrection={(row) => {
            setOpenId(row.submissionId);
            reload();
          }}
        />
      ) : null}
    </>
  );
}

/** Who did something and when, on two lines to keep the register's columns narrow. */
function ByWhen({ by, at }: { by: string | null; at: string }) {
  return (
    <>
      {by?.includes('@') ? <span title={by}>{by.split('@')[0]}</span> : (by ?? '—')}
      <br />
      <span className="hint">{dateTime(at)}</span>
    </>
  );
}

function BuildForm({
  brands,
  onBuilt,
}: {
  brands: readonly { packageName: string; providerCode: string | null }[];
  onBuilt: (row: CicSubmissionRow) => void;
}) {
  const [brand, setBrand] = useState(
    brands.find((row) => row.providerCode)?.packageName ?? brands[0]?.packageName ?? '',
  );
  const [month, setMonth] = useState(manilaMonth());
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      onBuilt(await opsCall('opsCicBuild', { packageName: brand, month }));
      setError(null);
    } catch (failed) {
      setError(failed);
    } finally {
      setBusy(false);
    }
  };
  const problems = problemsOf(error);
  return (
    <form className="card" aria-labelledby="cic-build-title" onSubmit={submit}>
      <h2 id="cic-build-title">Build a file now</h2>
      <p className="hint">
        Validated against the format's rules before it is kept; a file that breaks them is not.
      </p>
      <ErrorMessage error={error ? errorText(error) : null} />
      {problems.length > 0 ? (
        <ul aria-label="What the validator found">
          {problems.slice(0, 50).map((problem) => (
            <li key={`${problem.line}-${problem.field ?? ''}-${problem.message}`}>
              Line {problem.line}
              {problem.field ? `, ${problem.field}` : ''}: {problem.message}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="cic-row">
        {brands.length > 1 ? (
          <div className="field">
            <label htmlFor="cic-brand">Brand</label>
            <select id="cic-brand" value={brand} onChange={(event) => setBrand(event.target.value)}>
              {brands.map((row) => (
                <option key={row.packageName} value={row.packageName}>
                  {row.packageName} {row.providerCode ? `(${row.providerCode})` : '(no provider code)'}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <Field
          label="Month"
          type="month"
          required
          value={month}
          max={manilaMonth()}
          onChange={(event) => setMonth(event.target.value)}
        />
      </div>
      <button type="submit" disabled={busy || !brand}>
        {busy ? 'Building…' : 'Build and validate'}
      </button>
    </form>
  );
}

function FilePanel({
  file,
  onChanged,
  onCorrection,
}: {
  file: CicSubmissionRow;
  onChanged: () => void;
  onCorrection: (row: CicSubmissionRow) => void;
}) {
  const errors = useOpsData('opsCicErrorLines', { submissionId: file.submissionId }, file.submissionId);
  const [error, setError] = useState<string | null>(null);
  const [reference, setReference] = useState('');
  const [report, setReport] = useState('');
  const [busy, setBusy] = useState(false);

  const act = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
      setError(null);
    } catch (failed) {
      setError(errorText(failed));
    } finally {
      setBusy(false);
    }
  };
  const download = () =>
    act(async () => {
      const answer = await opsCall('opsCicDownload', { submissionId: file.submissionId });
      const link = document.createElement('a');
      link.href = URL.createObjectURL(new Blob([answer.content], { type: 'text/plain' }));
      link.download = answer.fileName;
      link.click();
      setTimeout(() => URL.revokeObjectURL(link.href), 1000);
      onChanged();
    });
  const markSubmitted = (event: FormEvent) => {
    event.preventDefault();
    act(async () => {
      await opsCall('opsCicMarkSubmitted', { submissionId: file.submissionId, cicReference: reference });
      setReference('');
      onChanged();
    });
  };
  const importReport = (event: FormEvent) => {
    event.preventDefault();
    act(async () => {
      await opsCall('opsCicImportErrors', { submissionId: file.submissionId, report });
      setReport('');
      errors.reload();
      onChanged();
    });
  };
  const correct = () =>
    act(async () => {
      onCorrection(await opsCall('opsCicBuildCorrection', { submissionId: file.submissionId }));
    });

  return (
    <section className="card" aria-labelledby="cic-file-title">
      <h2 id="cic-file-title">
        {file.type === 'periodic' ? 'Periodic' : 'Correction'} file of {file.month}, as of{' '}
        {day(file.referenceDate)}
      </h2>
      <p className="hint mono">SHA-256 {file.sha256}</p>
      <ErrorMessage error={error} />
      <p>
        <button type="button" onClick={download} disabled={busy}>
          Download the file
        </button>{' '}
        <span className="hint">Each download is recorded with who and when.</span>
      </p>
      {file.submitted ? (
        <p>
          Submitted to the CIC by {file.submitted.by ?? '—'} on {dateTime(file.submitted.at)}, reference{' '}
          <strong>{file.submitted.reference}</strong>.
        </p>
      ) : (
        <form onSubmit={markSubmitted} aria-label="Mark as submitted">
          <div className="cic-row">
            <Field
              label="CIC submission reference"
              hint="As the CIC's portal gave it when the file was uploaded."
              required
              maxLength={CIC_REFERENCE_MAX}
              value={reference}
              onChange={(event) => setReference(event.target.value)}
            />
          </div>
          <button type="submit" disabled={busy || !reference.trim()}>
            Mark as submitted
          </button>
        </form>
      )}
      <form onSubmit={importReport} aria-label="Error report import">
        <div className="field">
          <label htmlFor="cic-report">The CIC's error report</label>
          <textarea
            id="cic-report"
            rows={5}
            maxLength={CIC_ERROR_REPORT_MAX_CHARS}
            aria-describedby="cic-report-hint"
            value={report}
            onChange={(event) => setReport(event.target.value)}
          />
          <small id="cic-report-hint" className="hint">
            One error a line: record type|line|field|error code|message, the line being the file's line (1 is
            the header). Paste it, or choose the file:{' '}
            <input
              type="file"
              accept=".txt,.csv,text/plain"
              aria-label="Choose the error report file"
              onChange={async (event) => {
                const chosen = event.target.files?.[0];
                if (chosen) setReport(await chosen.text());
              }}
            />
          </small>
        </div>
        <button type="submit" className="secondary" disabled={busy || !report.trim()}>
          Import the error report
        </button>
      </form>
      <h3 id="cic-errors-title">Errors, line by line</h3>
      {errors.failure ? <LoadFailure error={errors.failure} /> : null}
      {errors.data ? (
        <>
          {errors.data.importedAt ? (
            <p className="hint">Report imported {dateTime(errors.data.importedAt)}.</p>
          ) : null}
          <DataTable
            label="Errors of the CIC's report, matched to the file's records"
            rows={errors.data.lines}
            rowKey={(line) => line.position}
            empty="No error report imported for this file."
            columns={[
              { header: 'Line', numeric: true, cell: (line) => line.lineNo },
              { header: 'Record', cell: (line) => line.recordType },
              { header: 'Field', cell: (line) => line.field ?? '—' },
              { header: 'Code', cell: (line) => line.errorCode ?? '—' },
              { header: 'Message', cell: (line) => line.message },
              { header: 'Contract', className: 'mono', cell: (line) => line.contractNo ?? '—' },
              { header: 'Subject', className: 'mono', cell: (line) => line.subjectNo ?? '—' },
            ]}
          />
        </>
      ) : null}
      <p>
        <button type="button" onClick={correct} disabled={busy}>
          Build a correction file
        </button>{' '}
        <span className="hint">
          Submission type 1, as of {day(file.referenceDate)}: the records in error above and the loans of
          upheld disputes.
        </span>
      </p>
    </section>
  );
}

function DisputesSection({ mayResolve }: { mayResolve: boolean }) {
  const { data, failure, reload } = useOpsData('opsCicDisputes', {}, 'disputes');
  return (
    <section aria-labelledby="cic-disputes-title">
      <h2 id="cic-disputes-title">Disputes of reported data</h2>
      <OpenDisputeForm onOpened={reload} />
      {failure ? <LoadFailure error={failure} /> : null}
      {data ? (
        <DataTable
          label="Disputes, open first"
          rows={data.items}
          rowKey={(row) => row.disputeId}
          empty="No dispute."
          columns={[
            { header: 'Opened', cell: (row) => <ByWhen by={row.openedBy} at={row.openedAt} /> },
            { header: 'Borrower', cell: (row) => row.borrowerName ?? '—' },
            { header: 'Contract', className: 'mono', cell: (row) => row.contractNo ?? 'Not reported yet' },
            { header: 'What she says is wrong', cell: (row) => row.claim },
            { header: 'Status', cell: (row) => CIC_DISPUTE_STATUS_LABELS[row.status] },
            {
              header: 'Resolution',
              cell: (row) =>
                row.status === 'open' ? (
                  mayResolve ? (
                    <ResolveForm dispute={row} onResolved={reload} />
                  ) : (
                    'Waits for compliance'
                  )
                ) : (
                  <>
                    {row.resolution ?? ''}
                    <br />
                    {row.resolvedAt ? <ByWhen by={row.resolvedBy} at={row.resolvedAt} /> : null}
                  </>
                ),
            },
          ]}
        />
      ) : null}
    </section>
  );
}

function OpenDisputeForm({ onOpened }: { onOpened: () => void }) {
  const [orderId, setOrderId] = useState('');
  const [claim, setClaim] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await opsCall('opsCicDisputeOpen', { loan: orderId.trim(), claim });
      setOrderId('');
      setClaim('');
      setError(null);
      onOpened();
    } catch (failed) {
      setError(errorText(failed));
    }
  };
  return (
    <form className="card" aria-labelledby="cic-dispute-open-title" onSubmit={submit}>
      <h3 id="cic-dispute-open-title">Open a dispute</h3>
      <ErrorMessage error={error} />
      <div className="cic-row">
        <Field
          label="Loan ID or CIC contract number"
          hint="The ID from the loan's page, or the contract number on her CIC credit report."
          required
          value={orderId}
          onChange={(event) => setOrderId(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor="cic-claim">What she says is wrong</label>
        <textarea
          id="cic-claim"
          rows={2}
          required
          maxLength={CIC_CLAIM_MAX}
          value={claim}
          onChange={(event) => setClaim(event.target.value)}
        />
      </div>
      <button type="submit" disabled={!orderId.trim() || !claim.trim()}>
        Open the dispute
      </button>
    </form>
  );
}

function ResolveForm({ dispute, onResolved }: { dispute: CicDispute; onResolved: () => void }) {
  const [resolution, setResolution] = useState('');
  const [error, setError] = useState<string | null>(null);
  const resolve = async (outcome: 'upheld' | 'rejected') => {
    try {
      await opsCall('opsCicDisputeResolve', { disputeId: dispute.disputeId, outcome, resolution });
      setError(null);
      onResolved();
    } catch (failed) {
      setError(errorText(failed));
    }
  };
  return (
    <div>
      <ErrorMessage error={error} />
      <label className="visually-hidden" htmlFor={`resolution-${dispute.disputeId}`}>
        Finding
      </label>
      <textarea
        id={`resolution-${dispute.disputeId}`}
        rows={2}
        placeholder="What was found (needed to reject)"
        maxLength={CIC_CLAIM_MAX}
        value={resolution}
        onChange={(event) => setResolution(event.target.value)}
      />
      <button type="button" onClick={() => resolve('upheld')}>
        Uphold
      </button>{' '}
      <button type="button" className="secondary" onClick={() => resolve('rejected')}>
        Reject
      </button>
    </div>
  );
}
