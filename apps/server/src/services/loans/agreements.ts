import { createHash } from 'node:crypto';
import type { LoanAgreement, LoanQuote } from '@hiram/contract/api/endpoints';
import {
  buildDisclosure,
  type DisclosureStatement,
  isoDate,
  type LenderDetails,
} from '@hiram/contract/disclosure';
import type { Language } from '@hiram/contract/languages';
import { type LoanAgreementText, loanAgreementText } from '@hiram/contract/loan-agreement';
import { LOAN_ORDER_STATUS } from '@hiram/contract/loan-status';
import { capsInForce, type LoanTerms, quoteViolations } from '@hiram/contract/pricing';
import { type CalendarDate, manilaToday } from '@hiram/contract/profile';
import type { Database, Queryable } from '../../db/database.ts';
import { AppError, invalidField } from '../../domain/app-error.ts';
import type { Clock } from '../../domain/clock.ts';
import { transition } from '../../domain/loan-order-machine.ts';
import { orderProduct, productAboveCaps, productViolations, termsOf } from '../../domain/products.ts';
import { openChannels, type ServesChannel } from '../collections/channels.ts';
import type { VerifyCodes } from '../security/verify-codes.ts';
import type { LoanOrders } from './loan-orders.ts';

/**
 * The loan agreement of an approved order and its signature (GUIDE section 5). The document is rebuilt from
 * the order's quote, its product's terms, the brand's lender details and open channels, and today, so its hash
 * changes whenever anything the borrower reads would; signing records that hash with the time and client,
 * and the `signAgreement` SMS code that the borrower typed to sign (docs/decisions/0018).
 */

/**
 * How long after Manila midnight a statement read the day before may still be signed: a borrower who read it
 * at 23:58 signs what she read, not a reload that differs only in its dates (ADR 0089).
 */
const STATEMENT_READ_ACROSS_MIDNIGHT_MS = 60 * 60 * 1000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface SigningClient {
  userAgent: string | null;
  clientAddress: string | null;
  appName: string | null;
  packageName: string | null;
}

interface OrderRow {
  order_id: string;
  /** The borrower's number (E.164): the signing code goes to it. */
  mobile: string;
  package_name: string;
  product_id: string;
  status: number;
  quote: LoanQuote | string;
  approved_at: Date | string | null;
  basic_info: { firstName?: string; middleName?: string; lastName?: string } | string | null;
}

/** What the hash covers: the agreement's English text and the Disclosure Statement. */
interface HashedDocument {
  agreement: LoanAgreementText;
  disclosure: DisclosureStatement;
}

interface SignatureRow {
  document_hash: string;
  signed_at: Date | string;
  /** Null for signatures recorded before migration 0010. */
  signed_document: HashedDocument | string | null;
  borrower_name: string | null;
}

interface SignatureRecordRow extends SignatureRow {
  user_agent: string | null;
  client_address: string | null;
  app_name: string | null;
  package_name: string | null;
  language: string;
  code_challenge_id: string | null;
  code_sent_to: string | null;
}

/** A signed agreement as the PDF prints it: the text in the reader's language and the signature record. */
export interface SignedAgreement {
  orderId: string;
  agreement: LoanAgreementText;
  disclosure: DisclosureStatement;
  documentHash: string;
  signedAt: Date;
  client: SigningClient;
  /** The language the borrower read when signing. */
  signedIn: string;
  /** The SMS code typed to sign; null for signatures made before codes were asked (migration 0012). */
  code: { challengeId: string; sentTo: string } | null;
}

/**
 * 40970 unless what the borrower would sign keeps the caps in force on the day they sign it: the quote made
 * when they applied (a loan applied for before new caps and signed after is made under the new ones), and
 * the terms of the product's version the statement prints.
 */
function assertSignable(productId: string, terms: LoanTerms, quote: LoanQuote, day: string): void {
  const rule = capsInForce(day);
  const violations = [...quoteViolations(quote, rule), ...productViolations(terms, rule)];
  if (violations.length > 0) throw productAboveCaps(productId, rule, violations);
}

function hashOf({ agreement, disclosure }: HashedDocument): string {
  return createHash('sha256').update(canonicalJson({ agreement, disclosure })).digest('hex');
}

/** JSON with object keys sorted at every level: the same document always gives the same bytes. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

function parsed<T>(value: T | string): T {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}

export class Agreements {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly loanOrders: LoanOrders,
    /** The brand's lender details and cooling-off period, printed on the statement. */
    private readonly brandOf: (
      packageName: string,
    ) => { lender: LenderDetails; coolingOffDays: number } | undefined,
    private readonly codes: VerifyCodes,
    /** Whether the configured collections provider serves a channel (the statement lists only those). */
    private readonly servesChannel: ServesChannel,
  ) {}

  async view(userId: string, orderId: string, language: Language): Promise<LoanAgreement> {
    return this.db.transaction(async (tx) => {
      const order = await this.order(tx, userId, orderId, false);
      return this.answer(tx, order, language, await this.signature(tx, orderId));
    });
  }

  /**
   * Signs with a fresh `signAgreement` code sent to the borrower's number. Everything else is checked first,
   * so a stale page does not use up the code; a wrong code is counted even though the call fails.
   */
  async sign(
    userId: string,
    input: { orderId: string; documentHash: string; agreed: boolean; code: string },
    language: Language,
    client: SigningClient,
  ): Promise<LoanAgreement> {
    const outcome = await this.db.transaction(async (tx) => {
      const order = await this.order(tx, userId, input.orderId, true);
      const signed = await this.signature(tx, input.orderId);
      // A repeat (a retried tap, a second device) answers the signature already recorded.
      if (signed) return this.answer(tx, order, language, signed);
      if (!input.agreed) throw invalidField('agreed', 'agreementRequired');
      if (!transition(order.status, 'sign').ok) throw new AppError('LOAN_STEP_NOT_ALLOWED');
      const document = await this.documentRead(tx, order, input.documentHash);
      // The borrower read something else (terms or lender details changed since): they must reload.
      if (!document) throw new AppError('CONFLICT');
      const code = await this.codes.consume(tx, order.mobile, 'signAgreement', input.code);
      // Returned, not thrown: the wrong try must be committed.
      if (!code.accepted) return code.error;
      const signedAt = this.clock.now().toISOString();
      const signedDocument: HashedDocument = {
        agreement: document.agreement,
        disclosure: document.disclosure,
      };
      await tx.query(
        `insert into agreement_signatures (order_id, user_id, document_hash, signed_at, user_agent,
           client_address, app_name, package_name, language, signed_document, borrower_name,
           code_challenge_id, code_sent_to)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
        [
          input.orderId,
          userId,
          document.documentHash,
          signedAt,
          client.userAgent,
          client.clientAddress,
          client.appName,
          client.packageName,
          language,
          JSON.stringify(signedDocument),
          document.borrowerName,
          code.challengeId,
          order.mobile,
        ],
      );
      await this.loanOrders.moveIn(tx, input.orderId, 'sign', { userId, reason: 'agreement signed' });
      return this.answer(tx, order, language, {
        document_hash: document.documentHash,
        signed_at: signedAt,
        signed_document: signedDocument,
        borrower_name: document.borrowerName,
      });
    });
    if (typeof outcome === 'string') throw new AppError(outcome);
    return outcome;
  }

  /**
   * The signed agreement of the borrower's order, for the PDF: what was signed, in the reader's language,
   * with the signature record. Another borrower's order answers 404; an order not signed yet, 40950.
   */
  async signed(userId: string, orderId: string, language: Language): Promise<SignedAgreement> {
    return this.db.transaction(async (tx) => {
      const order = await this.order(tx, userId, orderId, false);
      const [row] = await tx.query<SignatureRecordRow>(
        `select document_hash, signed_at, signed_document, borrower_name, user_agent, client_address,
           app_name, package_name, language, code_challenge_id, code_sent_to
         from agreement_signatures where order_id = $1`,
        [orderId],
      );
      if (!row) throw new AppError('AGREEMENT_NOT_SIGNED');
      const content = await this.signedContent(tx, order, row);
      return {
        orderId: order.order_id,
        agreement:
          language === 'en'
            ? content.agreement
            : loanAgreementText(language, content.disclosure, content.borrowerName),
        disclosure: content.disclosure,
        documentHash: row.document_hash,
        signedAt: new Date(row.signed_at),
        client: {
          userAgent: row.user_agent,
          clientAddress: row.client_address,
          appName: row.app_name,
          packageName: row.package_name,
        },
        signedIn: row.language,
        code:
          row.code_challenge_id && row.code_sent_to
            ? { challengeId: row.code_challenge_id, sentTo: row.code_sent_to }
            : null,
      };
    });
  }

  /** The document a signature covers: the one kept with it, checked against its hash. */
  private async signedContent(
    tx: Queryable,
    order: OrderRow,
    signature: SignatureRow,
  ): Promise<HashedDocument & { borrowerName: string }> {
    if (signature.signed_document) {
      const kept = parsed(signature.signed_document);
      if (hashOf(kept) !== signature.document_hash)
        throw new Error(`the signed document of order ${order.order_id} does not match its hash`);
      return { ...kept, borrowerName: signature.borrower_name ?? '' };
    }
    // Signed before the document was kept (dated from the approval day, no channels listed): the rebuild
    // is it only if it hashes the same.
    const rebuilt = await this.document(tx, order, 'en', { signedBeforeDocumentsKept: true });
    if (rebuilt.documentHash !== signature.document_hash)
      throw new Error(`the agreement of order ${order.order_id} changed since it was signed`);
    return rebuilt;
  }

  private async answer(
    tx: Queryable,
    order: OrderRow,
    language: Language,
    signed: SignatureRow | null,
  ): Promise<LoanAgreement> {
    // A signed order shows what was signed, even if the product or the lender's details changed since.
    const english = signed
      ? await this.signedContent(tx, order, signed)
      : await this.document(tx, order, 'en');
    const agreement =
      language === 'en'
        ? english.agreement
        : loanAgreementText(language, english.disclosure, english.borrowerName);
    return {
      orderId: order.order_id,
      agreement,
      disclosure: english.disclosure,
      documentHash: signed?.document_hash ?? hashOf(english),
      signedAt: signed ? new Date(signed.signed_at).toISOString() : null,
      signedHash: signed?.document_hash ?? null,
    };
  }

  /**
   * The document the borrower read, by its hash: today's, or, just after Manila midnight, the one she read
   * before it (ADR 0089). Only its dates differ, and they are the statement's illustration: the schedule counts
   * from the day the money is sent. Null when she read something else.
   */
  private async documentRead(tx: Queryable, order: OrderRow, documentHash: string) {
    const now = this.clock.now();
    const today = await this.document(tx, order, 'en', { readAt: now });
    if (today.documentHash === documentHash) return today;
    const beforeMidnight = new Date(now.getTime() - STATEMENT_READ_ACROSS_MIDNIGHT_MS);
    if (isoDate(manilaToday(beforeMidnight)) === isoDate(manilaToday(now))) return null;
    const yesterday = await this.document(tx, order, 'en', { readAt: beforeMidnight });
    return yesterday.documentHash === documentHash ? yesterday : null;
  }

  private async document(
    tx: Queryable,
    order: OrderRow,
    language: Language,
    {
      signedBeforeDocumentsKept = false,
      readAt = this.clock.now(),
    }: { signedBeforeDocumentsKept?: boolean; readAt?: Date } = {},
  ) {
    const quote = parsed(order.quote);
    // The version of the product the order was quoted on (ADR 0032), and the rate of the quote itself.
    const product = await orderProduct(tx, order.order_id);
    const terms = { ...termsOf(product), monthlyInterestBps: quote.nominalMonthlyRateBps };
    const brand = this.brandOf(order.package_name);
    if (!brand) throw new AppError('UNKNOWN_BRAND');
    const { lender } = brand;
    // Due dates count from the day the money is sent (loan_schedules); the statement dates them from
    // today, the day it is read and signed, when the borrower usually takes the money too.
    const startDate: CalendarDate = manilaToday(
      signedBeforeDocumentsKept && order.approved_at ? new Date(order.approved_at) : readAt,
    );
    const repaymentChannels = signedBeforeDocumentsKept
      ? undefined
      : await openChannels(tx, order.package_name, this.servesChannel);
    if (!signedBeforeDocumentsKept) assertSignable(order.product_id, terms, quote, isoDate(startDate));
    const disclosure = buildDisclosure({
      terms,
      quote,
      startDate,
      lender,
      repaymentChannels,
      signedBeforeCapsNamed: signedBeforeDocumentsKept,
      ...(signedBeforeDocumentsKept ? {} : { coolingOffDays: brand.coolingOffDays }),
    });
    const info = parsed(order.basic_info ?? {}) ?? {};
    const borrowerName = [info.firstName, info.middleName, info.lastName]
      .map((part) => part?.trim())
      .filter(Boolean)
      .join(' ');
    const agreement = loanAgreementText(language, disclosure, borrowerName);
    const english = language === 'en' ? agreement : loanAgreementText('en', disclosure, borrowerName);
    const documentHash = hashOf({ agreement: english, disclosure });
    return { agreement, disclosure, documentHash, borrowerName };
  }

  private async order(tx: Queryable, userId: string, orderId: string, lock: boolean): Promise<OrderRow> {
    if (!UUID.test(orderId)) throw new AppError('NOT_FOUND');
    const [row] = await tx.query<OrderRow>(
      `select o.order_id, u.mobile, o.package_name, o.product_id, o.status, o.quote, p.basic_info,
         (select min(e.at) from loan_order_events e where e.order_id = o.order_id and e.to_status = $3)
           as approved_at
       from loan_orders o join users u on u.user_id = o.user_id left join profiles p on p.user_id = o.user_id
       where o.order_id = $1 and o.user_id = $2${lock ? ' for update of o' : ''}`,
      [orderId, userId, LOAN_ORDER_STATUS.confirm],
    );
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  private async signature(tx: Queryable, orderId: string): Promise<SignatureRow | null> {
    const [row] = await tx.query<SignatureRow>(
      `select document_hash, signed_at, signed_document, borrower_name
       from agreement_signatures where order_id = $1`,
      [orderId],
    );
    return row ?? null;
  }
}
