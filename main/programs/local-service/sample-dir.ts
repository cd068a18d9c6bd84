/**
 * Where the bundled synthetic recordings and their manifest are: next to this file when run from source
 * (main/programs/local-service/sample), next to the bundle when built (dist/main/sample, copied by build.config.mjs).
 * Its own module so that the sample visit can name its recording without loading the service.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The fixture recordings the streaming recognizer knows unless told otherwise. */
export const DEFAULT_FIXTURES_DIR = join(dirname(fileURLToPath(import.meta.url)), 'sample');
