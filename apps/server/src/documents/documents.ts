import type { Language } from '@hiram/contract/languages';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.ts';
import { AppError } from '../domain/app-error.ts';
import type { Clock } from '../domain/clock.ts';
import type { StatementJournal } from '../domain/loan-statement.ts';
import type { Metrics } from '../plugins/infra/metrics.ts';
import type { SignedAgreement } from '../services/loans/agreements.ts';
import type { LoanFacts } from '../services/servicing/document-facts.ts';
import type { DocumentJob } from './document-jobs.ts';
import type { RenderPool } from './render-pool.ts';

/**
 * The PDFs borrowers download and staff open (ADR 0062). Every render runs in the render pool's threads,
 * and each person has at most a few under way: a borrower 2, a staff member 4 (a reviewer opens a loan's
 * agreement and its statement side by side); one more answers 42906 with the seconds to wait, so one
 * person's repeated taps cannot fill the queue everyone shares.
 *
 * A signed agreement is rendered once per language and part, then kept (signed_document_pdfs, migration
 * 0048) and served as kept: the same bytes at every download, whatever the templates become. The borrower's
 * copy in the language they signed in is rendered at signing, off the answer's path; a translation or the
 * Disclosure Statement alone, on the first ask. A statement and a clearance letter are as of the day they
 * are asked for: rendered each time.
 */
export const DOCUMENT_LIMITS = { perBorrower: 2, perStaff: 4 } as const;

export type DocumentReader = { borrower: string } | { staff: string };

type Part = 'whole' | 'disclosure';

interface KeptRow {
  content: Uint8Array;
  document_hash: string;
}

export interface DocumentsDeps {
  db: Database;
  clock: Clock;
  pool: RenderPool;
  metrics: Metrics;
  log: FastifyBaseLogger;
  /** Render the borrower's signed copy at signing (off in tests that run background work themselves). */
  renderAtSigning: boolean;
}

function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

export class Documents {
  /** Renders under way (waiting or running) per reader. */
  private readonly underWay = new Map<string, number>();
  /** A signed document being rendered to be kept: a second ask waits for the same bytes. */
  private readonly keeping = new Map<string, Promise<Buffer>>();
  /** Renders at signing, which no request waits for: awaited at close. */
  private readonly atSigning = new Set<Promise<void>>();

  constructor(private readonly deps: DocumentsDeps) {}

  statement(
    reader: DocumentReader,
    facts: LoanFacts,
    journals: StatementJournal[],
    language: Language,
  ): Promise<Buffer> {
    return this.render(reader, {
      document: 'statement',
      facts,
      journals,
      language,
      now: this.deps.clock.now(),
    });
  }

  clearance(reader: DocumentReader, facts: LoanFacts, language: Language): Promise<Buffer> {
    return this.render(reader, { document: 'clearance', facts, language, now: this.deps.clock.now() });
  }

  /** The signed agreement's PDF: as kept, or rendered now and kept. `signed` is checked against its hash. */
  async signedAgreement(
    reader: DocumentReader | null,
    signed: SignedAgreement,
    language: Language,
    part: Part,
  ): Promise<Buffer> {
    const kept = await this.kept(signed, language, part);
    if (kept) {
      this.deps.metrics.documents.inc({ document: 'agreement', outcome: 'kept' });
      return kept;
    }
    const key = `${signed.orderId}/${language}/${part}`;
    const underWay = this.keeping.get(key);
    if (underWay) return underWay;
    const rendering = this.render(reader, { document: 'agreement', signed, language, part })
      .then((pdf) => this.keep(signed, language, part, pdf))
      .finally(() => this.keeping.delete(key));
    this.keeping.set(key, rendering);
    return rendering;
  }

  /**
   * Renders the borrower's copy of an agreement just signed, in the language they signed in, without
   * holding their answer. Should it fail (the queue full), the first download renders it.
   */
  renderAtSigning(signed: () => Promise<SignedAgreement>, language: Language): void {
    if (!this.deps.renderAtSigning) return;
    const task = signed()
      .then((agreement) => this.signedAgreement(null, agreement, language, 'whole'))
      .then(
        () => undefined,
        (error: unknown) =>
          this.deps.log.warn({ err: error }, 'a signed agreement was not rendered at signing'),
      )
      .finally(() => this.atSigning.delete(task));
    this.atSigning.add(task);
  }

  /** Every render started at signing has ended (kept or given up). */
  async settled(): Promise<void> {
    await Promise.all([...this.atSigning]);
  }

  /** At the server's close, once requests are answered: the threads end, then what was left is done. */
  async close(): Promise<void> {
    await this.deps.pool.close();
    await this.settled();
  }

  /**
   * Renders `job` in the pool, within the reader's allowance (none for the server's own). Beyond it, 42906
   * is thrown at once, before any promise another ask could wait on.
   */
  private render(reader: DocumentReader | null, job: DocumentJob): Promise<Buffer> {
    const release = this.take(reader, job.document);
    return this.renderInPool(job).finally(release);
  }

  /** One more render under way for `reader`, or 42906; answers how to give it back. */
  private take(reader: DocumentReader | null, document: DocumentJob['document']): () => void {
    if (!reader) return () => undefined;
    const who = 'borrower' in reader ? `borrower:${reader.borrower}` : `staff:${reader.staff}`;
    const count = this.underWay.get(who) ?? 0;
    if (count >= ('staff' in reader ? DOCUMENT_LIMITS.perStaff : DOCUMENT_LIMITS.perBorrower)) {
      this.deps.metrics.documents.inc({ document, outcome: 'refused' });
      const seconds = Math.max(1, Math.ceil(this.deps.pool.expectedWaitMs() / 1000));
      throw new AppError('DOCUMENTS_IN_PROGRESS', {
        data: { retryAfterSeconds: seconds },
        values: { seconds },
        headers: { 'retry-after': String(seconds) },
      });
    }
    this.underWay.set(who, count + 1);
    return () => {
      const left = (this.underWay.get(who) ?? 1) - 1;
      if (left > 0) this.underWay.set(who, left);
      else this.underWay.delete(who);
    };
  }

  private async renderInPool(job: DocumentJob): Promise<Buffer> {
    const { metrics } = this.deps;
    try {
      const { pdf, ms } = await this.deps.pool.run(job);
      metrics.documents.inc({ document: job.document, outcome: 'rendered' });
      metrics.documentRenderSeconds.observe({ document: job.document }, ms / 1000);
      return asBuffer(pdf);
    } catch (error) {
      const busy = error instanceof AppError && error.key === 'DOCUMENTS_BUSY';
      metrics.documents.inc({ document: job.document, outcome: busy ? 'busy' : 'failed' });
      throw error;
    }
  }

  private async kept(signed: SignedAgreement, language: Language, part: Part): Promise<Buffer | null> {
    const [row] = await this.deps.db.query<KeptRow>(
      `select content, document_hash from signed_document_pdfs
       where order_id = $1 and language = $2 and part = $3`,
      [signed.orderId, language, part],
    );
    if (!row) return null;
    if (row.document_hash !== signed.documentHash)
      throw new Error(`the kept PDF of order ${signed.orderId} is not of the signed document`);
    return asBuffer(row.content);
  }

  /** Keeps the first PDF of a signed document; another process may have kept one already: that one wins. */
  private async keep(signed: SignedAgreement, language: Language, part: Part, pdf: Buffer): Promise<Buffer> {
    await this.deps.db.query(
      `insert into signed_document_pdfs (order_id, language, part, document_hash, content, rendered_at)
       values ($1, $2, $3, $4, $5, $6) on conflict do nothing`,
      [signed.orderId, language, part, signed.documentHash, pdf, this.deps.clock.now().toISOString()],
    );
    return (await this.kept(signed, language, part)) ?? pdf;
  }
}
