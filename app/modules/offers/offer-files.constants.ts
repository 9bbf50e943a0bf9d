/** A document uploaded to an offer (ADR 102): at most 20 MB. */
export const OFFER_DOC_MAX_BYTES = 20 * 1024 * 1024;

/** The upload route's request: one file and a few fields (server/app.ts BODY_LIMIT_RULES). */
export const OFFER_FILE_BODY_BYTES = OFFER_DOC_MAX_BYTES + 1024 * 1024;

/** The documents accepted, by what file-type recognises in the content. */
export const OFFER_DOC_TYPES: Readonly<Record<string, { mime: string; extension: string }>> = {
  pdf: { mime: 'application/pdf', extension: 'pdf' },
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', extension: 'docx' },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extension: 'xlsx' },
  jpg: { mime: 'image/jpeg', extension: 'jpg' },
  png: { mime: 'image/png', extension: 'png' },
  webp: { mime: 'image/webp', extension: 'webp' },
};
