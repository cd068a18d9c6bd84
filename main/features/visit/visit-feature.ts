/**
 * The visit feature's one factory: the visit service (recording a visit with the patient), the `visit:*`
 * slice, and what it reports (each step of a visit, the audit trail listens). It also offers the live
 * transcribers a connection records over.
 */
import type { AudioInputs, MicrophoneAccess } from '../../core/audio/ports.ts';
import type { EmitEvent } from '../../core/ipc/event-emitter.ts';
import type { Feature, Reporter } from '../../core/ipc/feature.ts';
import type { HandlerSlice } from '../../core/ipc/handler-slice.ts';
import type { CurrentConnection } from '../connection/ports.ts';
import type { PreferenceStore } from '../settings/ports.ts';
import { createVisitHandlers } from './handlers.ts';
import { liveTranscribers } from './live-transcriber.ts';
import type { VisitEvent, VisitJournals } from './ports.ts';
import { VisitService } from './visit-service.ts';

export type { VisitService } from './visit-service.ts';

export interface VisitFeatureDeps {
  /** The connection the visit records over, read at every use (the connection is built after the visit). */
  readonly connection: () => CurrentConnection;
  readonly audio: AudioInputs;
  readonly preferences: PreferenceStore;
  readonly emit: EmitEvent;
  readonly microphoneAccess?: MicrophoneAccess;
  readonly journals?: VisitJournals;
  /** A new visit replaces the last one (its note goes). */
  readonly onWillReplaceVisit: () => void;
  /** A dictation has the microphone. */
  readonly microphoneBusy: () => boolean;
}

export interface VisitFeature extends Feature<VisitService, HandlerSlice<'visit'>, Reporter<VisitEvent>> {
  /** The live transcribers a connection's visits record over (journaled in the given journals). */
  readonly transcribers: typeof liveTranscribers;
}

export function createVisitFeature(deps: VisitFeatureDeps): VisitFeature {
  const { connection, ...rest } = deps;
  const connections: CurrentConnection = {
    get mode() {
      return connection().mode;
    },
    require: () => connection().require(),
    get sampleKit() {
      return connection().sampleKit;
    },
  };
  const service = new VisitService({ ...rest, connections });
  return {
    service,
    handlers: createVisitHandlers(service),
    events: service,
    transcribers: liveTranscribers,
    // At quit, a visit still recording ends (every sent chunk confirmed) and is reported as ended by quitting.
    dispose: async () => {
      if (service.active) await service.end('quit').catch(() => undefined);
    },
  };
}
