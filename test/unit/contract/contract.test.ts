import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CHANNEL_NAMES,
  ERROR_CODES,
  EVENT_NAMES,
  INPUT_LIMITS,
  SPEAKERS,
  channels,
  charCount,
  fail,
  events,
  methodName,
  subscriptionName,
} from '../../../preload/contract/index.ts';
import { LOCALES, formatError } from '../../../preload/words/index.ts';
import { LIMITS, charCount as apiCharCount } from '../../../main/core/api/limits.ts';
import { SPEAKER_TYPES } from '../../../main/core/api/schemas/common.ts';

const ERROR_TEXT = LOCALES.en.errors;

const request = (channel: keyof typeof channels, raw: unknown) => channels[channel].request.safeParse(raw);

describe('preload contract', () => {
  it('names one distinct preload function per channel and one subscription per event', () => {
    const names = CHANNEL_NAMES.map(methodName);
    expect(new Set(names).size).toBe(CHANNEL_NAMES.length);
    expect(methodName('note:editSection')).toBe('noteEditSection');
    expect(methodName('dotPhrases:bulk')).toBe('dotPhrasesBulk');
    expect(subscriptionName('visit:transcript')).toBe('onVisitTranscript');
    for (const name of names) expect(name).toMatch(/^[a-z][A-Za-z]+$/);
    expect(new Set(EVENT_NAMES.map(subscriptionName)).size).toBe(EVENT_NAMES.length);
  });

  it('refuses a visit without consent, with no or three locales, and never echoes values', () => {
    const base = {
      consentAcknowledged: true,
      locales: ['ENGLISH_US'],
      speakers: { mode: 'single', deviceId: 'mic' },
    };
    expect(request('visit:start', base).success).toBe(true);
    for (const bad of [
      { ...base, consentAcknowledged: false },
      { ...base, locales: [] },
      { ...base, locales: ['ENGLISH_US', 'FRENCH_FR', 'SPANISH_ES'] },
      { ...base, speakers: { mode: 'dual', clinicianDeviceId: 'a' } },
    ]) {
      expect(request('visit:start', bad).success).toBe(false);
    }
  });

  it('keeps a bulk dot phrase save within 1,000 items (main sends them in requests of 100)', () => {
    const items = (n: number) => Array.from({ length: n }, (_, i) => ({ trigger: `.p${i}`, expansion: 'x' }));
    expect(request('dotPhrases:bulk', { op: 'create', items: items(1_000) }).success).toBe(true);
    expect(request('dotPhrases:bulk', { op: 'create', items: items(1_001) }).success).toBe(false);
  });

  it('refuses a malformed answer or event, and strips fields the contract does not name', () => {
    expect(channels['visit:state'].response.safeParse({ phase: 'nonsense' }).success).toBe(false);
    const canary = 'CANARY-patient-phrase';
    const answer = channels['copy:note'].response.parse({ chars: 3, transient: true, text: canary });
    expect(JSON.stringify(answer)).not.toContain(canary);
    expect(events['visit:level'].safeParse({ stream: 'clinician', rms: 2, peak: 0 }).success).toBe(false);
  });

  it('has words for every error code, and fail() carries the code only (the renderer formats the words)', () => {
    for (const code of ERROR_CODES) {
      expect(ERROR_TEXT[code].length).toBeGreaterThan(10);
      const result = fail(code);
      expect(result).toEqual({ ok: false, error: { code, retryable: false } });
      expect(result.ok ? '' : formatError(result.error)).toBe(ERROR_TEXT[code]);
    }
  });

  it('mirrors the limits and speaker types main enforces', () => {
    expect(INPUT_LIMITS.customInstructionChars).toBe(LIMITS.customInstructionChars);
    expect(INPUT_LIMITS.extraContextChars).toBe(LIMITS.unstructuredContextChars);
    expect(INPUT_LIMITS.bulkItems).toBe(LIMITS.bulkDotPhraseItems);
    expect(INPUT_LIMITS.maxSpeechLocales).toBe(LIMITS.maxSpeechLocales);
    for (const text of ['', 'abc', 'é👩‍⚕️x', '\u{1F600}'.repeat(5)])
      expect(charCount(text)).toBe(apiCharCount(text));
    expect([...SPEAKERS].sort()).toEqual([...SPEAKER_TYPES].sort());
  });

  it('every channel has request and response schemas', () => {
    for (const name of CHANNEL_NAMES) {
      expect(typeof channels[name].request.safeParse).toBe('function');
      expect(typeof channels[name].response.safeParse).toBe('function');
    }
  });

  it('imports nothing but zod and its own files (its code, and its data such as the command phrases)', () => {
    const dir = new URL('../../../preload/contract/', import.meta.url).pathname;
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
      const source = readFileSync(join(dir, file), 'utf8');
      for (const match of source.matchAll(/from '([^']+)'/g))
        expect(match[1]).toMatch(/^(zod|\.\/[a-z-]+\.ts|\.\/[a-z-]+\/[a-z-]+\.json)$/);
    }
  });
});
