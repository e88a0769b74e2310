import { DISCLOSURE_TEXT, disclosureSections } from '@hiram/contract/disclosure-text';
import { fillTemplate, type Language } from '@hiram/contract/languages';
import { maskPhMobile } from '@hiram/contract/mobile';
import { formatPeso } from '@hiram/contract/money';
import type { SignedAgreement } from '../services/loans/agreements.ts';
import { type PdfBlock, renderPdf } from './pdf.ts';

/**
 * The signed loan agreement as the PDF the borrower keeps (GUIDE section 5): the agreement in the reader's
 * language, the Disclosure Statement with the same rows as the signing screens, and the signature record.
 * Every page's footer carries the SHA-256 of the signed document, so a printout can be matched to it.
 */

const TEXT = {
  order: { en: 'Order {orderId}', fil: 'Order {orderId}', es: 'Pedido {orderId}' },
  schedule: {
    en: ['No.', 'Due date', 'Principal', 'Interest', 'Amount due'],
    fil: ['Blg.', 'Takdang petsa', 'Principal', 'Interes', 'Babayaran'],
    es: ['N.º', 'Vencimiento', 'Capital', 'Intereses', 'Importe'],
  },
  signatureTitle: { en: 'Signature record', fil: 'Tala ng pagpirma', es: 'Registro de la firma' },
  signedAt: { en: 'Signed on', fil: 'Napirmahan noong', es: 'Firmado el' },
  signedIn: {
    en: 'Language read when signing',
    fil: 'Wikang binasa sa pagpirma',
    es: 'Idioma leído al firmar',
  },
  client: { en: 'Signed from', fil: 'Pinirmahan mula sa', es: 'Firmado desde' },
  code: { en: 'Confirmed with', fil: 'Kinumpirma gamit ang', es: 'Confirmado con' },
  codeValue: {
    en: 'the SMS code sent to {mobile} (challenge {challengeId})',
    fil: 'SMS code na ipinadala sa {mobile} (challenge {challengeId})',
    es: 'el código SMS enviado al {mobile} (desafío {challengeId})',
  },
  address: { en: 'Network address', fil: 'Network address', es: 'Dirección de red' },
  hash: {
    en: 'Document fingerprint (SHA-256)',
    fil: 'Fingerprint ng dokumento (SHA-256)',
    es: 'Huella del documento (SHA-256)',
  },
  hashNote: {
    en: 'The fingerprint is taken of the English text of the agreement together with the Disclosure Statement. Any change to a word or a figure gives another fingerprint.',
    fil: 'Kinuha ang fingerprint mula sa Ingles na teksto ng kasunduan kasama ang Disclosure Statement. Anumang pagbabago sa salita o halaga ay magbibigay ng ibang fingerprint.',
    es: 'La huella se calcula sobre el texto en inglés del contrato junto con la Declaración de divulgación. Cualquier cambio de una palabra o una cifra da otra huella.',
  },
  footer: {
    en: 'Signed document SHA-256 {hash}',
    fil: 'SHA-256 ng napirmahang dokumento {hash}',
    es: 'SHA-256 del documento firmado {hash}',
  },
  page: { en: 'Page {page} of {pages}', fil: 'Pahina {page} ng {pages}', es: 'Página {page} de {pages}' },
  unknown: { en: 'not recorded', fil: 'hindi naitala', es: 'no registrado' },
} satisfies Record<string, Record<Language, string | string[]>>;

const LANGUAGE_NAMES: Record<string, string> = { en: 'English', fil: 'Filipino', es: 'Español' };
const LOCALES: Record<Language, string> = { en: 'en-PH', fil: 'fil-PH', es: 'es' };

function manilaDate(isoDate: string, language: Language): string {
  // A bare YYYY-MM-DD is already a Manila date: read at Manila's noon so no zone moves it.
  return new Date(`${isoDate}T12:00:00+08:00`).toLocaleDateString(LOCALES[language], {
    timeZone: 'Asia/Manila',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
}

function manilaTime(at: Date, language: Language): string {
  const local = at.toLocaleString(LOCALES[language], {
    timeZone: 'Asia/Manila',
    dateStyle: 'long',
    timeStyle: 'medium',
  });
  return `${local} (Asia/Manila) · ${at.toISOString()}`;
}

/**
 * `part`: the whole signed document, or the Disclosure Statement with the signature record alone (the back
 * office opens either; the borrower downloads the whole).
 */
export function agreementPdf(
  signed: SignedAgreement,
  language: Language,
  part: 'whole' | 'disclosure' = 'whole',
): Promise<Uint8Array> {
  const say = (key: Exclude<keyof typeof TEXT, 'schedule'>, values?: Record<string, string | number>) =>
    fillTemplate(TEXT[key][language], values);
  const { agreement, disclosure, client } = signed;

  const blocks: PdfBlock[] =
    part === 'disclosure'
      ? []
      : [
          ...agreement.sections.flatMap((section): PdfBlock[] => [
            { kind: 'heading', text: section.heading },
            ...section.paragraphs.map((text): PdfBlock => ({ kind: 'paragraph', text })),
          ]),
          { kind: 'pageBreak' },
        ];
  blocks.push({ kind: 'heading', text: DISCLOSURE_TEXT[language].statementTitle, level: 1 });
  for (const section of disclosureSections(disclosure, language, (date) => manilaDate(date, language))) {
    blocks.push({ kind: 'heading', text: section.title });
    if (section.title === DISCLOSURE_TEXT[language].scheduleSection) {
      // The schedule reads better as a table than as rows of notes.
      blocks.push({
        kind: 'table',
        columns: TEXT.schedule[language].map((header, index) => ({
          header,
          width: index === 0 ? 0.6 : index === 1 ? 2 : 1.3,
          align: index < 2 ? ('left' as const) : ('right' as const),
        })),
        rows: disclosure.schedule.map((line) => [
          String(line.number),
          manilaDate(line.dueDate, language),
          formatPeso(line.principal),
          formatPeso(line.interest),
          formatPeso(line.total),
        ]),
      });
      if (section.note) blocks.push({ kind: 'note', text: section.note });
      continue;
    }
    blocks.push({
      kind: 'rows',
      rows: section.rows.map((row) => ({
        label: row.label,
        value: row.value,
        ...(row.note ? { note: row.note } : {}),
        ...(row.main ? { strong: true } : {}),
        ...(row.prose ? { prose: true } : {}),
      })),
    });
    if (section.note) blocks.push({ kind: 'note', text: section.note });
  }

  const unknown = say('unknown');
  const from = [client.appName, client.packageName, client.userAgent].filter(Boolean).join(' · ');
  blocks.push(
    { kind: 'heading', text: say('signatureTitle') },
    {
      kind: 'rows',
      rows: [
        { label: say('signedAt'), value: manilaTime(signed.signedAt, language) },
        { label: say('client'), value: from || unknown },
        { label: say('address'), value: client.clientAddress ?? unknown },
        {
          label: say('code'),
          value: signed.code
            ? say('codeValue', {
                mobile: maskPhMobile(signed.code.sentTo),
                challengeId: signed.code.challengeId,
              })
            : unknown,
        },
        { label: say('signedIn'), value: LANGUAGE_NAMES[signed.signedIn] ?? signed.signedIn },
        { label: say('hash'), value: signed.documentHash, strong: true },
      ],
    },
    { kind: 'note', text: say('hashNote') },
  );

  return renderPdf({
    title: part === 'disclosure' ? DISCLOSURE_TEXT[language].statementTitle : agreement.title,
    subtitle: `${disclosure.lender.corporateName} · ${say('order', { orderId: signed.orderId })}`,
    language: LOCALES[language],
    author: disclosure.lender.corporateName,
    createdAt: signed.signedAt,
    footer: say('footer', { hash: signed.documentHash }),
    pageLabel: (page, pages) => say('page', { page, pages }),
    blocks,
  });
}
