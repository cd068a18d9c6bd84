import { beforeAll, describe, expect, it } from 'vitest';
import { useLocale } from '../../../preload/words/window.ts';
import type { Note } from '../../../preload/contract/index.ts';
import {
  canWriteNote,
  changedSectionKeys,
  instructionResultText,
  copiedText,
  defaultTemplateTitle,
  generateRequest,
  isLongVisit,
  noteProgressText,
  sendable,
  transcriptSummary,
} from '../../../renderer/lib/state/note-rules.ts';

// The window loads its language before it shows anything; these rules are worded in English.
beforeAll(() => useLocale('en'));

describe('the Note screen', () => {
  it('writes a note only after the visit, from transcript lines, while nothing else runs', () => {
    expect(canWriteNote({ recording: false, finalItems: 3, busy: null })).toBe(true);
    expect(canWriteNote({ recording: true, finalItems: 3, busy: null })).toBe(false);
    expect(canWriteNote({ recording: false, finalItems: 0, busy: null })).toBe(false);
    expect(canWriteNote({ recording: false, finalItems: 3, busy: 'copy' })).toBe(false);
  });

  it('sends text only when not blank and within its limit, counting characters as people see them', () => {
    expect(sendable('  ', 10)).toBe(false);
    expect(sendable('🩺'.repeat(10), 10)).toBe(true); // 20 UTF-16 units, 10 characters
    expect(sendable('x'.repeat(11), 10)).toBe(false);
  });

  it('sends extra context only when asked for and not blank; no template key means the default', () => {
    const choice = { templateKey: '', locale: 'ENGLISH_US', background: true, extraContext: '  ' };
    expect(generateRequest(choice)).toEqual({
      templateKey: null,
      locale: 'ENGLISH_US',
      mode: 'async',
      extraContext: null,
      details: null,
    });
    expect(
      generateRequest({ ...choice, templateKey: 'soap', background: false, extraContext: 'On warfarin.' }),
    ).toEqual({
      templateKey: 'soap',
      locale: 'ENGLISH_US',
      mode: 'sync',
      extraContext: 'On warfarin.',
      details: null,
    });
  });

  it('defaults visits over twenty minutes to the background form', () => {
    expect(isLongVisit(20 * 60_000)).toBe(false);
    expect(isLongVisit(20 * 60_000 + 1)).toBe(true);
  });

  it('says what happens while the note is written in the background', () => {
    expect(noteProgressText({ stage: 'queued', elapsedSec: 0 }, 'generate')).toBe('Sending the transcript…');
    expect(noteProgressText({ stage: 'working', elapsedSec: 12.6 }, 'generate')).toBe(
      'Writing the note… 13 s',
    );
    expect(noteProgressText({ stage: 'working', elapsedSec: 12.6 }, null)).toBe('');
  });

  it('says what the transcript offers', () => {
    expect(transcriptSummary(0, false)).toBe('No transcript yet: record a visit first.');
    expect(transcriptSummary(4, true)).toBe('4 transcript lines — end the visit first');
    expect(transcriptSummary(4, false)).toBe('4 transcript lines');
  });

  it('names the note settings’ template, or nothing when unknown', () => {
    const templates = { templates: [{ key: 'soap', title: 'SOAP' }], defaultKey: 'soap' } as never;
    expect(defaultTemplateTitle(templates)).toBe('SOAP');
    expect(defaultTemplateTitle(null)).toBeNull();
  });

  it('says what was copied', () => {
    expect(copiedText({ sectionKey: null, result: { chars: 120, transient: true } })).toBe(
      'Note copied (120 characters), hidden from clipboard history.',
    );
    expect(copiedText({ sectionKey: 'plan', result: { chars: 9, transient: false } })).toBe(
      'Section copied (9 characters).',
    );
    expect(copiedText(null)).toBe('');
  });

  it('says which sections an instruction changed, or that it changed nothing', () => {
    const note: Note = {
      title: null,
      locale: 'ENGLISH_US',
      templateKey: 'SOAP',
      revision: 1,
      sections: [
        { key: 'PLAN', title: 'Plan', content: { type: 'TEXT', text: 'Rest.' } },
        { key: 'VITALS', title: 'Vitals', content: { type: 'TEXT', text: 'BP 120/80.' } },
      ],
    };
    const after = {
      ...note,
      revision: 2,
      sections: [note.sections[0]!, { ...note.sections[1]!, content: { type: 'TEXT' as const, text: '' } }],
    };
    expect(changedSectionKeys(note, after)).toEqual(['VITALS']);
    expect(changedSectionKeys(note, { ...note, revision: 2 })).toEqual([]);
    expect(instructionResultText(null)).toBe('');
    expect(instructionResultText([])).toBe('Nothing in the note changed. Try saying the change another way.');
    expect(instructionResultText(['Plan', 'Vitals'])).toBe(
      'Changed 2 sections, highlighted in the note: Plan, Vitals.',
    );
  });
});
