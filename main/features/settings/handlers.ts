/** The Settings screen's channels: local preferences, note settings, dot phrases and text replacements. */
import { Failure } from '../../base/failure.ts';
import { withTimeout } from '../../base/async/timeout.ts';
import type { CoreAccess, ReplacementStore } from '../connection/ports.ts';
import { guard, type HandlerSlice } from '../../core/ipc/handler-slice.ts';
import type { SettingsService } from './settings-service.ts';
import { saidKey, type Word } from './organization-vocabulary.ts';

/** IT's vocabulary list as the replacements channels use it. */
export interface VocabularyAccess {
  /** IT's words now; null: no policy, or a file that cannot be read. */
  words(): Promise<Word[] | null>;
  /** Brings the clinician's replacements to match IT's words (nothing without a data folder). */
  sync(store: ReplacementStore): Promise<void>;
}

/** `settings:*` (but `settings:policy`: main/compose/policy-handlers.ts), `dotPhrases:*` and `replacements:*` handlers. */
export function createSettingsHandlers(
  settings: SettingsService,
  access: CoreAccess,
  vocabulary: VocabularyAccess,
): Omit<HandlerSlice<'settings' | 'dotPhrases' | 'replacements'>, 'settings:policy'> {
  const core = () => access.require();
  const replacements = replacementCalls(() => core().textReplacements(), vocabulary);
  return {
    'settings:get': () => guard(() => settings.get()),
    'settings:update': (r) => guard(() => settings.update(r)),
    'settings:micTest': (r) =>
      guard(async () => (await settings.micTest(r.deviceId, r.on), { done: true as const })),
    'settings:customization': (r) => guard(() => settings.customization(r.templateKey)),
    'settings:saveCustomization': (r) => guard(() => settings.saveCustomization(r)),
    'dotPhrases:list': () => guard(async () => ({ items: await core().dotPhrases().list() })),
    'dotPhrases:bulk': (r) =>
      guard(async () => {
        const store = core().dotPhrases();
        if (r.op === 'create') await store.bulkCreate(r.items);
        else if (r.op === 'update') await store.bulkUpdate(r.items);
        else await store.bulkDelete(r.ids);
        return { items: await store.list() };
      }),
    ...replacements,
  };
}

/** How long the replacements list waits on IT's words reaching the service. */
const LIST_SYNC_WAIT_MS = 2_000;

/**
 * The replacements channels: IT's words (its vocabulary list) brought in first, marked as the organization's,
 * and refused to the clinician's changes (`policy_locked`: IT's list is where they change).
 */
function replacementCalls(
  store: () => ReplacementStore,
  vocabulary: VocabularyAccess,
): Pick<HandlerSlice<'replacements'>, 'replacements:list' | 'replacements:save' | 'replacements:delete'> {
  // IT's words as said, read once per call: to mark the list, and to refuse a change to one of them.
  const itSays = async () => new Set(((await vocabulary.words()) ?? []).map((w) => saidKey(w.said)));
  const list = async (words: ReadonlySet<string>) => {
    const items = await store().list();
    return { items: items.map((r) => ({ ...r, organization: words.has(saidKey(r.spoken)) })) };
  };
  /** A change to the replacements `spoken` names (and those of `id`), refused where one is IT's. */
  const change = async (spoken: string[], id: string | null, act: () => Promise<void>) => {
    const words = await itSays();
    const held = id === null ? [] : (await store().list()).filter((r) => r.id === id).map((r) => r.spoken);
    if ([...spoken, ...held].some((s) => words.has(saidKey(s)))) throw new Failure('policy_locked');
    await act();
    return list(words);
  };
  return {
    'replacements:list': () =>
      guard(async () => {
        // IT's words first, unless sending them takes longer (a first long list): they go on behind, and the
        // next list shows them. A service unreachable now: the next list tries again.
        await withTimeout(
          vocabulary.sync(store()).catch(() => undefined),
          LIST_SYNC_WAIT_MS,
          undefined,
        );
        return list(await itSays());
      }),
    'replacements:save': (r) => guard(() => change([r.spoken], r.id, () => store().save(r))),
    'replacements:delete': (r) => guard(() => change([], r.id, () => store().remove(r.id))),
  };
}
