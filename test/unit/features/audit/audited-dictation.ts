/**
 * The canary tests' set-up: a scripted dictation into Word through the real DictationService, its reports
 * recorded by a real AuditLog in a folder of its own. `auditedDictations()`, called once at the top of a
 * test file, removes that folder after each test.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import type { DictationServiceOptions } from '../../../../main/features/dictation/dictation-service-options.ts';
import { scriptedOpen } from '../dictation/scripted-session.ts';
import {
  auditDictation,
  scriptedDictationService,
  trailIn,
  wordInserter,
} from '../dictation/scripted-service.ts';

export function auditedDictations() {
  let dir = '';
  afterEach(() => rm(dir, { recursive: true, force: true }));
  return async function start(options: Partial<DictationServiceOptions> = {}) {
    dir = await mkdtemp(join(tmpdir(), 'audit-canary-'));
    const audit = trailIn(dir);
    const inserter = wordInserter();
    const { open, sessions } = scriptedOpen();
    const dictation = scriptedDictationService({ ...options, open, inserter });
    auditDictation(audit, dictation);
    /** Every file of the trail's folder, as one text. */
    const raw = async (): Promise<string> => {
      const files = await readdir(dir);
      return (await Promise.all(files.map((f) => readFile(join(dir, f), 'utf8')))).join('\n');
    };
    return { audit, inserter, sessions, dictation, raw };
  };
}
