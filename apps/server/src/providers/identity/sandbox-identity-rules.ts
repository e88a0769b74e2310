import type { IdentityCard, OcrFields } from '@hiram/contract/api/application';
import { OCR_FIELD_MAX_LENGTHS } from '@hiram/contract/identity-rules';
import { parseBirthday } from '@hiram/contract/profile';
import { findState, type PsgcData } from '@hiram/contract/psgc';
import type { PhotoStats } from '../../domain/id-photo.ts';

/**
 * What the sandbox identity provider decides, from the photos' statistics and the borrower's saved profile
 * (docs/providers.md lists these rules for testers; keep the two together).
 */
export type IdentityFailure = NonNullable<IdentityCard['failure']>;

export const SANDBOX_IDENTITY_RULES = {
  /** An ID photo whose shorter side has fewer pixels cannot be read: 'blurry'. */
  minShortSide: 300,
  /** An ID photo darker than this on average (0 to 255): 'blurry'. */
  darkBelow: 40,
  /** An ID photo brighter than this on average: 'glare'. */
  glareAbove: 225,
  /** An ID photo whose brightness varies less than this (a blank sheet, a wall): 'notAnId'. */
  blankBelow: 8,
  /** A selfie whose colours vary less than this (a covered camera, a plain wall): 'faceNotFound'. */
  faceFlatBelow: 10,
} as const;

export function readFailure(front: PhotoStats): IdentityFailure | null {
  const rules = SANDBOX_IDENTITY_RULES;
  if (Math.min(front.width, front.height) < rules.minShortSide) return 'blurry';
  if (front.luminanceMean < rules.darkBelow) return 'blurry';
  if (front.luminanceMean > rules.glareAbove) return 'glare';
  if (front.luminanceStdev < rules.blankBelow) return 'notAnId';
  return null;
}

function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[^a-zñ]+/g, ' ')
    .split(' ')
    .filter((word) => word !== '');
}

/**
 * 'faceNotFound' for a flat selfie; 'faceMismatch' when the confirmed name lacks a word of the profile's
 * first or last name (the ID, and so the face on it, is someone else's).
 */
export function faceMatchFailure(
  face: PhotoStats,
  confirmedName: string,
  profile: Record<string, unknown> | null,
): IdentityFailure | null {
  if (face.colourStdev < SANDBOX_IDENTITY_RULES.faceFlatBelow) return 'faceNotFound';
  const confirmed = new Set(words(confirmedName));
  const expected = [profile?.firstName, profile?.lastName].flatMap((name) =>
    typeof name === 'string' ? words(name) : [],
  );
  if (expected.some((word) => !confirmed.has(word))) return 'faceMismatch';
  return null;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** What the sandbox "reads" off the ID: the borrower's own saved details, as an ID prints them. */
export function readFields(profile: Record<string, unknown> | null, places: PsgcData): Partial<OcrFields> {
  if (!profile) return {};
  const fields: Partial<OcrFields> = {};
  const name = [profile.firstName, profile.middleName, profile.lastName].map(text).filter(Boolean).join(' ');
  if (name) fields.fullName = name.toUpperCase().slice(0, OCR_FIELD_MAX_LENGTHS.fullName);
  const birthday = text(profile.inputBirthday);
  if (parseBirthday(birthday)) fields.birthday = birthday;
  const state = findState(places, text(profile.state));
  const city = state?.cities.find(([code]) => code === text(profile.city))?.[1];
  const address = [text(profile.address), city, state?.name].filter(Boolean).join(', ');
  if (address) fields.address = address.slice(0, OCR_FIELD_MAX_LENGTHS.address);
  const idNumber = text(profile.nationalId);
  if (idNumber) fields.idNumber = idNumber.slice(0, OCR_FIELD_MAX_LENGTHS.idNumber);
  return fields;
}
