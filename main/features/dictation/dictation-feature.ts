/**
 * The dictation feature's one factory: dictation anywhere (composed in compose-dictation.ts from the
 * shell's platform parts), the `dictation:*` slice, and what it reports (each insertion; the audit trail
 * listens). Where the shell offers no dictation (the browser preview, tests of other screens) there is no
 * service and every `dictation:*` call answers that it is not available here.
 */
import type { Feature, Reporter } from '../../core/ipc/feature.ts';
import {
  composeDictation,
  type DictationAppParts,
  type DictationPlatformFactory,
} from './compose-dictation.ts';
import type { DictationService } from './dictation-service.ts';
import { createDictationHandlers, unavailableDictationHandlers } from './handlers.ts';
import type { DictationEvent } from './ports.ts';
import { clearCopiedNow } from './insertion/copied-expiry.ts';

export type { DictationAppParts, DictationPlatformFactory, DictationStores } from './compose-dictation.ts';
export type { DictationService } from './dictation-service.ts';
export type { ShortcutRegistrar } from './hotkey-driver.ts';

export type DictationFeature = Feature<
  DictationService | null,
  ReturnType<typeof createDictationHandlers>,
  Reporter<DictationEvent> | null
>;

/** `parts`: the shell's platform parts; none: dictation is not offered. */
export function createDictationFeature(
  deps: (DictationAppParts & { readonly parts: DictationPlatformFactory }) | null,
): DictationFeature {
  if (!deps) return { service: null, handlers: unavailableDictationHandlers(), events: null };
  const { parts, ...app } = deps;
  const service = composeDictation(parts, app);
  return {
    service,
    handlers: createDictationHandlers(service),
    events: service,
    // Quitting: what earlier copies left waiting for their clear is cleared now; then a running dictation is
    // finished (its text inserted, or copied: that copy stays, as nothing else may hold its words after
    // the quit), and the hotkeys go.
    dispose: async () => {
      await clearCopiedNow();
      await service.controller.stop().catch(() => undefined);
      service.dispose();
    },
  };
}
