import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  ERROR_CODES,
  IpcErrorSchema,
  LIMIT_RULES,
  RESERVED_KEY_USES,
  JOB_REASONS,
  type JobReason,
  type LimitParams,
} from '../../../preload/contract/index.ts';
import { LOCALES, formatError, serviceNoteText } from '../../../preload/words/index.ts';
import { Failure } from '../../../main/base/failure.ts';
import { JobError } from '../../../main/core/api/errors.ts';
import { toFailure } from '../../../main/core/ipc/error-mapping.ts';
import { describeFailure } from '../../../main/shells/cli/io.ts';
import { checkMaxChars } from '../../../main/core/api/limits.ts';

const ERROR_TEXT = LOCALES.en.errors;
const REASON_TEXT = LOCALES.en.reasons;

const CANARY = 'Patient Jane Canary, chest pain since Tuesday';

describe('the words of an expected failure', () => {
  it('has words for every reason and every limit rule, and states counts of a limit', () => {
    for (const [code, reasons] of Object.entries(REASON_TEXT)) {
      for (const reason of Object.keys(reasons)) {
        const words = formatError({ code, params: { reason } as never });
        expect(words.length, `${code}/${reason}`).toBeGreaterThan(10);
        expect(words).not.toBe(ERROR_TEXT[code as keyof typeof ERROR_TEXT]);
      }
    }
    for (const rule of LIMIT_RULES) {
      const params: LimitParams = { rule, subject: 'extra_context', limit: 10_000, actual: 10_001 };
      expect(formatError({ code: 'limit_exceeded', params }).length, rule).toBeGreaterThan(10);
      expect(IpcErrorSchema.safeParse({ code: 'limit_exceeded', params, retryable: false }).success).toBe(
        true,
      );
    }
    expect(
      formatError({
        code: 'limit_exceeded',
        params: { rule: 'too_long', subject: 'extra_context', limit: 10_000, actual: 10_001 },
      }),
    ).toBe('The extra context is 10,001 characters; the limit is 10,000. Shorten it by 1.');
    expect(
      formatError({ code: 'policy_locked', params: { setting: 'secondMicrophone', source: 'organization' } }),
    ).toBe('Patient input: set by your organization, so it cannot be changed here.');
  });

  it('gives useful general words for a code or reason it does not know', () => {
    expect(formatError({ code: 'from_a_newer_main' })).toBe(ERROR_TEXT.internal);
    expect(formatError({ code: 'no_note', params: { reason: 'unheard_of' } as never })).toBe(
      ERROR_TEXT.no_note,
    );
    for (const code of ERROR_CODES) expect(formatError({ code })).toBe(ERROR_TEXT[code]);
  });

  it('refuses params that could carry free text: unknown reasons, subjects, keys, names and extra fields', () => {
    const refused = [
      { code: 'invalid_request', params: { reason: CANARY } },
      { code: 'invalid_request', params: { reason: 'private_key_unreadable' } }, // another code's reason
      { code: 'limit_exceeded', params: { rule: CANARY } },
      { code: 'limit_exceeded', params: { rule: 'too_long', subject: CANARY } },
      { code: 'limit_exceeded', params: { rule: 'too_long', limit: CANARY } },
      { code: 'limit_exceeded', params: { rule: 'too_long', field: CANARY } },
      { code: 'policy_locked', params: { setting: CANARY, source: 'organization' } },
      { code: 'dictation_setting_refused', params: { reason: 'key_refused', keys: [CANARY] } },
      { code: 'config_invalid', params: { reason: 'private_key_file_unreadable', errno: CANARY } },
      { code: 'no_note', params: { setting: 'noteLocale', source: 'organization' } }, // not this code's params
      { code: 'not_connected', params: { reason: 'already_open' } },
      { code: 'internal', message: CANARY },
    ];
    for (const error of refused) {
      expect(IpcErrorSchema.safeParse({ retryable: false, ...error }).success, JSON.stringify(error)).toBe(
        false,
      );
    }
  });

  it('keeps content out of a Failure and its words, in the window and the CLI', () => {
    let thrown: unknown;
    try {
      checkMaxChars(CANARY.repeat(300), 10_000, 'unstructured_context', 'extra_context');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Failure);
    const failure = thrown as Failure;
    expect(formatError(failure)).toMatch(/^The extra context is [\d,]+ characters; the limit is 10,000/);
    expect(JSON.stringify(failure.toIpcError())).not.toContain('Canary');
    const cli = describeFailure(thrown);
    expect(cli).toEqual({ line: `${formatError(failure)} Nothing was sent.`, exitCode: 3 });
    // A foreign error's message is never words: the class name only.
    expect(formatError(toFailure(new Error(CANARY)))).toBe(ERROR_TEXT.internal);
    expect(describeFailure(new TypeError(CANARY)).line).not.toContain('Canary');
  });

  it('names every reserved key use the chord rules name, so a refused key keeps its reason', () => {
    const rules = readFileSync(new URL('../../../main/base/chords/chord-rules.ts', import.meta.url), 'utf8');
    const uses = [...rules.matchAll(/what: '([^']+)'/g)].map((m) => m[1]);
    expect(uses.length).toBeGreaterThan(20);
    for (const use of uses) expect(RESERVED_KEY_USES).toContain(use);
    expect(
      formatError({
        code: 'dictation_setting_refused',
        params: { reason: 'key_reserved', use: 'copy', keys: ['F9'] },
      }),
    ).toBe('That key is kept for copy; choose another key. Free keys: F9.');
  });

  it('is free of zod, so the renderer can import it: every file of preload/words', () => {
    const root = new URL('../../../preload/words/', import.meta.url);
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
    expect(files).toEqual(
      expect.arrayContaining(['index.ts', 'words.ts', 'en/catalogue.ts', 'build/failures.ts']),
    );
    for (const file of files) {
      const text = readFileSync(new URL(file, root), 'utf8');
      expect(text, file).not.toMatch(/from 'zod'/);
      // Values only from the contract's zod-free modules (the zod ones may be imported as types).
      for (const [line] of text.matchAll(
        /^import (?!type )[^;]*from '[^']*contract\/(index|errors|events|channels|api|dto-[^']*)\.ts';/gm,
      ))
        expect.fail(`${file}: ${line}`);
    }
  });

  it('words a job that gave no result from one table, for the window and the CLI alike', () => {
    for (const [reason, code] of Object.entries(JOB_REASONS)) {
      const error = new JobError(reason as JobReason, { operation: 'generate-note', status: 404 });
      const failure = toFailure(error).toIpcError();
      expect(failure).toMatchObject({ code, params: { reason } });
      expect(IpcErrorSchema.safeParse(failure).success).toBe(true);
      expect(formatError(failure)).toBe(serviceNoteText(error.note));
      expect(describeFailure(error).line).toBe(`${formatError(failure)} (HTTP 404)`);
    }
    // A failed job the service explains with a known code keeps that code's words.
    const short = new JobError('job_failed', { code: 83005 });
    expect(toFailure(short).toIpcError()).toEqual({ code: 'transcript_too_short', retryable: false });
  });

  it('never offers the sample visit in a failure: a managed install may not have one (issue 31 item 5)', () => {
    for (const locale of ['en', 'fr', 'es'] as const)
      expect(LOCALES[locale].errors.not_connected).not.toMatch(/sample|exemple|ejemplo/i);
  });
});
