import {
  SANCTIONS_FILE_MAX_CHARS,
  SANCTIONS_LIST_FORMATS,
  type SanctionsListVersion,
} from '@hiram/contract/ops/aml';
import { type FormEvent, useState } from 'react';
import { LoadFailure } from '../../components/data-state.tsx';
import { DataTable } from '../../components/data-table.tsx';
import { ErrorMessage } from '../../components/error-message.tsx';
import { Field } from '../../components/field.tsx';
import { paths } from '../../config/paths.ts';
import { opsCall } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { useOpsData } from '../../lib/use-ops-data.ts';

const FORMAT_LABELS: Record<SanctionsListVersion['format'], string> = {
  unsc: 'UN Security Council consolidated list (XML)',
  opensanctions: 'OpenSanctions-style CSV (e.g. the AMLC designations)',
};

/**
 * The sanctions lists (ADR 0081): a compliance officer uploads the file she downloaded and checked; it becomes
 * the list's current version (older ones kept) and every borrower is screened against it at once.
 */
export function SanctionsListsScreen() {
  const { data, failure, loading, reload } = useOpsData('opsSanctionsLists', {}, 'sanctions-lists');
  return (
    <section aria-labelledby="lists-title">
      <h1 id="lists-title">Sanctions lists</h1>
      <p>
        Import the UN consolidated list and the AMLC's designations from the files you downloaded. Each import
        is the list's new version; every borrower is screened against it, and any match waits in{' '}
        <a href={paths.screening.getHref()}>Sanctions screening</a>.
      </p>
      <ImportForm onImported={reload} />
      <h2>Versions</h2>
      {failure ? <LoadFailure error={failure} /> : null}
      {loading && !data ? <p aria-live="polite">Loading…</p> : null}
      {data ? (
        <DataTable
          label="Sanctions list versions"
          rows={data.items}
          rowKey={(row: SanctionsListVersion) => row.listId}
          empty="No list imported yet: nobody is screened until one is."
          columns={[
            { header: 'List', cell: (row: SanctionsListVersion) => row.listName },
            { header: 'Version', cell: (row: SanctionsListVersion) => row.version },
            {
              header: 'Format',
              cell: (row: SanctionsListVersion) => (row.format === 'unsc' ? 'UN XML' : 'CSV'),
            },
            { header: 'People listed', numeric: true, cell: (row: SanctionsListVersion) => row.entries },
            { header: 'Matches found', numeric: true, cell: (row: SanctionsListVersion) => row.candidates },
            {
              header: 'Imported',
              cell: (row: SanctionsListVersion) =>
                `${new Date(row.importedAt).toLocaleString('en-PH')} by ${row.importedBy}`,
            },
            { header: 'In use', cell: (row: SanctionsListVersion) => (row.isCurrent ? 'Current' : 'Older') },
          ]}
        />
      ) : null}
    </section>
  );
}

function ImportForm({ onImported }: { onImported: () => void }) {
  const [listName, setListName] = useState('UN Security Council consolidated list');
  const [format, setFormat] = useState<SanctionsListVersion['format']>('unsc');
  const [version, setVersion] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    if (file.size > SANCTIONS_FILE_MAX_CHARS) {
      setError('This file is larger than any sanctions list we know: check it is the right one.');
      return;
    }
    setBusy(true);
    try {
      const text = await file.text();
      const imported = await opsCall('opsSanctionsImport', {
        listName,
        format,
        text,
        ...(version.trim() ? { version: version.trim() } : {}),
      });
      setError(null);
      setNotice(
        `${imported.listName}, version ${imported.version}: ${imported.entries} people listed, ${imported.candidates} new match${imported.candidates === 1 ? '' : 'es'} among the borrowers.`,
      );
      onImported();
    } catch (failed) {
      setNotice(null);
      setError(errorText(failed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} aria-label="Import a list" className="card">
      <h2>Import a list</h2>
      <ErrorMessage error={error} />
      {notice ? (
        <p className="notice" role="status">
          {notice}
        </p>
      ) : null}
      <Field
        label="List name"
        value={listName}
        onChange={(e) => setListName(e.target.value)}
        required
        maxLength={100}
      />
      <div className="field">
        <label htmlFor="list-format">Format</label>
        <select
          id="list-format"
          value={format}
          onChange={(e) => setFormat(e.target.value as SanctionsListVersion['format'])}
        >
          {SANCTIONS_LIST_FORMATS.map((value) => (
            <option key={value} value={value}>
              {FORMAT_LABELS[value]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="list-file">File</label>
        <input
          id="list-file"
          type="file"
          accept=".xml,.csv,text/xml,text/csv"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          required
        />
      </div>
      <Field
        label="Version (optional)"
        hint="Read from the file when left empty: the UN list's dateGenerated, the CSV's newest change"
        value={version}
        onChange={(e) => setVersion(e.target.value)}
        maxLength={100}
      />
      <button type="submit" disabled={busy || !file}>
        {busy ? 'Importing and screening…' : 'Import and screen every borrower'}
      </button>
    </form>
  );
}
