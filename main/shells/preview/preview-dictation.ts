/**
 * Dictation's platform parts in the browser preview: the dictation box only. The preview runs under plain
 * Node beside a browser page, so there is no global hotkey (no key hook, no globalShortcut), no overlay
 * window and no insertion into other applications: the on-screen button starts and stops a dictation and
 * its text, corrections applied in place, stays in the box (the window says so in one line). The rest is
 * the app's own dictation (compose-dictation.ts): the session over /dictate-ws, the journal, history.
 */
import type { KeyHook } from '../../../native/key-hook.ts';
import type { DictationPlatformFactory } from '../../features/dictation/dictation-feature.ts';

/** A key hook that never runs: the preview cannot see keys pressed in other applications. */
const NO_KEY_HOOK: KeyHook = {
  running: false,
  start: () => ({ ok: false, block: 'unavailable' }),
  stop: () => undefined,
  onKey: () => () => undefined,
  onError: () => () => undefined,
};

/** The preview's dictation parts: box only. */
export function previewDictationPlatform(): DictationPlatformFactory {
  return ({ kit }) => ({
    hook: NO_KEY_HOOK,
    shortcuts: null,
    inserter: kit.boxInserter(),
    overlay: { show: () => undefined },
    accessibility: () => 'not-needed',
    boxOnly: true,
  });
}
