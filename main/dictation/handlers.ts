/** The `dictation:*` IPC slice: Settings → Dictation, the dictation box, history, start/stop/cancel. */
import { fail } from '../../preload/contract/index.ts';
import type { dictationChannels } from '../../preload/contract/dto-dictation.ts';
import type { ChannelHandlers } from '../ipc/channel-map.ts';
import { guard } from '../ipc/handler-slice.ts';
import { DictationSettingError } from './dictation-settings.ts';
import type { DictationService } from './dictation-service.ts';

/** Every dictation channel's handler. */
export function createDictationHandlers(
  service: DictationService,
): ChannelHandlers<typeof dictationChannels> {
  const fromHistory = (id: string): string => {
    const text = service.historyText(id);
    if (text === null) throw new DictationSettingError('history_gone');
    return text;
  };
  return {
    'dictation:state': () => guard(() => service.recheckHook()),
    'dictation:start': () => guard(() => service.start()),
    'dictation:stop': () => guard(() => service.stop()),
    'dictation:cancel': () => guard(() => service.cancel()),
    'dictation:updateSettings': (r) => guard(() => service.updateSettings(r)),
    'dictation:checkKey': (r) => guard(() => service.checkKey(r.which, r.key)),
    'dictation:insertBox': (r) => guard(() => service.insertText(r.text)),
    'dictation:copyBox': (r) => guard(() => service.copyText(r.text)),
    'dictation:historyInsert': (r) => guard(() => service.insertText(fromHistory(r.id))),
    'dictation:historyCopy': (r) => guard(() => service.copyText(fromHistory(r.id))),
    'dictation:historyDelete': (r) => guard(() => service.deleteHistory(r.id)),
    'dictation:recover': (r) => guard(() => service.recover(r.id)),
    'dictation:forgetRecoverable': (r) => guard(() => service.forgetRecoverable(r.id)),
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
    'dictation:updateSettings': answer,
    'dictation:checkKey': answer,
    'dictation:insertBox': answer,
    'dictation:copyBox': answer,
    'dictation:historyInsert': answer,
    'dictation:historyCopy': answer,
    'dictation:historyDelete': answer,
    'dictation:recover': answer,
    'dictation:forgetRecoverable': answer,
  };
}
