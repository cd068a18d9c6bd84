/**
 * The preload: exposes `window.scribe`, one named function per IPC channel and one `on…` subscription per
 * event, and nothing generic (no raw ipcRenderer, no invoke(channel)). Each entry names its channel
 * explicitly; the `Bridged` brand makes a missing entry, an extra entry, or an entry wired to the wrong
 * channel a type error, even when two channels share a signature.
 *
 * Only types are imported from the contract, so the sandboxed preload bundle stays free of zod: main
 * validates every request, and the renderer parses every answer and event payload.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type {
  API_GLOBAL,
  ChannelName,
  EventName,
  EventPayload,
  MethodName,
  ScribeApi,
  SubscriptionName,
} from './contract/index.ts';

type Bridged<K extends string, F> = F & { readonly __bridged?: K };
type BridgeApi = {
  readonly [C in ChannelName as MethodName<C>]: Bridged<C, ScribeApi[MethodName<C>]>;
} & {
  readonly [E in EventName as SubscriptionName<E>]: Bridged<E, ScribeApi[SubscriptionName<E>]>;
};

/** A request function for one channel. Channels without input get `{}` (what the router parses). */
function request<C extends ChannelName>(channel: C): Bridged<C, ScribeApi[MethodName<C>]> {
  const call = (payload?: unknown) => ipcRenderer.invoke(channel, payload ?? {});
  return call as unknown as Bridged<C, ScribeApi[MethodName<C>]>;
}

/** A subscription for one event; returns its unsubscribe. The Electron event object never reaches the page. */
function subscribe<E extends EventName>(event: E): Bridged<E, ScribeApi[SubscriptionName<E>]> {
  const on = (listener: (payload: EventPayload<E>) => void) => {
    const forward = (_event: IpcRendererEvent, payload: EventPayload<E>) => listener(payload);
    ipcRenderer.on(event, forward);
    return () => {
      ipcRenderer.removeListener(event, forward);
    };
  };
  return on as unknown as Bridged<E, ScribeApi[SubscriptionName<E>]>;
}

const api: BridgeApi = {
  connectStatus: request('connect:status'),
  connectConfigure: request('connect:configure'),
  connectCheck: request('connect:check'),
  connectDisconnect: request('connect:disconnect'),
  connectSignIn: request('connect:signIn'),
  connectCancelSignIn: request('connect:cancelSignIn'),
  connectSample: request('connect:sample'),

  visitOptions: request('visit:options'),
  visitArm: request('visit:arm'),
  visitDisarm: request('visit:disarm'),
  visitStart: request('visit:start'),
  visitPause: request('visit:pause'),
  visitResume: request('visit:resume'),
  visitEnd: request('visit:end'),
  visitState: request('visit:state'),
  visitTranscript: request('visit:transcript'),
  visitDiscard: request('visit:discard'),
  visitRecoverable: request('visit:recoverable'),
  visitRecover: request('visit:recover'),
  visitForgetRecoverable: request('visit:forgetRecoverable'),

  noteTemplates: request('note:templates'),
  noteGet: request('note:get'),
  noteEvidence: request('note:evidence'),
  noteEvidenceAudio: request('note:evidenceAudio'),
  noteGenerate: request('note:generate'),
  noteEditSection: request('note:editSection'),
  noteEditByInstruction: request('note:editByInstruction'),
  noteUndoInstruction: request('note:undoInstruction'),
  noteKeepFlag: request('note:keepFlag'),
  noteFixFlag: request('note:fixFlag'),

  codesNormalized: request('codes:normalized'),
  codesEm: request('codes:em'),
  codesEmCompute: request('codes:emCompute'),
  codesEmSpecialties: request('codes:emSpecialties'),
  ordersSuggest: request('orders:suggest'),
  instructionsGenerate: request('instructions:generate'),
  instructionsTranslate: request('instructions:translate'),

  copyNote: request('copy:note'),
  copyInstructions: request('copy:instructions'),
  copyCodes: request('copy:codes'),

  settingsGet: request('settings:get'),
  settingsUpdate: request('settings:update'),
  settingsMicTest: request('settings:micTest'),
  settingsPolicy: request('settings:policy'),
  settingsCustomization: request('settings:customization'),
  settingsSaveCustomization: request('settings:saveCustomization'),
  dotPhrasesList: request('dotPhrases:list'),
  dotPhrasesBulk: request('dotPhrases:bulk'),
  replacementsList: request('replacements:list'),
  replacementsSave: request('replacements:save'),
  replacementsDelete: request('replacements:delete'),

  dictationState: request('dictation:state'),
  dictationStart: request('dictation:start'),
  dictationStop: request('dictation:stop'),
  dictationCancel: request('dictation:cancel'),
  dictationUndo: request('dictation:undo'),
  dictationUpdateSettings: request('dictation:updateSettings'),
  dictationCheckKey: request('dictation:checkKey'),
  dictationInsertBox: request('dictation:insertBox'),
  dictationCopyBox: request('dictation:copyBox'),
  dictationHistoryInsert: request('dictation:historyInsert'),
  dictationHistoryCopy: request('dictation:historyCopy'),
  dictationHistoryDelete: request('dictation:historyDelete'),
  dictationHistoryResend: request('dictation:historyResend'),
  dictationRecover: request('dictation:recover'),
  dictationForgetRecoverable: request('dictation:forgetRecoverable'),
  dictationBoxShown: request('dictation:boxShown'),
  dictationDropTextDraft: request('dictation:dropTextDraft'),
  dictationResolveFlag: request('dictation:resolveFlag'),

  scheduleToday: request('schedule:today'),
  scheduleLink: request('schedule:link'),
  scheduleSend: request('schedule:send'),
  scheduleTasks: request('schedule:tasks'),
  scheduleFinalize: request('schedule:finalize'),
  textsList: request('texts:list'),
  textsSave: request('texts:save'),
  textsDelete: request('texts:delete'),
  textsImport: request('texts:import'),

  onConnectStatus: subscribe('connect:status'),
  onVisitState: subscribe('visit:state'),
  onVisitTranscript: subscribe('visit:transcript'),
  onVisitLevel: subscribe('visit:level'),
  onNoteProgress: subscribe('note:progress'),
  onAppCommand: subscribe('app:command'),
  onDictationOverlay: subscribe('dictation:overlay'),
  onDictationState: subscribe('dictation:state'),
  onDictationBoxField: subscribe('dictation:boxField'),
  onPolicyChanged: subscribe('policy:changed'),
  onScheduleChanged: subscribe('schedule:changed'),
};

const globalName: typeof API_GLOBAL = 'scribe';
const exposed: ScribeApi = api;
contextBridge.exposeInMainWorld(globalName, exposed);
