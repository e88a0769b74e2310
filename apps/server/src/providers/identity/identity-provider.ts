import type { OcrFields } from '@hiram/contract/api/application';
import type { Queryable } from '../../db/database.ts';

/**
 * The identity provider (GUIDE section 7): reads an ID (OCR) and matches a selfie to it. Asynchronous like
 * the real services: a request is recorded inside the caller's transaction (so it is made if and only if the
 * change that needs it commits) and the result arrives later at our signed webhook, /mati/get-echo-data.
 * The borrower's photos are in identity_images; the provider is given the request, not the pictures.
 */
export interface ReadRequest {
  /** Ours, echoed back in the webhook: a result for any other id is stale. */
  verificationId: string;
  userId: string;
  /** The borrower's brand: the webhook is called at that brand's ciphered path. */
  packageName: string;
  cardType: number;
}

export interface FaceMatchRequest {
  verificationId: string;
  userId: string;
  packageName: string;
  /** What the borrower confirmed the ID says. */
  confirmed: OcrFields;
}

export interface IdentityProvider {
  readonly name: string;
  requestRead(tx: Queryable, request: ReadRequest): Promise<void>;
  requestFaceMatch(tx: Queryable, request: FaceMatchRequest): Promise<void>;
}
