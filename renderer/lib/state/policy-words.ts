/** How a setting the organization fixes is shown: its title, languages by name, switches as On/Off, why. */
import type { LockedSetting } from '../../../preload/contract/index.ts';
import { languageName, lockReasonText, settingTitle, ui } from '../../../preload/words/window.ts';

/** The setting's name as people read it ("Service address"). */
export const lockedTitle = (lock: LockedSetting): string => settingTitle(lock.key);

/** Why it cannot be changed here ("Set by your organization"). */
export const lockedReasonText = (lock: LockedSetting): string => lockReasonText(lock);

/** The policy card's heading says "Set by your organization"; only another source is said per row. */
export const isUsualLock = (lock: LockedSetting): boolean => lock.source === 'organization';
const LOCALE_KEYS = new Set(['speechLocales', 'noteLocale', 'dictationLocale']);

/** The locked value as a person reads it. */
export function lockedValueText(lock: LockedSetting): string {
  const value = lock.value ?? '';
  const t = ui().policyCard;
  if (LOCALE_KEYS.has(lock.key)) return value.split(', ').map(languageName).join(', ');
  if (lock.key === 'signInMethod') return (t.methods as Record<string, string>)[value] ?? value;
  return value === 'true' ? t.on : value === 'false' ? t.off : value;
}
