/**
 * Limits of the identity step, apart from the schemas so the capture screen checks a photo before sending it
 * without loading the schema library (api/application.ts builds its schemas from them).
 */
export const ID_IMAGE_KINDS = ['front', 'back', 'face'] as const;
export type IdImageKind = (typeof ID_IMAGE_KINDS)[number];
export const ID_IMAGE_MAX_BYTES = 8 * 1024 * 1024;
export const ID_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** Longest value of each field the identity provider reads and the borrower confirms. */
export const OCR_FIELD_MAX_LENGTHS = { idNumber: 40, fullName: 150, address: 200 } as const;
