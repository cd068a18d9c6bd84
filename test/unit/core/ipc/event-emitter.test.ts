import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createRendererEvents } from '../../../../main/core/ipc/event-emitter.ts';

const events = {
  'visit:level': z.object({ stream: z.string(), level: z.number().min(0).max(1) }),
};

function setup() {
  const sent: Array<[string, unknown]> = [];
  const dropped: Array<[string, readonly string[]]> = [];
  const emitter = createRendererEvents({
    events,
    send: (name, payload) => sent.push([name, payload]),
    onDidDrop: (name, paths) => dropped.push([name, paths]),
  });
  return { emitter, sent, dropped };
}

describe('renderer events', () => {
  it('sends valid payloads with only the contracted fields', () => {
    const { emitter, sent } = setup();
    const payload = { stream: 'doctor', level: 0.5, transcript: 'should not cross' };
    expect(emitter.emit('visit:level', payload)).toBe(true);
    expect(sent).toEqual([['visit:level', { stream: 'doctor', level: 0.5 }]]);
  });

  it('drops invalid payloads and unknown events, naming fields only', () => {
    const { emitter, sent, dropped } = setup();
    expect(emitter.emit('visit:level', { stream: 'doctor', level: 3 })).toBe(false);
    expect(emitter.emit('nope' as 'visit:level', { stream: 'x', level: 0 })).toBe(false);
    expect(sent).toEqual([]);
    expect(dropped).toEqual([
      ['visit:level', ['level']],
      ['nope', []],
    ]);
  });
});
