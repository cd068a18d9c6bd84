import { describe, expect, it } from 'vitest';
import { Transcript } from '../../../../main/core/streaming/transcript.ts';
import { parseServerFrame, type TranscriptItemFrame } from '../../../../main/core/streaming/frames.ts';

function item(
  id: string,
  text: string,
  start: number,
  end: number,
  isFinal: boolean,
  speaker = 'DOCTOR',
): TranscriptItemFrame {
  return {
    type: 'TRANSCRIPT_ITEM',
    id,
    text,
    speaker_type: speaker,
    start_offset_ms: start,
    end_offset_ms: end,
    is_final: isFinal,
  };
}

describe('Transcript', () => {
  it('upserts partials by id, namespaces ids per socket, orders by session time, gives only finals to notes', () => {
    const t = new Transcript();
    t.upsert(1, 0, item('a', 'second', 2000, 2500, false));
    t.upsert(1, 0, item('b', 'first', 0, 900, true));
    t.upsert(1, 0, item('a', 'second sentence', 2000, 3000, false));
    expect(t.items().map((i) => [i.id, i.text])).toEqual([
      ['1:b', 'first'],
      ['1:a', 'second sentence'],
    ]);
    expect(t.finalItems()).toEqual([
      { text: 'first', speaker_type: 'DOCTOR', start_offset_ms: 0, end_offset_ms: 900 },
    ]);
    // Same service id on another socket is another item, on the shifted timeline.
    t.upsert(2, 10_000, item('b', 'later', 0, 800, true, 'PATIENT'));
    expect(t.finalItems().at(-1)).toEqual({
      text: 'later',
      speaker_type: 'PATIENT',
      start_offset_ms: 10_000,
      end_offset_ms: 10_800,
    });
    t.upsert(1, 0, item('b', 'changed after final', 0, 900, true));
    expect(t.finalItems()[0]!.text).toBe('first');
  });

  it('merges a replayed stretch recognised again with the same session offsets', () => {
    const t = new Transcript({ toleranceMs: 300 });
    t.upsert(1, 0, item('x', 'blood pressure is high', 4000, 6000, true));
    // Socket 2 starts at 3000 ms on the session timeline and hears the same sentence again.
    expect(t.upsert(2, 3000, item('y', 'blood pressure is', 1000, 2500, false)).kind).toBe('duplicate');
    expect(t.upsert(2, 3000, item('y', 'blood pressure is high', 1100, 3100, true)).kind).toBe('duplicate');
    expect(t.upsert(2, 3000, item('z', 'next one', 3500, 4000, true)).kind).toBe('finalized');
    expect(t.finalItems().map((i) => i.text)).toEqual(['blood pressure is high', 'next one']);
    expect(t.items()).toHaveLength(2);
  });

  it('drops the tail of a sentence replayed from its middle, but keeps other speakers and later speech', () => {
    const t = new Transcript();
    t.upsert(1, 0, item('x', 'the pain started on monday morning', 4000, 8000, true));
    // Socket 2 starts at 6000 ms, inside that sentence: the recogniser hears its tail as an item of its own.
    expect(t.upsert(2, 6000, item('p', 'monday', 0, 900, false)).kind).toBe('duplicate');
    expect(t.upsert(2, 6000, item('p', 'monday morning', 0, 2000, true)).kind).toBe('duplicate');
    expect(t.upsert(2, 6000, item('q', 'yes since monday', 500, 1500, true, 'PATIENT')).kind).toBe(
      'finalized',
    );
    expect(t.upsert(2, 6000, item('r', 'and it got worse', 2300, 4000, true)).kind).toBe('finalized');
    expect(t.finalItems().map((i) => i.text)).toEqual([
      'the pain started on monday morning',
      'yes since monday',
      'and it got worse',
    ]);
  });

  it('keeps new speech next to or inside an earlier final: a short reply just after it, an interjection', () => {
    const t = new Transcript();
    t.upsert(1, 0, item('x', 'the pain started on monday morning', 4000, 8000, true, 'UNSPECIFIED'));
    // Socket 2 replays from 4000 ms: the sentence again (merged), then speech socket 1 never reported.
    expect(
      t.upsert(2, 4000, item('a', 'the pain started on monday morning', 0, 4000, true, 'UNSPECIFIED')).kind,
    ).toBe('duplicate');
    expect(t.upsert(2, 4000, item('b', 'mm-hm', 1500, 1900, true, 'UNSPECIFIED')).kind).toBe('finalized');
    expect(t.upsert(2, 4000, item('c', 'yes', 4100, 4350, false, 'UNSPECIFIED')).kind).toBe('added');
    expect(t.upsert(2, 4000, item('c', 'yes', 4100, 4350, true, 'UNSPECIFIED')).kind).toBe('finalized');
    expect(t.finalItems().map((i) => i.text)).toEqual(['the pain started on monday morning', 'mm-hm', 'yes']);
  });
});

/** A frame that is not what its type promises: ignored as invalid, its type named. */
const invalid = (frameType: string) => ({ type: 'ignored', reason: 'invalid', frameType });

describe('parseServerFrame', () => {
  it('keeps unknown fields of a transcript item', () => {
    const parsed = parseServerFrame(JSON.stringify({ ...item('a', 't', 0, 1, true), new_field: 1 }));
    expect(parsed).toMatchObject({ type: 'TRANSCRIPT_ITEM', new_field: 1 });
  });

  // Unknown types and malformed frames are ignored without throwing. The ack's hand-written check (its fast
  // path) accepts exactly what its schema does.
  it.each<[string, object]>([
    ['{"type":"FUTURE_FRAME"}', { type: 'ignored', reason: 'unknown_type', frameType: 'FUTURE_FRAME' }],
    ['[1,2', { type: 'ignored', reason: 'not_json' }],
    [
      '{"type":"AUDIO_CHUNK_ACK","ack_id":7,"stream_id":"doctor","x":1}',
      { type: 'AUDIO_CHUNK_ACK', ack_id: 7, stream_id: 'doctor', x: 1 },
    ],
    ['{"type":"AUDIO_CHUNK_ACK","ack_id":0}', { type: 'AUDIO_CHUNK_ACK', ack_id: 0 }],
    ...['-1', '1.5', '9007199254740993', 'null', '"7"', '7,"stream_id":5', '7,"stream_id":null'].map(
      (bad): [string, object] => [`{"type":"AUDIO_CHUNK_ACK","ack_id":${bad}}`, invalid('AUDIO_CHUNK_ACK')],
    ),
    ['null', { type: 'ignored', reason: 'invalid' }],
  ])('reads %s as exactly %o', (frame, expected) => {
    expect(parseServerFrame(frame)).toEqual(expected);
  });

  it.each<[string, object]>([
    ['{"type":"AUDIO_CHUNK_ACK","ack_id":"x"}', { type: 'ignored', reason: 'invalid' }],
    ['{"type":"AUDIO_CHUNK_ACK"}', { type: 'ignored', reason: 'invalid' }],
    ['{"type":"error","code":83011,"message":"m"}', { type: 'error', code: 83011 }],
  ])('reads %s as at least %o', (frame, expected) => {
    expect(parseServerFrame(frame)).toMatchObject(expected);
  });
});
