/**
 * The capabilities' handler slices, merged in the composition root, answer every channel of the map and
 * nothing else: `slices satisfies EveryChannel<typeof slices>` there. The type cases below are checked by
 * tsc (`npm run typecheck`, CI), never run: each `@ts-expect-error` must stay an error, so a check that stops
 * catching a missing slice or a misspelled channel fails the typecheck. The run-time case is the production
 * wiring's own object.
 */
import { describe, expect, it } from 'vitest';
import type { createConnectionHandlers } from '../../../../main/features/connection/handlers.ts';
import type { createDictationHandlers } from '../../../../main/features/dictation/handlers.ts';
import { mergeHandlerSlices, type EveryChannel } from '../../../../main/core/ipc/handler-slice.ts';
import type { createNoteHandlers } from '../../../../main/features/note/handlers.ts';
import type { createPolicyHandlers } from '../../../../main/compose/policy-handlers.ts';
import type { createSettingsHandlers } from '../../../../main/features/settings/handlers.ts';
import type { createVisitHandlers } from '../../../../main/features/visit/handlers.ts';
import type { createScheduleHandlers } from '../../../../main/features/schedule/handlers.ts';
import type { textsHandlers } from '../../../../main/features/texts/texts-handlers.ts';
import { composeFeatures } from '../../../../main/compose/composition-root.ts';
import { MemoryPreferenceStore } from '../../../../main/features/settings/preferences.ts';
import { channels } from '../../../../preload/contract/index.ts';

interface Slices {
  connection: ReturnType<typeof createConnectionHandlers>;
  visit: ReturnType<typeof createVisitHandlers>;
  note: ReturnType<typeof createNoteHandlers>;
  settings: ReturnType<typeof createSettingsHandlers>;
  dictation: ReturnType<typeof createDictationHandlers>;
  policy: ReturnType<typeof createPolicyHandlers>;
  schedule: ReturnType<typeof createScheduleHandlers>;
  texts: ReturnType<typeof textsHandlers>;
}

/** Type cases only (never called). */
function _typeCases(s: Slices): void {
  /** The slices every case below keeps; each case adds or leaves out the visit's and the policy's. */
  const rest = [s.connection, s.note, s.settings, s.dictation, s.schedule, s.texts] as const;
  const all = mergeHandlerSlices(...rest, s.visit, s.policy);
  const _every = all satisfies EveryChannel<typeof all>;

  const noVisit = mergeHandlerSlices(...rest, s.policy);
  // @ts-expect-error the visit's slice is missing: its channels are answered by nobody
  const _missingSlice = noVisit satisfies EveryChannel<typeof noVisit>;

  const noPolicy = mergeHandlerSlices(...rest, s.visit);
  // @ts-expect-error `settings:policy` is answered by nobody
  const _missingChannel = noPolicy satisfies EveryChannel<typeof noPolicy>;

  const { 'visit:start': start, ...visitWithoutStart } = s.visit;
  const misspelled = mergeHandlerSlices(...rest, visitWithoutStart, { 'visit:strat': start }, s.policy);
  // @ts-expect-error `visit:strat` is no channel, and `visit:start` is answered by nobody
  const _misspelled = misspelled satisfies EveryChannel<typeof misspelled>;

  const extra = mergeHandlerSlices(all, { 'visit:restart': start });
  // @ts-expect-error a channel the map does not have
  const _extra = extra satisfies EveryChannel<typeof extra>;
}

describe('the merged handler slices', () => {
  it('answer exactly the channels of the map in the production wiring', () => {
    const app = composeFeatures({
      connector: {
        connect: async () => Promise.reject(new Error('unused')),
        restore: async () => null,
        forget: async () => undefined,
      },
      sample: null,
      audio: { list: async () => [], open: () => Promise.reject(new Error('unused')) as never },
      clipboard: { writeText: async () => ({ transient: true }) },
      preferences: new MemoryPreferenceStore(),
      emit: () => undefined,
      platform: 'linux',
    });
    expect(Object.keys(app.handlers).sort()).toEqual(Object.keys(channels).sort());
  });
});
