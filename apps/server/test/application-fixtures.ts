import type { ApiName } from '@hiram/contract/api/routes';
import sharp from 'sharp';
import { expect } from 'vitest';
import {
  ADDITION_INFO,
  ANSWERS,
  basicInfo,
  REFERRED_ANSWERS,
} from '../../../e2e/support/borrower-answers.ts';
import { psgc } from '../src/domain/psgc-data.ts';
import type { TestServer } from './helper.ts';

/**
 * A borrower's answers that pass every rule, and photos the sandbox identity provider accepts or refuses
 * (docs/providers.md), for the application-flow suites. The test clock starts on 2 March 2026.
 */
const places = psgc();
export const STATE = places.states[0] as (typeof places.states)[number];
export const CITY = STATE.cities[0] as readonly [string, string];
export const OTHER_STATE = places.states[1] as (typeof places.states)[number];

export const BASIC_INFO = basicInfo({ state: STATE.code, city: CITY[0] });
export { ADDITION_INFO, ANSWERS, REFERRED_ANSWERS };

/** A picture with detail (stripes over a gradient): read, and a face found, by the sandbox. */
export async function detailedPhoto(width = 800, height = 500): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const offset = (y * width + x) * 3;
      const stripe = Math.floor(x / 20) % 2 === 0 ? 60 : 0;
      pixels[offset] = (60 + ((x * 120) / width + stripe)) | 0;
      pixels[offset + 1] = (70 + (y * 100) / height) | 0;
      pixels[offset + 2] = 90 + stripe;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg()
    .toBuffer();
}

/** One flat colour: 'blurry' when dark, 'glare' when white, 'notAnId' when grey; 'faceNotFound' as a selfie. */
export function flatPhoto(
  colour: string,
  width = 800,
  height = 500,
  format: 'jpeg' | 'png' = 'jpeg',
): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: colour } });
  return (format === 'png' ? image.png() : image.jpeg()).toBuffer();
}

export function expectOk(name: ApiName, answer: { status: number; body: unknown }) {
  expect(answer.status, `${name}: ${JSON.stringify(answer.body)}`).toBe(200);
}

export type Step = 'basicInfo' | 'additionInfo' | 'identity' | 'questionnaire' | 'bankAccount';

/** Takes a signed-in borrower through the steps, in order (from the first, or `from`), up to `last`. */
export async function completeSteps(
  server: TestServer,
  token: string,
  last: Step,
  options: { from?: Step } = {},
): Promise<void> {
  const order: Step[] = ['basicInfo', 'additionInfo', 'identity', 'questionnaire', 'bankAccount'];
  for (const step of order.slice(order.indexOf(options.from ?? 'basicInfo'), order.indexOf(last) + 1)) {
    if (step === 'basicInfo')
      expectOk('saveBasicInfo', await server.call('saveBasicInfo', BASIC_INFO, { token }));
    if (step === 'additionInfo')
      expectOk('saveAdditionInfo', await server.call('saveAdditionInfo', ADDITION_INFO, { token }));
    if (step === 'identity') {
      const photo = await detailedPhoto();
      for (const name of ['uploadIdFront', 'uploadIdBack', 'saveFaceImage'] as const)
        expectOk(name, await server.upload(name, { file: photo }, { token }));
      expectOk('idCardOcr', await server.call('idCardOcr', { cardType: 5 }, { token }));
      await server.settle();
      const card = await server.call('identityCard', {}, { token });
      expect(card.body.data.state).toBe('read');
      const confirmed = card.body.data.ocr as Record<string, string>;
      expectOk('finishUploadAllImg', await server.call('finishUploadAllImg', confirmed, { token }));
      await server.settle();
    }
    if (step === 'questionnaire')
      expectOk('saveQuestionnaire', await server.call('saveQuestionnaire', { answers: ANSWERS }, { token }));
    if (step === 'bankAccount') {
      const account = {
        accountKind: 'wallet',
        bankCode: '90005',
        holderName: 'Maria Clara Dela Cruz',
        accountNumber: '09171112222',
        confirmAccountNumber: '09171112222',
      };
      expectOk('addBankCard', await server.call('addBankCard', account, { token }));
      await server.settle();
    }
  }
}
