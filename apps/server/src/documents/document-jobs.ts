import type { Language } from '@hiram/contract/languages';
import type { StatementJournal } from '../domain/loan-statement.ts';
import type { SignedAgreement } from '../services/loans/agreements.ts';
import type { LoanFacts } from '../services/servicing/document-facts.ts';
import { agreementPdf } from './agreement-pdf.ts';
import { clearancePdf, statementPdf } from './loan-documents.ts';

/**
 * A document to render, as plain data: it crosses to a worker thread by structured clone (dates stay dates;
 * a function would not cross, which is why the job names the document rather than carrying its spec).
 */
export type DocumentJob =
  | { document: 'agreement'; signed: SignedAgreement; language: Language; part: 'whole' | 'disclosure' }
  | {
      document: 'statement';
      facts: LoanFacts;
      journals: StatementJournal[];
      language: Language;
      now: Date;
    }
  | { document: 'clearance'; facts: LoanFacts; language: Language; now: Date };

export type DocumentKind = DocumentJob['document'];

/** The PDF's bytes; run in a worker thread (render-worker.ts), never on the server's event loop. */
export function renderDocument(job: DocumentJob): Promise<Uint8Array> {
  switch (job.document) {
    case 'agreement':
      return agreementPdf(job.signed, job.language, job.part);
    case 'statement':
      return statementPdf(job.facts, job.journals, job.language, job.now);
    case 'clearance':
      return clearancePdf(job.facts, job.language, job.now);
  }
}
