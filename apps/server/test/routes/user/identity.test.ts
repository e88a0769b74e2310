import { ERRORS } from '@hiram/contract/errors';
import { FIELD_MESSAGES } from '@hiram/contract/field-messages';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ID_PHOTOS_PER_USER_PER_HOUR,
  IDENTITY_CHECKS_PER_USER_PER_HOUR,
} from '../../../src/domain/limits.ts';
import { PROVIDER_ANSWER_TIMEOUT_SECONDS } from '../../../src/services/identity/identity.ts';
import {
  BASIC_INFO,
  CITY,
  completeSteps,
  detailedPhoto,
  flatPhoto,
  STATE,
} from '../../application-fixtures.ts';
import { type Answer, startTestServer, type TestServer } from '../../helper.ts';

let server: TestServer;
let photo: Buffer;
beforeAll(async () => {
  server = await startTestServer();
  photo = await detailedPhoto();
});
afterAll(() => server.close());

function fields(answer: Answer): Record<string, string> {
  const list = (answer.body.data as { fields?: { field: string; message: string }[] } | null)?.fields ?? [];
  return Object.fromEntries(list.map((entry) => [entry.field, entry.message]));
}

/** A borrower with a saved profile and both sides of the ID uploaded. */
async function borrowerWithId(front: Buffer = photo): Promise<{ token: string; userId: string }> {
  const { token, userId } = await server.signIn();
  await completeSteps(server, token, 'basicInfo');
  expect(
    (await server.upload('uploadIdFront', { file: front, fields: { cardType: '5' } }, { token })).status,
  ).toBe(200);
  expect((await server.upload('uploadIdBack', { file: photo }, { token })).status).toBe(200);
  return { token, userId };
}

async function card(token: string) {
  return (await server.call('identityCard', {}, { token })).body.data;
}

async function imageOf(token: string, kind: 'front' | 'back' | 'face') {
  return server.call('identityImage', { kind }, { token });
}

async function readId(token: string) {
  const started = await server.call('idCardOcr', { cardType: 5 }, { token });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  expect(started.body.data.state).toBe('reading');
  await server.settle();
  return card(token);
}

describe('uploading ID and face photos', () => {
  it('keeps a photo re-encoded as JPEG and answers its size', async () => {
    const { token } = await server.signIn();
    const answer = await server.upload(
      'uploadIdFront',
      { file: photo, fields: { cardType: '3' } },
      { token },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ kind: 'front', width: 800, height: 500 });
    expect(answer.body.data.bytes).toBeGreaterThan(1000);
    const state = await card(token);
    expect(state).toMatchObject({
      cardType: 3,
      images: { front: true, back: false, face: false },
      state: 'incomplete',
    });
  });

  it('takes PNG and WebP by their content, whatever the name, and serves them as JPEG', async () => {
    const { token } = await server.signIn();
    const png = await sharp(photo).png().toBuffer();
    const webp = await sharp(photo).webp().toBuffer();
    expect((await server.upload('uploadIdBack', { file: png, filename: 'back.jpg' }, { token })).status).toBe(
      200,
    );
    expect(
      (
        await server.upload(
          'saveFaceImage',
          { file: webp, filename: 'selfie', contentType: 'text/plain' },
          { token },
        )
      ).status,
    ).toBe(200);
    for (const kind of ['back', 'face'] as const) {
      const image = await server.app.inject({
        method: 'GET',
        url: `/api/user/identity-image?kind=${kind}`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/jpeg');
      expect(image.headers['cache-control']).toBe('private, no-store');
      expect((await sharp(image.rawPayload).metadata()).format).toBe('jpeg');
    }
  });

  it('strips EXIF (GPS position included), turns the picture upright and caps its longest side', async () => {
    const { token } = await server.signIn();
    const withGps = await sharp(await detailedPhoto(3000, 1200))
      .jpeg()
      .withMetadata({
        orientation: 6,
        exif: {
          IFD0: { Make: 'PhoneMaker', Model: 'Phone 1' },
          IFD3: {
            GPSLatitudeRef: 'N',
            GPSLatitude: '14/1 35/1 0/1',
            GPSLongitudeRef: 'E',
            GPSLongitude: '120/1 59/1 0/1',
          },
        },
      })
      .toBuffer();
    const before = await sharp(withGps).metadata();
    expect(before.exif?.includes(Buffer.from('PhoneMaker'))).toBe(true);
    const answer = await server.upload('uploadIdFront', { file: withGps }, { token });
    // Orientation 6 is a quarter turn: 3000 × 1200 becomes 1200 × 3000, then 800 × 2000.
    expect(answer.body.data).toMatchObject({ width: 800, height: 2000 });
    const image = await server.app.inject({
      method: 'GET',
      url: '/api/user/identity-image?kind=front',
      headers: { authorization: `Bearer ${token}` },
    });
    const after = await sharp(image.rawPayload).metadata();
    expect([after.width, after.height]).toEqual([800, 2000]);
    expect(after.exif).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(image.rawPayload.includes(Buffer.from('PhoneMaker'))).toBe(false);
    expect(image.rawPayload.includes(Buffer.from('GPS'))).toBe(false);
  });

  it('refuses what is not a photo, in the borrower’s language, keeping nothing', async () => {
    const { token } = await server.signIn();
    const png = await flatPhoto('#777777', 400, 300, 'png');
    const disguised = [
      [Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj << /Type /Catalog >> endobj\n'), 'id.jpg', ERRORS.NOT_AN_IMAGE],
      [Buffer.from('This is my ID, honestly.'), 'id.jpg', ERRORS.NOT_AN_IMAGE],
      [Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;'), 'id.png', ERRORS.NOT_AN_IMAGE],
      [Buffer.concat([png.subarray(0, 40), Buffer.alloc(4000, 7)]), 'id.png', ERRORS.IMAGE_UNREADABLE],
      [photo.subarray(0, photo.length / 2), 'id.jpg', ERRORS.IMAGE_UNREADABLE],
    ] as const;
    for (const [file, filename, error] of disguised) {
      const answer = await server.upload('uploadIdFront', { file, filename }, { token, lang: 'fil' });
      expect(answer.status, filename).toBe(error.status);
      expect(answer.body).toEqual({
        code: error.code,
        msg: error.message.fil,
        data: null,
        requestId: expect.any(String),
      });
    }
    expect((await card(token)).images.front).toBe(false);
  });

  it('refuses a photo over 8 MiB with 413 and says the limit', async () => {
    const { token } = await server.signIn();
    const big = Buffer.concat([photo, Buffer.alloc(8 * 1024 * 1024)]);
    const answer = await server.upload('saveFaceImage', { file: big }, { token });
    expect(answer.status).toBe(413);
    expect(answer.body.msg).toBe('The photo is too large: at most 8 MB');
  });

  it('refuses an ID type that is not in the list', async () => {
    const { token } = await server.signIn();
    for (const cardType of ['12', 'abc', '-1']) {
      const answer = await server.upload('uploadIdFront', { file: photo, fields: { cardType } }, { token });
      expect(answer.status, cardType).toBe(400);
      expect(Object.keys(fields(answer))).toEqual(['cardType']);
    }
  });
});

describe('limits per borrower', () => {
  it('takes a bounded number of photos and identity checks an hour', async () => {
    const { token, userId } = await borrowerWithId();
    const now = server.clock.now().toISOString();
    for (const [scope, count] of [
      ['id-photo', ID_PHOTOS_PER_USER_PER_HOUR],
      ['identity-check', IDENTITY_CHECKS_PER_USER_PER_HOUR],
    ] as const) {
      await server.db.query(
        `insert into rate_limit_hits (scope, subject, hit_at) select $1, $2, $3 from generate_series(1, $4)`,
        [scope, userId, now, count],
      );
    }
    const upload = await server.upload('saveFaceImage', { file: photo }, { token });
    expect(upload.status).toBe(429);
    expect(upload.body.code).toBe(ERRORS.TOO_MANY_REQUESTS.code);
    expect((await server.call('idCardOcr', { cardType: 5 }, { token })).status).toBe(429);
    server.clock.advance(3601);
    expect((await server.call('idCardOcr', { cardType: 5 }, { token })).status).toBe(200);
  });
});

describe('serving a borrower’s own photos', () => {
  it('serves the owner’s photo and answers 404 to anyone else and for a missing one', async () => {
    const owner = await server.signIn();
    const other = await server.signIn();
    await server.upload('uploadIdFront', { file: photo }, { token: owner.token });
    const own = await imageOf(owner.token, 'front');
    expect(own.status).toBe(200);
    // Opened at its address, the photo is saved as a file, not shown as a page of our origin.
    expect(own.headers['content-disposition']).toBe('attachment; filename="front.jpg"');
    expect(own.headers['x-content-type-options']).toBe('nosniff');
    for (const [token, kind] of [
      [other.token, 'front'],
      [owner.token, 'back'],
      [owner.token, 'face'],
    ] as const) {
      const answer = await imageOf(token, kind);
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({
        code: ERRORS.NOT_FOUND.code,
        msg: 'We could not find what you were looking for. Please go back and try again',
        data: null,
        requestId: expect.any(String),
      });
    }
    // Unknown fields cannot name another borrower.
    const smuggled = await server.call('identityImage', { kind: 'front', userId: owner.userId } as never, {
      token: other.token,
    });
    expect(smuggled.status).toBe(404);
    expect(
      (await server.call('identityImage', { kind: 'passport' } as never, { token: owner.token })).status,
    ).toBe(400);
    expect((await server.call('identityImage', { kind: 'front' })).body.code).toBe(ERRORS.NOT_LOGGED_IN.code);
  });
});

describe('reading the ID (otherCardOcr) with the sandbox provider', () => {
  it('needs both sides of the ID first', async () => {
    const { token } = await server.signIn();
    await server.upload('uploadIdFront', { file: photo }, { token });
    const answer = await server.call('idCardOcr', { cardType: 5 }, { token, lang: 'fil' });
    expect(answer.status).toBe(400);
    expect(fields(answer)).toEqual({ back: FIELD_MESSAGES.photoRequired.fil });
    const badType = await server.call('idCardOcr', { cardType: 99 }, { token });
    expect(Object.keys(fields(badType))).toEqual(['cardType']);
  });

  it('reads the borrower’s details asynchronously, for the borrower to confirm', async () => {
    const { token } = await borrowerWithId();
    const started = await server.call('idCardOcr', { cardType: 5 }, { token });
    expect(started.body.data).toMatchObject({ state: 'reading', cardType: 5, ocr: null, failure: null });
    const { verificationId } = (await server.call('identityVerificationNumber', {}, { token })).body.data;
    expect(verificationId).toMatch(/^[0-9a-f-]{36}$/);
    await server.settle();
    const read = await card(token);
    expect(read.state).toBe('read');
    expect(read.ocr).toEqual({
      idNumber: BASIC_INFO.nationalId,
      fullName: 'MARIA CLARA SANTOS DELA CRUZ',
      birthday: BASIC_INFO.inputBirthday,
      address: `${BASIC_INFO.address}, ${CITY[1]}, ${STATE.name}`,
    });
  });

  it.each([
    ['a dark photo', () => flatPhoto('#101010'), 'blurry'],
    ['a tiny photo', () => detailedPhoto(280, 200), 'blurry'],
    ['an overexposed photo', () => flatPhoto('#f4f4f4'), 'glare'],
    ['a blank grey sheet', () => flatPhoto('#808080'), 'notAnId'],
  ] as const)('fails to read %s, with the reason for the tips', async (_name, make, failure) => {
    const { token } = await borrowerWithId(await make());
    const read = await readId(token);
    expect(read).toMatchObject({ state: 'readFailed', failure, ocr: null });
  });

  it('starts again from a new ID photo after a failed read', async () => {
    const { token } = await borrowerWithId(await flatPhoto('#101010'));
    expect((await readId(token)).state).toBe('readFailed');
    await server.upload('uploadIdFront', { file: photo }, { token });
    expect(await card(token)).toMatchObject({ state: 'incomplete', failure: null });
    expect((await readId(token)).state).toBe('read');
  });

  it('ignores the late answer to a read that a new photo replaced', async () => {
    const { token } = await borrowerWithId();
    await server.call('idCardOcr', { cardType: 5 }, { token });
    await server.upload('uploadIdBack', { file: photo }, { token });
    await server.settle();
    expect(await card(token)).toMatchObject({ state: 'incomplete', ocr: null });
  });

  it('shows a read the provider never answered as failed after two minutes, and takes the late answer', async () => {
    const { token } = await borrowerWithId();
    await server.call('idCardOcr', { cardType: 5 }, { token });
    server.clock.advance(PROVIDER_ANSWER_TIMEOUT_SECONDS + 1);
    expect(await card(token)).toMatchObject({ state: 'readFailed', failure: null });
    await server.settle();
    expect((await card(token)).state).toBe('read');
  });
});

describe('confirming what was read and matching the face (finishUploadAllImg)', () => {
  it('names every missing photo and the missing read', async () => {
    const { token } = await server.signIn();
    const confirmed = { idNumber: '1234', fullName: 'Maria', birthday: '05-09-1990', address: 'Somewhere' };
    const answer = await server.call('finishUploadAllImg', confirmed, { token });
    expect(fields(answer)).toEqual({
      front: FIELD_MESSAGES.photoRequired.en,
      back: FIELD_MESSAGES.photoRequired.en,
      face: FIELD_MESSAGES.photoRequired.en,
      ocr: FIELD_MESSAGES.idNotRead.en,
    });
  });

  it('needs every read field (SPEC section 5) and a selfie', async () => {
    const { token } = await borrowerWithId();
    const { ocr } = await readId(token);
    const blank = await server.call(
      'finishUploadAllImg',
      { ...ocr, fullName: '   ', address: '' },
      { token },
    );
    expect(Object.keys(fields(blank)).sort()).toEqual(['address', 'fullName']);
    const noFace = await server.call('finishUploadAllImg', { ...ocr }, { token });
    expect(fields(noFace)).toEqual({ face: FIELD_MESSAGES.photoRequired.en });
  });

  it('verifies a borrower whose selfie shows a face and whose confirmed name is theirs', async () => {
    const { token } = await borrowerWithId();
    const { ocr } = await readId(token);
    await server.upload('saveFaceImage', { file: photo }, { token });
    const corrected = { ...ocr, address: 'Unit 4, 12 Rizal Street, Bangued' };
    const answer = await server.call('finishUploadAllImg', corrected, { token });
    expect(answer.body.data).toMatchObject({ state: 'matching', confirmed: corrected });
    await server.settle();
    expect(await card(token)).toMatchObject({ state: 'verified', failure: null, confirmed: corrected });
    const progress = (await server.call('applicationProgress', {}, { token })).body.data;
    expect(progress.completed.identity).toBe(true);
  });

  it('fails a flat selfie with faceNotFound, and a new selfie tries again', async () => {
    const { token } = await borrowerWithId();
    const { ocr } = await readId(token);
    await server.upload('saveFaceImage', { file: await flatPhoto('#c08060') }, { token });
    await server.call('finishUploadAllImg', { ...ocr }, { token });
    await server.settle();
    expect(await card(token)).toMatchObject({ state: 'matchFailed', failure: 'faceNotFound' });
    await server.upload('saveFaceImage', { file: photo }, { token });
    expect(await card(token)).toMatchObject({ state: 'read', failure: null });
    await server.call('finishUploadAllImg', { ...ocr }, { token });
    await server.settle();
    expect((await card(token)).state).toBe('verified');
  });

  it('fails with faceMismatch when the confirmed name is not the borrower’s', async () => {
    const { token } = await borrowerWithId();
    const { ocr } = await readId(token);
    await server.upload('saveFaceImage', { file: photo }, { token });
    await server.call('finishUploadAllImg', { ...ocr, fullName: 'JUAN DELA CRUZ' }, { token });
    await server.settle();
    expect(await card(token)).toMatchObject({ state: 'matchFailed', failure: 'faceMismatch' });
  });

  it('undoes the verification when the ID photo changes', async () => {
    const { token } = await server.signIn();
    await completeSteps(server, token, 'identity');
    expect((await card(token)).state).toBe('verified');
    await server.upload('uploadIdBack', { file: photo }, { token });
    expect(await card(token)).toMatchObject({ state: 'incomplete', ocr: null, confirmed: null });
    expect((await server.call('applicationProgress', {}, { token })).body.data.nextStep).toBe(
      'id_card_authentication',
    );
  });
});
