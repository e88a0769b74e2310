import { formatPeso } from '@hiram/contract/money';
import { SUPPORT_AND_ABOVE } from '@hiram/contract/ops/borrowers';
import {
  channelLabel,
  consoleMonth,
  instrumentKindLabel,
  instrumentStatusLabel,
  journalKindLabel,
  LEDGER_ACCOUNT_LABELS,
  loanEventLabel,
  loanEventReasonLabel,
  payoutStateLabel,
  providerEventLabel,
} from '@hiram/contract/ops/labels';
import { LOAN_DOCUMENTS, type LoanDocument, loanStatusText } from '@hiram/contract/ops/loans';
import type { OpsResponseOf } from '@hiram/contract/ops/staff';
import { Fragment, type ReactNode, useState } from 'react';
import { LoadFailure } from '../../components/data-state.tsx';
import { DataTable } from '../../components/data-table.tsx';
import { paths } from '../../config/paths.ts';
import { opsUrl } from '../../lib/api.ts';
import { accountLabel, dateTime, day, percentOfBps } from '../../lib/format.ts';
import { LoanChangedContext } from '../../lib/loan-changed.ts';
import { useSession } from '../../lib/session.tsx';
import { useOpsData } from '../../lib/use-ops-data.ts';
import { type AccrualMonth, ledgerRowsByMonth } from './ledger-months.ts';
import { PayoutRetry } from './payout-retry.tsx';

type View = OpsResponseOf<'opsLoanView'>;

const DOCUMENT_NAMES: Record<LoanDocument, string> = {
  agreement: 'Signed agreement with the Disclosure Statement (PDF)',
  disclosure: 'Disclosure Statement as signed (PDF)',
};

const ACCOUNT_NAMES = LEDGER_ACCOUNT_LABELS;

function pesos(centavos: number | null): string {
  return centavos === null ? '—' : formatPeso(centavos);
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** What happened to an instrument or a payout, oldest first, with the provider's event id where it sent one. */
function Events({ items }: { items: readonly { at: string; text: string; eventId: string | null }[] }) {
  if (items.length === 0) return <>—</>;
  return (
    <ul className="events">
      {items.map((item) => (
        <li key={`${item.at}-${item.text}-${item.eventId ?? ''}`}>
          {dateTime(item.at)} · {item.text}
          {item.eventId ? <small> {item.eventId}</small> : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * One loan, masked as the borrower view is (ADR 0027): its facts and signed terms, status timeline, the
 * signed documents, schedule, ledger lines with running balances per account, payment instruments and
 * payouts with the provider's callbacks.
 *
 * `actions`: the loan's maker-checker actions (reverse a credit, waive a penalty, credit a payment by hand,
 * write off), built apart and passed in by `app/app.tsx` (which knows the order from the route); they show in
 * the Actions panel near the top, beside the retry of a failed payout.
 */
export function LoanScreen({ orderId, actions }: { orderId: string; actions?: ReactNode }) {
  const session = useSession();
  const role = session.member?.role;
  const { data: view, failure, reload } = useOpsData('opsLoanView', { orderId }, orderId);
  const [notice, setNotice] = useState<string | null>(null);
  const [actionsKey, setActionsKey] = useState(0);

  const retried = () => {
    setNotice(
      'The payout was sent again to the same account. The borrower sees it under way, as after Get money.',
    );
    reload();
  };

  const proposedCancel = (summary: string) => {
    setNotice(`Proposed: ${summary}. Another member must approve it in Approvals before anything changes.`);
    setActionsKey((key) => key + 1);
  };

  if (failure) return <LoadFailure error={failure} />;
  if (!view) return <p aria-live="polite">Loading…</p>;
  const { quote, figures } = view;

  return (
    <section aria-labelledby="loan-title" className="loan">
      <p>
        <a href={paths.loans.getHref()}>← Loans</a>
      </p>
      <h1 id="loan-title">
        Loan <code>{view.orderId.slice(0, 8)}</code> · {loanStatusText(view.status)}
      </h1>
      <p>
        <a href={paths.borrower.getHref(view.userId)}>{view.borrower.name ?? 'Borrower (no name yet)'}</a> ·{' '}
        {view.borrower.mobile} · {view.packageName} · order <code>{view.orderId}</code>
      </p>

      <section aria-labelledby="actions-title" className="card actions-panel">
        <h2 id="actions-title">Actions</h2>
        {notice ? (
          <p className="notice" role="status">
            {notice}
          </p>
        ) : null}
        {view.payoutRetry ? (
          <PayoutRetry view={view} role={role} onRetried={retried} onProposed={proposedCancel} />
        ) : null}
        {/* Drawn again after a proposal made above, so its pending list shows it. */}
        <div key={actionsKey}>
          <LoanChangedContext.Provider value={reload}>{actions}</LoanChangedContext.Provider>
        </div>
        {!view.payoutRetry && !actions && !notice ? (
          <p className="hint">Nothing waits on this loan.</p>
        ) : null}
      </section>

      <h2>Facts</h2>
      <dl className="facts">
        <Fact label="Product">
          {view.product.name ?? view.product.productId} <small>({view.product.productId})</small>
        </Fact>
        <Fact label="Principal">{pesos(figures.principal)}</Fact>
        <Fact label="Processing fee">{pesos(figures.processingFee)}</Fact>
        <Fact label="Interest">{pesos(figures.interest)}</Fact>
        <Fact label="Net proceeds">{pesos(quote.netProceeds)}</Fact>
        <Fact label="Total payable">{pesos(quote.totalPayable)}</Fact>
        <Fact label="Amount due now">{pesos(figures.amountDue)}</Fact>
        <Fact label="Outstanding (ledger)">{pesos(figures.outstanding)}</Fact>
        <Fact label="Paid">{pesos(figures.paid)}</Fact>
        <Fact label="Due date">{day(figures.dueDate)}</Fact>
        <Fact label="Term">{quote.tenureDays} days</Fact>
        <Fact label="Monthly rate">
          {percentOfBps(quote.nominalMonthlyRateBps)} nominal, {(quote.effectiveMonthlyRate * 100).toFixed(2)}
          % effective
        </Fact>
        {view.signed ? (
          <>
            <Fact label="Penalty (signed)">
              {view.signed.disclosure.penalty.dailyPercent}% a day, overdue amount only
            </Fact>
            <Fact label="Charges cap (signed)">{pesos(view.signed.disclosure.totalChargesCap)}</Fact>
            <Fact label="Signed">
              {dateTime(view.signed.at)} · <small>SHA-256 {view.signed.documentHash.slice(0, 16)}…</small>
            </Fact>
          </>
        ) : (
          <Fact label="Signed">Not yet</Fact>
        )}
      </dl>

      <h2>Signed documents</h2>
      {!view.signed ? (
        <p>Nothing signed yet.</p>
      ) : role && SUPPORT_AND_ABOVE.includes(role) ? (
        <ul>
          {LOAN_DOCUMENTS.map((document) => (
            <li key={document}>
              <a href={opsUrl('opsLoanDocument', { orderId, document })} target="_blank" rel="noopener">
                {DOCUMENT_NAMES[document]}
              </a>
            </li>
          ))}
          <li className="hint">Opening a document is recorded in the audit log.</li>
        </ul>
      ) : (
        <p>Your role does not open signed documents.</p>
      )}

      <h2>Status timeline</h2>
      <DataTable
        label="Status timeline"
        rows={view.timeline}
        rowKey={(entry) => `${entry.at}-${entry.event}-${entry.to}`}
        columns={[
          { header: 'When', cell: (entry) => <time dateTime={entry.at}>{dateTime(entry.at)}</time> },
          {
            header: 'Change',
            cell: (entry) =>
              entry.from === null || entry.from === entry.to
                ? loanStatusText(entry.to)
                : `${loanStatusText(entry.from)} → ${loanStatusText(entry.to)}`,
          },
          { header: 'Event', cell: (entry) => loanEventLabel(entry.event) },
          { header: 'Reason', cell: (entry) => loanEventReasonLabel(entry.reason) },
        ]}
      />

      <h2>Schedule</h2>
      <DataTable
        label="Repayment schedule"
        rows={view.schedule}
        rowKey={(line) => line.number}
        columns={[
          { header: 'No.', cell: (line) => line.number },
          {
            header: 'Due date',
            cell: (line) => (line.dueDate ? day(line.dueDate) : 'counted from the payout day'),
          },
          { header: 'Principal', numeric: true, cell: (line) => pesos(line.principal) },
          { header: 'Interest', numeric: true, cell: (line) => pesos(line.interest) },
          { header: 'Amount due', numeric: true, cell: (line) => pesos(line.total) },
        ]}
      />

      <h2>Ledger</h2>
      {view.ledger.length === 0 ? <p className="empty">No journal posted yet.</p> : null}
      {view.ledger.map((statement) => (
        <LedgerStatement key={statement.account} statement={statement} />
      ))}

      <h2>Payment instruments</h2>
      <DataTable
        label="Payment instruments"
        rows={view.instruments}
        rowKey={(instrument) => instrument.instrumentId}
        empty="No payment instrument asked for."
        columns={[
          {
            header: 'Channel',
            cell: (instrument) => (
              <>
                {channelLabel(instrument.channel)} <small>{instrumentKindLabel(instrument.kind)}</small>
              </>
            ),
          },
          { header: 'Reference', cell: (instrument) => <code>{instrument.reference}</code> },
          { header: 'Amount', numeric: true, cell: (instrument) => pesos(instrument.amount) },
          { header: 'Paid', numeric: true, cell: (instrument) => pesos(instrument.paidAmount) },
          { header: 'Status', cell: (instrument) => instrumentStatusLabel(instrument.status) },
          {
            header: 'Events',
            cell: (instrument) => (
              <Events
                items={instrument.events.map((event) => ({ ...event, text: providerEventLabel(event.what) }))}
              />
            ),
          },
        ]}
      />

      <h2>Payouts</h2>
      <DataTable
        label="Payouts"
        rows={view.payouts}
        rowKey={(payout) => payout.payoutId}
        empty="No payout yet."
        columns={[
          {
            header: 'Asked',
            cell: (payout) => <time dateTime={payout.createdAt}>{dateTime(payout.createdAt)}</time>,
          },
          { header: 'Amount', numeric: true, cell: (payout) => pesos(payout.amount) },
          {
            header: 'To',
            cell: (payout) => accountLabel(payout),
          },
          {
            header: 'State',
            cell: (payout) => payoutStateLabel(payout.state, payout.failure),
          },
          {
            header: 'Provider callbacks',
            cell: (payout) => (
              <Events
                items={payout.callbacks.map((callback) => ({
                  ...callback,
                  text: providerEventLabel(callback.outcome ?? 'received'),
                }))}
              />
            ),
          },
        ]}
      />
    </section>
  );
}

type Statement = View['ledger'][number];
type LedgerLine = Statement['lines'][number];

/**
 * One account's lines with a running balance. A month of daily accruals (a penalty a day while overdue) is
 * one row with its sums; "Show the days" opens that month's lines in place.
 */
function LedgerStatement({ statement }: { statement: Statement }) {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const name = ACCOUNT_NAMES[statement.account];
  const toggle = (key: string) =>
    setOpen((keys) => {
      const next = new Set(keys);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  const rows = ledgerRowsByMonth(statement.account, statement.lines);
  return (
    <section aria-labelledby={`ledger-${statement.account}`}>
      <h3 id={`ledger-${statement.account}`}>
        {name} · balance {pesos(statement.balance)}
      </h3>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard */}
      <section className="table-wrap" aria-label={`${name} lines`} tabIndex={0}>
        <table>
          <caption className="visually-hidden">{`${name} lines`}</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Journal</th>
              <th scope="col">Memo</th>
              <th scope="col" className="numeric">
                Debit
              </th>
              <th scope="col" className="numeric">
                Credit
              </th>
              <th scope="col" className="numeric">
                Balance
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) =>
              row.type === 'line' ? (
                <LedgerLineRow key={`${row.line.journalId}-${row.line.balance}`} line={row.line} />
              ) : (
                <Fragment key={row.key}>
                  <AccrualMonthRow month={row} open={open.has(row.key)} onToggle={() => toggle(row.key)} />
                  {open.has(row.key)
                    ? row.lines.map((line) => (
                        <LedgerLineRow key={`${line.journalId}-${line.balance}`} line={line} inMonth />
                      ))
                    : null}
                </Fragment>
              ),
            )}
          </tbody>
        </table>
      </section>
    </section>
  );
}

function LedgerLineRow({ line, inMonth = false }: { line: LedgerLine; inMonth?: boolean }) {
  return (
    <tr className={inMonth ? 'ledger-day' : undefined}>
      <td>
        <time dateTime={line.at}>{dateTime(line.at)}</time>
      </td>
      <td>
        {journalKindLabel(line.kind)} <small>{line.journalId.slice(0, 8)}</small>
      </td>
      <td>{line.memo ?? '—'}</td>
      <td className="numeric">{line.amount > 0 ? pesos(line.amount) : ''}</td>
      <td className="numeric">{line.amount < 0 ? pesos(-line.amount) : ''}</td>
      <td className="numeric">{pesos(line.balance)}</td>
    </tr>
  );
}

function AccrualMonthRow({
  month,
  open,
  onToggle,
}: {
  month: AccrualMonth;
  open: boolean;
  onToggle: () => void;
}) {
  const days = month.lines.length;
  const label = `${journalKindLabel(month.kind)}, ${consoleMonth(month.month)}`;
  return (
    <tr className="ledger-month">
      <td>{consoleMonth(month.month)}</td>
      <td>
        {journalKindLabel(month.kind)} · {days} days{' '}
        <button
          type="button"
          className="link"
          aria-expanded={open}
          aria-label={`${open ? 'Hide the days' : 'Show the days'}: ${days} of ${label}`}
          onClick={onToggle}
        >
          {open ? 'Hide the days' : 'Show the days'}
        </button>
      </td>
      <td>
        {month.lines[0]?.memo ?? '—'} … {month.lines.at(-1)?.memo ?? ''}
      </td>
      <td className="numeric">{month.debit > 0 ? pesos(month.debit) : ''}</td>
      <td className="numeric">{month.credit > 0 ? pesos(month.credit) : ''}</td>
      <td className="numeric">{pesos(month.balance)}</td>
    </tr>
  );
}
