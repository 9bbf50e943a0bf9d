import type { Config } from '../config.ts';
import { LocalDiskStorage } from './local-disk.ts';
import { S3Storage } from './s3.ts';
import type { FileStorage } from './storage.ts';

/**
 * The kinds of stored files. On the local disk each has its own directory (ATTACHMENTS_DIR,
 * DOCUMENTS_DIR, IMAGES_DIR, PRICELISTS_DIR, APPLICATIONS_DIR: applicants' CVs, ADR 092); on S3 each is a prefix in the one bucket (`attachments/…`).
 */
export type FileArea = 'attachments' | 'documents' | 'images' | 'pricelists' | 'applications';

export type FilesConfig = Pick<Config,
  'FILE_STORAGE' | 'ATTACHMENTS_DIR' | 'DOCUMENTS_DIR' | 'IMAGES_DIR' | 'PRICELISTS_DIR' | 'APPLICATIONS_DIR'
  | 'S3_ENDPOINT' | 'S3_BUCKET' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_REGION' | 'S3_FORCE_PATH_STYLE' | 'S3_PREFIX' | 'S3_TIMEOUT_MS'>;

const DIRS = { attachments: 'ATTACHMENTS_DIR', documents: 'DOCUMENTS_DIR', images: 'IMAGES_DIR', pricelists: 'PRICELISTS_DIR', applications: 'APPLICATIONS_DIR' } as const;

const storages = new Map<string, FileStorage>();

/** The storage of an area as configured: one per backend and place in a process (tests configure their own). */
export function fileStorage(config: FilesConfig, area: FileArea): FileStorage {
  const place = config.FILE_STORAGE === 's3'
    ? `s3 ${config.S3_ENDPOINT} ${config.S3_BUCKET} ${config.S3_PREFIX}${area}/ ${config.S3_ACCESS_KEY_ID}`
    : `local ${config[DIRS[area]]}`;
  let storage = storages.get(place);
  if (!storage) storages.set(place, (storage = createStorage(config, area)));
  return storage;
}

function createStorage(config: FilesConfig, area: FileArea): FileStorage {
  if (config.FILE_STORAGE !== 's3') return new LocalDiskStorage(config[DIRS[area]]);
  const { S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = config;
  // loadConfig refuses FILE_STORAGE=s3 without them; a hand-made config is checked here.
  if (!S3_ENDPOINT || !S3_BUCKET || !S3_ACCESS_KEY_ID || !S3_SECRET_ACCESS_KEY) throw new Error('FILE_STORAGE=s3 needs S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  return new S3Storage({
    endpoint: S3_ENDPOINT, bucket: S3_BUCKET, accessKeyId: S3_ACCESS_KEY_ID, secretAccessKey: S3_SECRET_ACCESS_KEY,
    region: config.S3_REGION, forcePathStyle: config.S3_FORCE_PATH_STYLE, prefix: `${config.S3_PREFIX}${area}/`, timeoutMs: config.S3_TIMEOUT_MS,
  });
}
