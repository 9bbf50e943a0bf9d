import { fileStorage, type FilesConfig } from '#app/.server/files/files.ts';
import type { FileStorage } from '#app/.server/files/storage.ts';

/**
 * Where orders' attachments live (ADR 041, 077): the platform's file storage, area `attachments`
 * (ATTACHMENTS_DIR on the local disk, or `attachments/` in the S3 bucket). Keys are made by the
 * storage (`tmp/{uuid}` while an order is being made) and by the orders module
 * (`orders/{order id}/{uuid}`), never taken from a request.
 */
export function attachmentStorage(config: FilesConfig): FileStorage {
  return fileStorage(config, 'attachments');
}
