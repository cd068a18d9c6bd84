/**
 * Patient instruction languages come from one list (preload/contract/enums.ts) for writing and for
 * translating; the IPC contract refuses any other, and the local service accepts every one of them.
 */
import { describe, expect, it } from 'vitest';
import {
  SPEECH_LOCALES,
  InstructionsRequestSchema,
  TranslateRequestSchema,
} from '../../../preload/contract/index.ts';
import { SPEECH_LOCALES as SERVICE_ACCEPTS } from '../../../main/programs/local-service/schemas.ts';
import { NOTE_LOCALES } from '../../../main/core/api/schemas/common.ts';

describe('instructions locales', () => {
  it('is the speech-locale enum (public facts), covering every note locale; the local service accepts each', () => {
    for (const l of NOTE_LOCALES) expect(SPEECH_LOCALES).toContain(l);
    expect([...SPEECH_LOCALES].sort()).toEqual([...SERVICE_ACCEPTS].sort());
    expect(SPEECH_LOCALES).toHaveLength(36);
  });

  it('the contract accepts exactly the list for writing and translating', () => {
    for (const locale of SPEECH_LOCALES) {
      expect(InstructionsRequestSchema.safeParse({ locale, recipient: 'PATIENT' }).success).toBe(true);
      expect(TranslateRequestSchema.safeParse({ fromLocale: 'ENGLISH_US', toLocale: locale }).success).toBe(
        true,
      );
    }
    expect(InstructionsRequestSchema.safeParse({ locale: 'KLINGON_KX', recipient: 'PATIENT' }).success).toBe(
      false,
    );
    expect(
      TranslateRequestSchema.safeParse({ fromLocale: 'ENGLISH_US', toLocale: 'HAITIAN_HT' }).success,
    ).toBe(true);
    expect(
      TranslateRequestSchema.safeParse({ fromLocale: 'ENGLISH_US', toLocale: 'KLINGON_KX' }).success,
    ).toBe(false);
  });
});
