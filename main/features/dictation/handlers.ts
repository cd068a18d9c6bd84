/** The `dictation:*` IPC slice: Settings → Dictation, the dictation box, history, start/stop/cancel/undo. */
import { fail, type IpcResult } from '../../../preload/contract/index.ts';
import type { dictationChannels } from '../../../preload/contract/dto-dictation.ts';
import type { ChannelHandlers } from '../../core/ipc/channel-map.ts';
import { guard } from '../../core/ipc/handler-slice.ts';
import { DictationSettingError } from './dictation-settings.ts';
import type { DictationService } from './dictation-service.ts';

const accepted = true as const;

/**
 * Runs a command. Its answer is only that it was accepted: the state follows as the push. A refusal
 * pushes the state too, since what the window asked about (a history entry, a recoverable dictation) may
 * be gone.
 */
async function done(
  service: DictationService,
  command: () => unknown,
): Promise<IpcResult<{ accepted: true }>> {
  const result = await guard(async () => {
    await command();
    return { accepted };
  });
  if (!result.ok) service.publish();
  return result;
}

/** Every dictation channel's handler. */
export function createDictationHandlers(
  service: DictationService,
): ChannelHandlers<typeof dictationChannels> {
  const fromHistory = (id: string): string => {
    const text = service.history.get(id)?.text ?? null;
    if (text === null) throw new DictationSettingError('history_gone');
    return text;
  };
  const journalOf = (id: string): string => {
    const journalId = service.history.get(id)?.journalId;
    if (journalId === undefined) throw new DictationSettingError('nothing_to_recover');
    return journalId;
  };
  return {
    'dictation:state': () => guard(() => service.recheckHook()),
    'dictation:start': () => guard(async () => ({ accepted, started: await service.start() })),
    'dictation:stop': () => done(service, () => service.stop()),
    'dictation:cancel': () => done(service, () => service.cancel()),
    'dictation:undo': () => done(service, () => service.undo()),
    'dictation:updateSettings': (r) => done(service, () => service.updateSettings(r)),
    'dictation:checkKey': (r) => guard(() => service.checkKey(r.which, r.key)),
    'dictation:insertBox': (r) => done(service, () => service.insertText(r.text)),
    'dictation:copyBox': (r) => done(service, () => service.copyText(r.text)),
    'dictation:historyInsert': (r) => done(service, () => service.insertText(fromHistory(r.id))),
    'dictation:historyCopy': (r) => done(service, () => service.copyText(fromHistory(r.id))),
    'dictation:historyDelete': (r) => done(service, () => service.deleteHistory(r.id)),
    'dictation:historyResend': (r) => done(service, () => service.recover(journalOf(r.id))),
    'dictation:recover': (r) => done(service, () => service.recover(r.id)),
    'dictation:forgetRecoverable': (r) => done(service, () => service.forgetRecoverable(r.id)),
    'dictation:dropTextDraft': () => done(service, () => service.textDraft.set(null)),
    'dictation:resolveFlag': (r) => done(service, () => service.resolveFlag(r.id, r.how)),
    'dictation:boxShown': (r) =>
      guard(() => {
        service.fieldKeys.setBoxShown(r.shown);
        return { accepted };
      }),
  };
}

/** The slice where dictation is not built (the CLI's app, tests of other screens): every call says so. */
export function unavailableDictationHandlers(): ChannelHandlers<typeof dictationChannels> {
  const answer = async () =>
    fail<never>('dictation_setting_refused', { params: { reason: 'not_in_window' } });
  return {
    'dictation:state': answer,
    'dictation:start': answer,
    'dictation:stop': answer,
    'dictation:cancel': answer,
    'dictation:undo': answer,
    'dictation:updateSettings': answer,
    'dictation:checkKey': answer,
    'dictation:insertBox': answer,
    'dictation:copyBox': answer,
    'dictation:historyInsert': answer,
    'dictation:resolveFlag': answer,
    'dictation:historyCopy': answer,
    'dictation:historyDelete': answer,
    'dictation:historyResend': answer,
    'dictation:recover': answer,
    'dictation:forgetRecoverable': answer,
    'dictation:dropTextDraft': answer,
    'dictation:boxShown': answer,
  };
}
