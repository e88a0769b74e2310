import { formatPeso } from '@hiram/contract/money';
import type { ProposalChange } from '@hiram/contract/ops/approvals';
import { Swatch } from './swatch.tsx';

type Side = 'before' | 'after';

/** One side of a change as its kind shows it: a swatch, the picture, pesos, or the words struck out / added. */
function Value({ change, side }: { change: ProposalChange; side: Side }) {
  const value = change[side];
  if (value === null) {
    return <small className="muted">{change.kind === 'image' ? 'none (first letter)' : 'not set'}</small>;
  }
  const Mark = side === 'before' ? 'del' : 'ins';
  switch (change.kind) {
    case 'colour':
      return <Swatch colour={String(value)} />;
    case 'image':
      return (
        <img
          className="change-image"
          src={String(value)}
          alt={`${change.label}, ${side === 'before' ? 'now' : 'proposed'}`}
          width={40}
          height={40}
        />
      );
    case 'money':
      return <Mark>{typeof value === 'number' ? formatPeso(value) : value}</Mark>;
    default:
      return <Mark>{String(value)}</Mark>;
  }
}

/**
 * What a proposal changes, old → new (ADR 0056), for the checker in the inbox and on the target's page: colours as
 * swatches, the logo as pictures, amounts in pesos, words struck out and added. Nothing for a kind that lists no
 * changes: its summary says what it does.
 */
export function ProposalChanges({ changes = [] }: { changes?: readonly ProposalChange[] }) {
  if (changes.length === 0) return null;
  return (
    <table className="changes">
      <caption className="visually-hidden">What changes, before and after</caption>
      <thead>
        <tr>
          <th scope="col">What changes</th>
          <th scope="col">Before</th>
          <th scope="col">
            <span className="visually-hidden">becomes</span>
          </th>
          <th scope="col">After</th>
        </tr>
      </thead>
      <tbody>
        {changes.map((change) => (
          <tr key={change.field}>
            <th scope="row">{change.label}</th>
            <td>
              <Value change={change} side="before" />
            </td>
            <td aria-hidden="true" className="change-arrow">
              →
            </td>
            <td>
              <Value change={change} side="after" />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
