import { fillTemplate, type Language, type Localized } from '@hiram/contract/languages';
import { formatPeso } from '@hiram/contract/money';
import {
  type StatementEntry,
  type StatementEntryKind,
  type StatementJournal,
  statementEntries,
  statementTotals,
} from '../domain/loan-statement.ts';
import type { LoanFacts } from '../services/servicing/document-facts.ts';
import { type PdfDocumentSpec, renderPdf } from './pdf.ts';

/**
 * The closure documents a borrower downloads (issue "Repayment"): the statement of account (every journal of
 * the loan as the borrower reads it, from the ledger) and the clearance letter of a loan paid in full. Both
 * in the borrower's language, rendered by documents/pdf.ts.
 */
const WORDS = {
  statementTitle: { en: 'Statement of account', fil: 'Statement of account', es: 'Estado de cuenta' },
  clearanceTitle: { en: 'Clearance letter', fil: 'Clearance letter', es: 'Carta de liquidación' },
  loan: { en: 'Loan {id}', fil: 'Loan {id}', es: 'Préstamo {id}' },
  borrower: { en: 'Borrower', fil: 'Nanghiram', es: 'Prestatario' },
  mobile: { en: 'Mobile number', fil: 'Mobile number', es: 'Número móvil' },
  lender: { en: 'Lender', fil: 'Nagpahiram', es: 'Prestamista' },
  principal: { en: 'Principal', fil: 'Principal', es: 'Principal' },
  tenure: { en: 'Term', fil: 'Termino', es: 'Plazo' },
  days: { en: '{days} days', fil: '{days} araw', es: '{days} días' },
  disbursedOn: { en: 'Disbursed on', fil: 'Naipadala noong', es: 'Desembolsado el' },
  dueDate: { en: 'Due date', fil: 'Takdang petsa', es: 'Fecha de vencimiento' },
  asOf: { en: 'As of', fil: 'Hanggang', es: 'Al' },
  movements: { en: 'Movements', fil: 'Mga galaw', es: 'Movimientos' },
  date: { en: 'Date', fil: 'Petsa', es: 'Fecha' },
  description: { en: 'Description', fil: 'Paglalarawan', es: 'Descripción' },
  charges: { en: 'Charges', fil: 'Singil', es: 'Cargos' },
  payments: { en: 'Payments', fil: 'Bayad', es: 'Pagos' },
  owed: { en: 'Balance', fil: 'Balanse', es: 'Saldo' },
  disbursement: {
    en: 'Loan disbursed (principal and interest)',
    fil: 'Naipadala ang loan (principal at interes)',
    es: 'Préstamo desembolsado (principal e intereses)',
  },
  payment: { en: 'Payment received', fil: 'Natanggap na bayad', es: 'Pago recibido' },
  penalty: { en: 'Late penalty', fil: 'Multa sa pagkaantala', es: 'Penalización por atraso' },
  extensionFee: { en: 'Extension fee', fil: 'Extension fee', es: 'Comisión de prórroga' },
  correction: { en: 'Correction: {what}', fil: 'Pagtutuwid: {what}', es: 'Corrección: {what}' },
  summary: { en: 'Summary', fil: 'Buod', es: 'Resumen' },
  totalCharged: { en: 'Total charged', fil: 'Kabuuang singil', es: 'Total cargado' },
  totalPaid: { en: 'Total paid', fil: 'Kabuuang bayad', es: 'Total pagado' },
  balanceOwed: { en: 'Balance owed', fil: 'Natitirang utang', es: 'Saldo pendiente' },
  overpayment: {
    en: 'Paid in excess, to be returned to you',
    fil: 'Sobrang bayad, ibabalik sa iyo',
    es: 'Pagado de más, se le devolverá',
  },
  statementNote: {
    en: 'Every figure comes from the ledger of your loan. Questions or complaints: {email}, {phone}.',
    fil: 'Galing sa ledger ng iyong loan ang bawat numero. Mga tanong o reklamo: {email}, {phone}.',
    es: 'Cada cifra viene del libro contable de su préstamo. Preguntas o reclamos: {email}, {phone}.',
  },
  clearanceBody: {
    en: 'This is to certify that {name} ({mobile}) has paid in full loan {id} of {principal}, disbursed on {disbursed} by {lender}. The loan was closed on {closed}. As of that date the borrower has no outstanding obligation under this loan.',
    fil: 'Pinatutunayan nito na si {name} ({mobile}) ay nakabayad nang buo sa loan {id} na {principal}, na ipinadala noong {disbursed} ng {lender}. Isinara ang loan noong {closed}. Mula sa petsang iyon, wala nang utang ang nanghiram sa ilalim ng loan na ito.',
    es: 'Se certifica que {name} ({mobile}) ha pagado por completo el préstamo {id} de {principal}, desembolsado el {disbursed} por {lender}. El préstamo se cerró el {closed}. Desde esa fecha el prestatario no tiene obligaciones pendientes por este préstamo.',
  },
  lenderDetails: {
    en: '{name}, SEC registration {sec}, Certificate of Authority {ca}, {address}',
    fil: '{name}, SEC registration {sec}, Certificate of Authority {ca}, {address}',
    es: '{name}, registro SEC {sec}, Certificado de Autoridad {ca}, {address}',
  },
  page: { en: 'Page {page} of {pages}', fil: 'Pahina {page} ng {pages}', es: 'Página {page} de {pages}' },
  footer: { en: '{app} · loan {id}', fil: '{app} · loan {id}', es: '{app} · préstamo {id}' },
} as const satisfies Record<string, Localized>;

type Word = keyof typeof WORDS;

function say(lang: Language, word: Word, values: Record<string, string | number> = {}): string {
  return fillTemplate(WORDS[word][lang], values);
}

const LOCALES: Record<Language, string> = { en: 'en-PH', fil: 'fil-PH', es: 'es' };

function day(value: string | null, lang: Language): string {
  if (!value) return '—';
  const time = value.length === 10 ? `${value}T12:00:00+08:00` : value;
  return new Date(time).toLocaleDateString(LOCALES[lang], {
    timeZone: 'Asia/Manila',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  });
}

function describe(entry: StatementEntry, lang: Language): string {
  const name = (kind: StatementEntryKind) => say(lang, kind === 'correction' ? 'payment' : kind);
  return entry.kind === 'correction'
    ? say(lang, 'correction', { what: name(entry.corrects ?? 'payment') })
    : name(entry.kind);
}

function lenderLine(facts: LoanFacts, lang: Language): string {
  return say(lang, 'lenderDetails', {
    name: facts.lender.corporateName,
    sec: facts.lender.secRegistrationNumber,
    ca: facts.lender.certificateOfAuthorityNumber,
    address: facts.lender.address,
  });
}

export function statementSpec(
  facts: LoanFacts,
  journals: readonly StatementJournal[],
  lang: Language,
  now: Date,
): PdfDocumentSpec {
  const entries = statementEntries(journals);
  const totals = statementTotals(entries);
  return {
    title: say(lang, 'statementTitle'),
    subtitle: `${say(lang, 'loan', { id: facts.orderId })} · ${say(lang, 'asOf')} ${day(now.toISOString(), lang)}`,
    language: lang === 'fil' ? 'fil' : lang,
    author: facts.lender.corporateName || facts.appName,
    createdAt: now,
    footer: say(lang, 'footer', { app: facts.appName, id: facts.orderId }),
    pageLabel: (page, pages) => say(lang, 'page', { page, pages }),
    blocks: [
      {
        kind: 'rows',
        rows: [
          { label: say(lang, 'borrower'), value: facts.borrowerName },
          { label: say(lang, 'mobile'), value: facts.mobile },
          { label: say(lang, 'lender'), value: facts.lender.corporateName || facts.appName },
          { label: say(lang, 'principal'), value: formatPeso(facts.principal) },
          { label: say(lang, 'tenure'), value: say(lang, 'days', { days: facts.tenureDays }) },
          { label: say(lang, 'disbursedOn'), value: day(facts.disbursedOn, lang) },
          { label: say(lang, 'dueDate'), value: day(facts.dueDate, lang) },
        ],
      },
      { kind: 'heading', text: say(lang, 'movements') },
      {
        kind: 'table',
        columns: [
          { header: say(lang, 'date'), width: 2 },
          { header: say(lang, 'description'), width: 4 },
          { header: say(lang, 'charges'), width: 2, align: 'right' },
          { header: say(lang, 'payments'), width: 2, align: 'right' },
          { header: say(lang, 'owed'), width: 2, align: 'right' },
        ],
        rows: entries.map((entry) => [
          // A penalty is dated by the day it is for: a catch-up run posts several on one day.
          day(entry.forDay ?? entry.occurredAt, lang),
          describe(entry, lang),
          entry.charged === 0 ? '' : formatPeso(entry.charged),
          entry.paid === 0 ? '' : formatPeso(entry.paid),
          formatPeso(entry.owedAfter),
        ]),
      },
      { kind: 'heading', text: say(lang, 'summary') },
      {
        kind: 'rows',
        rows: [
          { label: say(lang, 'totalCharged'), value: formatPeso(totals.charged) },
          { label: say(lang, 'totalPaid'), value: formatPeso(totals.paid) },
          { label: say(lang, 'balanceOwed'), value: formatPeso(totals.owed), strong: true },
          ...(totals.overpayment > 0
            ? [{ label: say(lang, 'overpayment'), value: formatPeso(totals.overpayment) }]
            : []),
        ],
      },
      {
        kind: 'note',
        text: say(lang, 'statementNote', { email: facts.supportEmail, phone: facts.supportPhone }),
      },
      { kind: 'note', text: lenderLine(facts, lang) },
    ],
  };
}

export function clearanceSpec(facts: LoanFacts, lang: Language, now: Date): PdfDocumentSpec {
  return {
    title: say(lang, 'clearanceTitle'),
    subtitle: `${say(lang, 'loan', { id: facts.orderId })} · ${say(lang, 'asOf')} ${day(now.toISOString(), lang)}`,
    language: lang,
    author: facts.lender.corporateName || facts.appName,
    createdAt: now,
    footer: say(lang, 'footer', { app: facts.appName, id: facts.orderId }),
    pageLabel: (page, pages) => say(lang, 'page', { page, pages }),
    blocks: [
      {
        kind: 'paragraph',
        text: say(lang, 'clearanceBody', {
          name: facts.borrowerName,
          mobile: facts.mobile,
          id: facts.orderId,
          principal: formatPeso(facts.principal),
          disbursed: day(facts.disbursedOn, lang),
          lender: facts.lender.corporateName || facts.appName,
          closed: day(facts.finishedOn, lang),
        }),
      },
      {
        kind: 'rows',
        rows: [
          { label: say(lang, 'borrower'), value: facts.borrowerName },
          { label: say(lang, 'principal'), value: formatPeso(facts.principal) },
          { label: say(lang, 'disbursedOn'), value: day(facts.disbursedOn, lang) },
          { label: say(lang, 'balanceOwed'), value: formatPeso(0), strong: true },
        ],
      },
      { kind: 'note', text: lenderLine(facts, lang) },
    ],
  };
}

export function statementPdf(
  facts: LoanFacts,
  journals: readonly StatementJournal[],
  lang: Language,
  now: Date,
) {
  return renderPdf(statementSpec(facts, journals, lang, now));
}

export function clearancePdf(facts: LoanFacts, lang: Language, now: Date) {
  return renderPdf(clearanceSpec(facts, lang, now));
}
