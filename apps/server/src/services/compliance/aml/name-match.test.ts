import { describe, expect, it } from 'vitest';
import { parseOpenSanctionsCsv, parseUnConsolidatedList } from './list-files.ts';
import { CANDIDATE_SCORE, isoBirthDate, nameSimilarity, nameWords, scoreAgainst } from './name-match.ts';

describe('sanctions name matching (ADR 0081)', () => {
  it('folds accents, case and punctuation', () => {
    expect(nameWords('  DELA CRUZ, María-Klara ')).toEqual(['dela', 'cruz', 'maria', 'klara']);
  });

  it('matches in any word order and through small spelling differences', () => {
    expect(nameSimilarity('Maria Clara Dela Cruz', 'DELA CRUZ MARÍA KLARA')).toBeGreaterThan(0.9);
    expect(nameSimilarity('Maria Clara Santos Dela Cruz', 'Dela Cruz Maria Clara')).toBeGreaterThan(0.9);
    expect(nameSimilarity('Jose Protasio Rizal', 'Maria Clara Dela Cruz')).toBeLessThan(0.6);
  });

  it('raises a close name with the same birth date and lowers it with another', () => {
    const person = { names: ['DELA CRUZ MARÍA KLARA'], birthDates: ['1990-05-09'] };
    const same = scoreAgainst(['Maria Clara Dela Cruz'], '1990-05-09', person);
    expect(same.score).toBeGreaterThanOrEqual(CANDIDATE_SCORE);
    expect(same.reasons).toMatchObject({ listedName: 'DELA CRUZ MARÍA KLARA', birthDate: 'same' });
    const other = scoreAgainst(['Maria Clara Dela Cruz'], '2001-01-01', person);
    expect(other.reasons.birthDate).toBe('differs');
    expect(other.score).toBeLessThan(same.score);
    expect(scoreAgainst(['Jose Rizal'], '1990-05-09', person).score).toBeLessThan(CANDIDATE_SCORE);
  });

  it("reads the borrower's held birthday", () => {
    expect(isoBirthDate('05-09-1990')).toBe('1990-05-09');
    expect(isoBirthDate('1990-05-09')).toBe('1990-05-09');
    expect(isoBirthDate('9 May 1990')).toBeNull();
  });
});

describe('sanctions list files', () => {
  it('reads the individuals of the UN consolidated list, not its entities', () => {
    const list = parseUnConsolidatedList(`<?xml version="1.0"?>
      <CONSOLIDATED_LIST dateGenerated="2026-11-20T10:00:00.000Z"><INDIVIDUALS>
        <INDIVIDUAL><DATAID>1</DATAID><FIRST_NAME>ABU</FIRST_NAME><SECOND_NAME>TESTER</SECOND_NAME>
          <REFERENCE_NUMBER>QDi.1</REFERENCE_NUMBER>
          <INDIVIDUAL_ALIAS><QUALITY>Low</QUALITY><ALIAS_NAME>Abu &amp; Tester</ALIAS_NAME></INDIVIDUAL_ALIAS>
          <INDIVIDUAL_ALIAS><QUALITY>Low</QUALITY><ALIAS_NAME/></INDIVIDUAL_ALIAS>
          <INDIVIDUAL_DATE_OF_BIRTH><FROM_YEAR>1970</FROM_YEAR><TO_YEAR>1971</TO_YEAR></INDIVIDUAL_DATE_OF_BIRTH>
          <INDIVIDUAL_DATE_OF_BIRTH><DATE>1970-02-03</DATE></INDIVIDUAL_DATE_OF_BIRTH>
        </INDIVIDUAL></INDIVIDUALS>
        <ENTITIES><ENTITY><FIRST_NAME>SOME FRONT</FIRST_NAME></ENTITY></ENTITIES></CONSOLIDATED_LIST>`);
    expect(list).toEqual({
      version: '2026-11-20T10:00:00.000Z',
      persons: [
        {
          reference: 'QDi.1',
          name: 'ABU TESTER',
          aliases: ['Abu & Tester'],
          birthDates: ['1970', '1971', '1970-02-03'],
        },
      ],
    });
    expect(parseUnConsolidatedList('<html></html>').persons).toEqual([]);
  });

  it('reads the persons of an OpenSanctions-style CSV, quoted cells and several values', () => {
    const list = parseOpenSanctionsCsv(
      'id,schema,name,aliases,birth_date,last_change\n' +
        'p1,Person,"Ana ""Ani"" Cruz","Ana Cruz;A, Cruz",1980-01-02;1981,2026-10-01T00:00:00\n' +
        'o1,Organization,Front Inc,,,2026-11-01T00:00:00\n',
    );
    expect(list).toEqual({
      version: '2026-10-01T00:00:00',
      persons: [
        {
          reference: 'p1',
          name: 'Ana "Ani" Cruz',
          aliases: ['Ana Cruz', 'A, Cruz'],
          birthDates: ['1980-01-02', '1981'],
        },
      ],
    });
    expect(parseOpenSanctionsCsv('name,other\nx,y\n').persons).toEqual([]);
  });
});
