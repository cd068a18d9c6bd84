/**
 * The updates feature's one factory: what must not be interrupted by an update's restart (a visit
 * recording, a dictation running), and, where the shell gives its updater (the Electron app), the updates
 * themselves as the policy allows them (auto-updates.ts). It reports an installer it refused
 * (`update_refused`; the audit trail listens). No IPC channels.
 */
import type { Config } from '../../core/config/config-schema.ts';
import { Emitter } from '../../base/async/emitter.ts';
import type { Feature, Reporter } from '../../core/ipc/feature.ts';
import { startAutoUpdates, type UpdatesPlatform } from './auto-updates.ts';
import type { UpdateRefusedEvent } from './ports.ts';
import { BusySignals } from './update-controller.ts';

export type { BusySignals } from './update-controller.ts';
export type { UpdateLanguage, UpdatesPlatform } from './auto-updates.ts';

export interface UpdatesFeatureDeps {
  /** Each busy signal's name and whether it is busy now. */
  readonly busy: Record<string, () => boolean>;
  /** The updater and the policy it follows; none: no updates here (the CLI, the preview, tests). */
  readonly updates?: { readonly config: Config; readonly platform: UpdatesPlatform };
}

export type UpdatesFeature = Feature<BusySignals, Record<never, never>, Reporter<UpdateRefusedEvent>>;

export function createUpdatesFeature(deps: UpdatesFeatureDeps): UpdatesFeature {
  const signals = new BusySignals();
  for (const [name, isBusy] of Object.entries(deps.busy)) signals.add(name, isBusy);
  const reported = new Emitter<UpdateRefusedEvent>();
  if (deps.updates) {
    const { config, platform } = deps.updates;
    startAutoUpdates(config, signals, platform, ({ refusal: reason, announced, embedded }) =>
      reported.emit({ kind: 'update_refused', reason, announced, embedded }),
    );
  }
  return { service: signals, handlers: {}, events: { onDidReport: (l) => reported.on(l) } };
}
