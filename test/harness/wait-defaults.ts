/**
 * A vitest setup file: `vi.waitFor` waits as long as `until` does (test/harness/until.ts) unless a test
 * says otherwise. Its own default is 1 s, a tight limit that a loaded machine overruns; `expect.poll`'s
 * default is set in the vitest configs the same way.
 */
import { vi } from 'vitest';
import { WAIT_LIMIT_MS } from './until.ts';

const waitFor = vi.waitFor.bind(vi);
vi.waitFor = ((callback, options) =>
  waitFor(
    callback,
    typeof options === 'number' ? options : { timeout: WAIT_LIMIT_MS, ...options },
  )) as typeof vi.waitFor;
