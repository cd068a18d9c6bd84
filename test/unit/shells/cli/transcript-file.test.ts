import { describe, expect, it } from 'vitest';
import { parseTranscript } from '../../../../main/shells/cli/transcript-file.ts';

describe('parseTranscript', () => {
  it('reads plain lines with and without a speaker prefix', () => {
    expect(parseTranscript('DOCTOR: How are you?\nPATIENT: Tired.\nA line\n\n')).toEqual([
      { text: 'How are you?', speaker_type: 'DOCTOR' },
      { text: 'Tired.', speaker_type: 'PATIENT' },
      { text: 'A line', speaker_type: 'UNSPECIFIED' },
    ]);
  });

  it('reads JSON lines, drops partials and sorts by time', () => {
    const text = [
      JSON.stringify({ text: 'second', speaker_type: 'PATIENT', start_ms: 2000, end_ms: 3000 }),
      JSON.stringify({
        text: 'partial',
        speaker_type: 'DOCTOR',
        start_offset_ms: 0,
        end_offset_ms: 10,
        is_final: false,
      }),
      JSON.stringify({
        text: 'first',
        speaker_type: 'DOCTOR',
        start_offset_ms: 0,
        end_offset_ms: 1500,
        is_final: true,
        id: 'x',
      }),
    ].join('\n');
    expect(parseTranscript(text)).toEqual([
      { text: 'first', speaker_type: 'DOCTOR', start_offset_ms: 0, end_offset_ms: 1500 },
      { text: 'second', speaker_type: 'PATIENT', start_offset_ms: 2000, end_offset_ms: 3000 },
    ]);
  });

  it('names the bad line without quoting it', () => {
    expect(() => parseTranscript('{"text": 3}')).toThrow(/line 1: text is invalid_type/);
    expect(() => parseTranscript('ok\n{oops')).toThrow(/line 2 starts like JSON/);
  });
});
