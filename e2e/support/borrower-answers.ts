import {
  CONTACT_RELATIONSHIPS,
  EDUCATION_LEVELS,
  INDUSTRIES,
  JOB_EXPERIENCE,
  MARITAL_STATUSES,
  PREFERRED_LANGUAGES,
  RESIDENCE_TYPES,
  SALARY_BANDS,
} from '@hiram/contract/options';
import { QUESTIONNAIRE } from '@hiram/contract/questionnaire';

/**
 * One borrower's answers that pass every rule and that the assessment approves: the server suites
 * (apps/server/test/application-fixtures.ts) and the API-driven journeys (api-borrower.ts) both send these.
 */
export function basicInfo(place: { state: string; city: string }) {
  return {
    firstName: 'Maria Clara',
    middleName: 'Santos',
    lastName: 'Dela Cruz',
    gender: 2,
    inputBirthday: '05-09-1990',
    education: EDUCATION_LEVELS[0].value,
    maritalStatus: MARITAL_STATUSES[0].value,
    language: PREFERRED_LANGUAGES[0].value,
    cardType: 5,
    nationalId: '1234567890123456',
    facebook: 'https://facebook.com/maria',
    email: 'maria@example.ph',
    state: place.state,
    city: place.city,
    address: '12 Rizal Street, Barangay Uno',
    residenceType: RESIDENCE_TYPES[0].value,
  };
}

export const ADDITION_INFO = {
  employmentType: 'employed',
  industryCategory: INDUSTRIES[0].value,
  jobExperience: JOB_EXPERIENCE[0].value,
  monthlySalary: SALARY_BANDS[0].value,
  payFrequency: 'monthly',
  monthlyPayday: 15,
  emergencyContactName1: 'Jose Rizal',
  emergencyContactMobile1: '09181234567',
  emergencyContactRelation1: CONTACT_RELATIONSHIPS[0].value,
  emergencyContactName2: 'Andres Bonifacio',
  emergencyContactMobile2: '09191234567',
  emergencyContactRelation2: CONTACT_RELATIONSHIPS[1].value,
};

/** The first option of every question: no missed payments, no overdue loans. */
export const ANSWERS = QUESTIONNAIRE.map((question) => ({
  code: question.code,
  answer: (question.options[0] as { value: string }).value,
}));

/**
 * Answers that land in the assessment's refer band (ADR 0031): one loan overdue elsewhere right now, so a
 * reviewer decides in the back office.
 */
export const REFERRED_ANSWERS = ANSWERS.map((entry) =>
  entry.code === 11 ? { ...entry, answer: '1' } : entry,
);
