/**
 * An unfinished dictation recovered (its kept audio sent again for the whole text): what the box then
 * shows, and history completed (the dictation it lists gets its whole text, one only the journal knew is
 * added). Nothing is shredded on failure: it can be tried again once the service is reachable.
 */
import type { DictationStateDto } from '../../../preload/contract/dto-dictation.ts';
import type { DictationRecovery } from './dictation-recovery.ts';
import type { DictationServiceOptions } from './dictation-service-options.ts';
import { DictationSettingError } from './dictation-settings.ts';

/** Recovers dictation `id` (one the service offered) and answers the box's new state. */
export async function recoveredBox(
  o: Pick<DictationServiceOptions, 'recovery' | 'history'>,
  id: string,
): Promise<DictationStateDto['box']> {
  let recovered: Awaited<ReturnType<DictationRecovery['recover']>>;
  try {
    recovered = await o.recovery!.recover(id);
  } catch {
    throw new DictationSettingError('recover_failed');
  }
  // Field moves, select and stop said in it are not replayed into today's applications: said once.
  const { text, notReplayed } = recovered;
  const entry = o.history.byJournal(id);
  await (entry ? o.history.completed(entry.id, text) : o.history.add(text, 'recovered')).catch(
    () => undefined,
  );
  return { text, note: { code: notReplayed.length > 0 ? 'recovered_commands_left' : 'recovered' } };
}
