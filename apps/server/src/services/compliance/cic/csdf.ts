/**
 * The CIC's Standard Data Entry format (CSDF) as far as this project could confirm it (ADR 0080): a text file,
 * UTF-8 without a byte-order mark, CRLF line ends, fields separated by `|`, dates DDMMYYYY, numbers whole
 * with no separators. Records: one header `HD`, one `ID` per subject, one `CI` per instalment contract, one
 * footer `FT` whose count includes the header and itself.
 *
 * HD and ID field rules follow the open-source CIC validator (cic-validator-web, citing the CIC submission
 * manual 1.6/1.7). The CI and FT layouts are not in that validator: they are the project's reading of the
 * manual's summary (REGULATION.md) and must be checked against the manual before a first live submission.
 */

export type FieldType = 'X' | 'N' | 'D';
export interface FieldSpec {
  /** The manual's field id, e.g. "CI9". */
  id: string;
  name: string;
  type: FieldType;
  mandatory: boolean;
  maxLength: number;
  fixed?: string;
  domain?: readonly string[];
}

const spec = (
  id: string,
  name: string,
  type: FieldType,
  mandatory: boolean,
  maxLength: number,
  extra: Pick<FieldSpec, 'fixed' | 'domain'> = {},
): FieldSpec => ({ id, name, type, mandatory, maxLength, ...extra });

export const HD_FIELDS: readonly FieldSpec[] = [
  spec('HD1', 'Record Type', 'X', true, 2, { fixed: 'HD' }),
  spec('HD2', 'Provider Code', 'X', true, 8),
  spec('HD3', 'File Reference Date', 'D', true, 8),
  spec('HD4', 'Version', 'X', true, 12, { fixed: '1.0' }),
  spec('HD5', 'Submission Type', 'X', true, 1, { domain: ['0', '1'] }),
  spec('HD6', 'Provider Comments', 'X', false, 100),
];

/** The ID record has 123 fields; the builder fills these, the rest are empty. */
export const ID_FIELD_COUNT = 123;
export const ID_POSITIONS = {
  recordType: 1,
  providerCode: 2,
  subjectReferenceDate: 4,
  subjectNo: 5,
  firstName: 7,
  lastName: 8,
  middleName: 9,
  gender: 13,
  dateOfBirth: 14,
  nationality: 17,
  address1Type: 32,
  address1Full: 33,
  address1Country: 40,
  address2Type: 43,
  address2Full: 44,
  address2Country: 51,
  identification1Type: 54,
  identification1Number: 55,
  identification2Type: 56,
  identification2Number: 57,
  identification3Type: 58,
  identification3Number: 59,
  idDocument1Type: 60,
  idDocument1Number: 61,
  contact1Type: 78,
  contact1Value: 79,
  contact2Type: 80,
  contact2Value: 81,
  employerTradeName: 82,
} as const;

/** Identification types of the validator's domain that this project writes (ADR 0080, 0083). */
export const IDENTIFICATION_TYPE_CODES = { TIN: '10', SSS: '11', GSIS: '12' } as const;
const IDENTIFICATION_TYPE_DOMAIN = ['10', '11', '12', '13', '14', '15', '16', '17', '18', '19'];
const ID_DOCUMENT_TYPE_DOMAIN = Array.from({ length: 30 }, (_, index) => String(10 + index));

/**
 * The ID document type under which the PhilID card number (PCN) is sent, as CIC Letter Memorandum 2022-02
 * asks ("as a secondary ID"). NOT CONFIRMED: the code list is in the CIC's submission manual, which this
 * project could not read (ADR 0083); check it, or the CIC's test error report, before the first live file.
 */
export const PHILID_DOCUMENT_TYPE_CODE = '39';

/** The ID fields checked: the ones the builder fills and the ones the validator repository marks mandatory. */
export const ID_FIELDS: readonly FieldSpec[] = [
  spec('ID1', 'Record Type', 'X', true, 2, { fixed: 'ID' }),
  spec('ID2', 'Provider Code', 'X', true, 8),
  spec('ID3', 'Branch Code', 'X', false, 5),
  spec('ID4', 'Subject Reference Date', 'D', true, 8),
  spec('ID5', 'Provider Subject No', 'X', true, 38),
  spec('ID7', 'First Name', 'X', true, 70),
  spec('ID8', 'Last Name', 'X', true, 70),
  spec('ID9', 'Middle Name', 'X', false, 70),
  spec('ID13', 'Gender', 'X', true, 1, { domain: ['M', 'F'] }),
  spec('ID14', 'Date of Birth', 'D', true, 8),
  spec('ID17', 'Nationality', 'X', false, 2),
  spec('ID32', 'Address 1: Address Type', 'X', true, 2, { fixed: 'MI' }),
  spec('ID33', 'Address 1: FullAddress', 'X', true, 400),
  spec('ID40', 'Address 1: Country', 'X', false, 2),
  spec('ID43', 'Address 2: Address Type', 'X', false, 2, { fixed: 'AI' }),
  spec('ID44', 'Address 2: FullAddress', 'X', false, 400),
  spec('ID51', 'Address 2: Country', 'X', false, 2),
  spec('ID54', 'Identification 1: Type', 'X', false, 2, { domain: IDENTIFICATION_TYPE_DOMAIN }),
  spec('ID55', 'Identification 1: Number', 'X', false, 20),
  spec('ID56', 'Identification 2: Type', 'X', false, 2, { domain: IDENTIFICATION_TYPE_DOMAIN }),
  spec('ID57', 'Identification 2: Number', 'X', false, 20),
  spec('ID58', 'Identification 3: Type', 'X', false, 2, { domain: IDENTIFICATION_TYPE_DOMAIN }),
  spec('ID59', 'Identification 3: Number', 'X', false, 20),
  spec('ID60', 'ID 1: Type', 'X', false, 2, { domain: ID_DOCUMENT_TYPE_DOMAIN }),
  spec('ID61', 'ID 1: Number', 'X', false, 40),
  spec('ID78', 'Contact 1: Type', 'X', false, 1, { domain: ['1', '2', '3', '4', '5', '6', '7', '8', '9'] }),
  spec('ID79', 'Contact 1: Value', 'X', false, 100),
  spec('ID80', 'Contact 2: Type', 'X', false, 1, { domain: ['1', '2', '3', '4', '5', '6', '7', '8', '9'] }),
  spec('ID81', 'Contact 2: Value', 'X', false, 100),
  spec('ID82', 'Employment: Trade Name', 'X', false, 120),
];

/** Overdue-days buckets: 0 none, then 1–30, 31–60, 61–90, 91–180, 181–365, over 365. */
export const OVERDUE_BUCKETS = ['0', '1', '2', '3', '4', '5', '6'] as const;

export const CI_FIELDS: readonly FieldSpec[] = [
  spec('CI1', 'Record Type', 'X', true, 2, { fixed: 'CI' }),
  spec('CI2', 'Provider Code', 'X', true, 8),
  spec('CI3', 'Branch Code', 'X', false, 5),
  spec('CI4', 'Contract Reference Date', 'D', true, 8),
  spec('CI5', 'Provider Subject No', 'X', true, 38),
  spec('CI6', 'Role', 'X', true, 1, { domain: ['B'] }),
  spec('CI7', 'Provider Contract No', 'X', true, 38),
  spec('CI8', 'Contract Type', 'X', true, 2, { fixed: '12' }),
  spec('CI9', 'Contract Phase', 'X', true, 2, { domain: ['AC', 'CL'] }),
  spec('CI10', 'Currency', 'X', true, 3, { fixed: 'PHP' }),
  spec('CI11', 'Contract Start Date', 'D', true, 8),
  spec('CI12', 'Contract Request Date', 'D', true, 8),
  spec('CI13', 'Contract Planned End Date', 'D', true, 8),
  spec('CI14', 'Contract Actual End Date', 'D', false, 8),
  spec('CI15', 'Financed Amount', 'N', true, 15),
  spec('CI16', 'Instalments Number', 'N', true, 3),
  spec('CI17', 'Payment Periodicity', 'X', true, 1, { domain: ['M', 'O'] }),
  spec('CI18', 'Monthly Payment Amount', 'N', true, 15),
  spec('CI19', 'First Payment Date', 'D', true, 8),
  spec('CI20', 'Last Payment Date', 'D', false, 8),
  spec('CI21', 'Last Payment Amount', 'N', false, 15),
  spec('CI22', 'Next Payment Date', 'D', false, 8),
  spec('CI23', 'Next Payment Amount', 'N', false, 15),
  spec('CI24', 'Outstanding Payments Number', 'N', true, 3),
  spec('CI25', 'Outstanding Balance', 'N', true, 15),
  spec('CI26', 'Overdue Payments Number', 'N', true, 3),
  spec('CI27', 'Overdue Payments Amount', 'N', true, 15),
  spec('CI28', 'Overdue Days', 'N', true, 1, { domain: OVERDUE_BUCKETS }),
];

export const FT_FIELDS: readonly FieldSpec[] = [
  spec('FT1', 'Record Type', 'X', true, 2, { fixed: 'FT' }),
  spec('FT2', 'Provider Code', 'X', true, 8),
  spec('FT3', 'File Reference Date', 'D', true, 8),
  spec('FT4', 'Record Count', 'N', true, 10),
];

const FIELD_COUNTS: Record<string, number> = {
  HD: HD_FIELDS.length,
  ID: ID_FIELD_COUNT,
  CI: CI_FIELDS.length,
  FT: FT_FIELDS.length,
};

/** A calendar date as DDMMYYYY, or null when it is not one (31 February, 2026-02-03). */
export function parseCicDate(value: string): { year: number; month: number; day: number } | null {
  if (!/^\d{8}$/.test(value)) return null;
  const day = Number(value.slice(0, 2));
  const month = Number(value.slice(2, 4));
  const year = Number(value.slice(4));
  const date = new Date(Date.UTC(year, month - 1, day));
  if (year < 1900 || date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1) return null;
  if (date.getUTCDate() !== day) return null;
  return { year, month, day };
}

/** A Manila day (YYYY-MM-DD) as the format writes it. */
export function cicDate(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}${month}${year}`;
}

/** Whole pesos from centavos, rounded half up: the format's amounts have no decimals (ADR 0080). */
export function cicAmount(centavos: number): string {
  if (!Number.isSafeInteger(centavos) || centavos < 0)
    throw new RangeError(`an amount is a non-negative whole number of centavos (${centavos})`);
  return String(Math.floor((centavos + 50) / 100));
}

/** Free text made safe for a field: no separator, no line break, no surrounding spaces, at most `max` long. */
export function cicText(text: string | null | undefined, max: number): string {
  return (text ?? '')
    .replace(/[|\r\n\t]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max);
}

export interface CsdfProblem {
  /** 1-based line of the file; 0 for the file as a whole. */
  line: number;
  field?: string;
  message: string;
}

function checkField(spec: FieldSpec, value: string, line: number): CsdfProblem[] {
  const problem = (message: string): CsdfProblem => ({
    line,
    field: spec.id,
    message: `${spec.id} (${spec.name}): ${message}`,
  });
  if (value === '') return spec.mandatory ? [problem('mandatory field is empty')] : [];
  const problems: CsdfProblem[] = [];
  if (value.length > spec.maxLength)
    problems.push(problem(`length ${value.length} exceeds ${spec.maxLength}`));
  if (spec.fixed !== undefined && value !== spec.fixed) problems.push(problem(`expected "${spec.fixed}"`));
  if (spec.domain && !spec.domain.includes(value))
    problems.push(problem(`"${value}" is not an allowed value`));
  if (spec.type === 'D' && !parseCicDate(value)) problems.push(problem(`"${value}" is not a DDMMYYYY date`));
  if (spec.type === 'N' && !/^\d+$/.test(value)) problems.push(problem(`"${value}" is not a whole number`));
  return problems;
}

function fieldAt(fields: readonly string[], id: string): string {
  return fields[Number(id.replace(/^[A-Z]+/, '')) - 1] ?? '';
}

function ageOn(
  birth: { year: number; month: number; day: number },
  on: { year: number; month: number; day: number },
) {
  const beforeBirthday = on.month < birth.month || (on.month === birth.month && on.day < birth.day);
  return on.year - birth.year - (beforeBirthday ? 1 : 0);
}

/**
 * Every rule this project knows of the format, run before a file is stored: line ends, record order, field
 * counts, lengths, mandatory fields, fixed values and domains, dates, whole numbers, one ID per subject and
 * one CI per contract, every CI's subject present, an adult's birth date, a closed contract's end date, and
 * the footer's count. An empty list is a file the project would send.
 */
export function validateCsdf(text: string): CsdfProblem[] {
  const problems: CsdfProblem[] = [];
  if (text.charCodeAt(0) === 0xfeff)
    problems.push({ line: 0, message: 'the file starts with a byte-order mark' });
  if (!text.endsWith('\r\n')) problems.push({ line: 0, message: 'the file does not end with CRLF' });
  if (/(^|[^\r])\n/.test(text)) problems.push({ line: 0, message: 'a line ends with LF alone, not CRLF' });
  const lines = text.replace(/\r\n$/, '').split('\r\n');
  const subjects = new Set<string>();
  const contracts = new Set<string>();
  const referencedSubjects: Array<{ line: number; subjectNo: string }> = [];
  let reference: ReturnType<typeof parseCicDate> = null;
  let providerCode = '';
  lines.forEach((raw, index) => {
    const line = index + 1;
    const fields = raw.split('|');
    const kind = fields[0] ?? '';
    const expected = FIELD_COUNTS[kind];
    if (expected === undefined) {
      problems.push({ line, message: `unknown record type "${kind}"` });
      return;
    }
    const isFirst = index === 0;
    const isLast = index === lines.length - 1;
    if (isFirst !== (kind === 'HD'))
      problems.push({ line, message: 'the header HD must be the first line, and only it' });
    if (isLast !== (kind === 'FT'))
      problems.push({ line, message: 'the footer FT must be the last line, and only it' });
    const minimum = kind === 'HD' ? expected - 1 : expected;
    if (fields.length < minimum || fields.length > expected)
      problems.push({ line, message: `${kind} has ${fields.length} fields, expected ${expected}` });
    const specs =
      kind === 'HD' ? HD_FIELDS : kind === 'ID' ? ID_FIELDS : kind === 'CI' ? CI_FIELDS : FT_FIELDS;
    for (const fieldSpec of specs)
      problems.push(...checkField(fieldSpec, fieldAt(fields, fieldSpec.id), line));
    if (kind === 'HD') {
      reference = parseCicDate(fields[2] ?? '');
      providerCode = fields[1] ?? '';
      return;
    }
    if ((fields[1] ?? '') !== providerCode)
      problems.push({
        line,
        field: `${kind}2`,
        message: `${kind}2 (Provider Code): differs from the header's`,
      });
    if (kind === 'ID') {
      const subjectNo = fieldAt(fields, 'ID5');
      if (subjectNo && subjects.has(subjectNo))
        problems.push({
          line,
          field: 'ID5',
          message: `ID5 (Provider Subject No): "${subjectNo}" appears twice`,
        });
      subjects.add(subjectNo);
      const birth = parseCicDate(fieldAt(fields, 'ID14'));
      if (birth && reference) {
        const age = ageOn(birth, reference);
        if (age < 18 || age > 100)
          problems.push({
            line,
            field: 'ID14',
            message: `ID14 (Date of Birth): age ${age} is outside 18–100`,
          });
      }
      for (const [type, value] of [
        ['ID43', 'ID44'],
        ['ID54', 'ID55'],
        ['ID56', 'ID57'],
        ['ID58', 'ID59'],
        ['ID60', 'ID61'],
        ['ID78', 'ID79'],
        ['ID80', 'ID81'],
      ] as const) {
        if ((fieldAt(fields, type) === '') !== (fieldAt(fields, value) === ''))
          problems.push({
            line,
            field: type,
            message: `${type} and ${value} must be both filled or both empty`,
          });
      }
      // One number of each identification type: the same TIN twice is a builder's mistake.
      const identificationTypes = ['ID54', 'ID56', 'ID58']
        .map((id) => fieldAt(fields, id))
        .filter((type) => type !== '');
      if (new Set(identificationTypes).size !== identificationTypes.length)
        problems.push({ line, field: 'ID54', message: 'an identification type appears twice' });
    }
    if (kind === 'CI') {
      const contractNo = fieldAt(fields, 'CI7');
      if (contractNo && contracts.has(contractNo))
        problems.push({
          line,
          field: 'CI7',
          message: `CI7 (Provider Contract No): "${contractNo}" appears twice`,
        });
      contracts.add(contractNo);
      referencedSubjects.push({ line, subjectNo: fieldAt(fields, 'CI5') });
      const closed = fieldAt(fields, 'CI9') === 'CL';
      if (closed !== (fieldAt(fields, 'CI14') !== ''))
        problems.push({
          line,
          field: 'CI14',
          message: 'CI14 (Contract Actual End Date): given when, and only when, the phase is CL',
        });
    }
    if (kind === 'FT') {
      if (fieldAt(fields, 'FT3') !== (lines[0]?.split('|')[2] ?? ''))
        problems.push({
          line,
          field: 'FT3',
          message: "FT3 (File Reference Date): differs from the header's",
        });
      if (fieldAt(fields, 'FT4') !== String(lines.length))
        problems.push({
          line,
          field: 'FT4',
          message: `FT4 (Record Count): says ${fieldAt(fields, 'FT4')}, the file has ${lines.length}`,
        });
    }
  });
  for (const { line, subjectNo } of referencedSubjects) {
    if (!subjects.has(subjectNo))
      problems.push({
        line,
        field: 'CI5',
        message: `CI5 (Provider Subject No): no ID record for "${subjectNo}"`,
      });
  }
  return problems;
}
