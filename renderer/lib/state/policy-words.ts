/** How a setting the organization fixes is shown: languages by name, switches as On/Off. */
import type { LockedSetting } from '../../../preload/contract/index.ts';
import { localeName } from '../locales.ts';

/** The reason every lock gives unless a different source (a launch variable) set it. */
export const USUAL_LOCK_REASON = 'Set by your organization';
const LOCALE_KEYS = new Set(['speechLocales', 'noteLocale', 'dictationLocale']);
const METHODS: Record<string, string> = {
  server: 'Server credentials',
  'user-refresh-token': 'Clinician sign-in token',
};

/** The locked value as a person reads it. */
export function lockedValueText(lock: LockedSetting): string {
  const value = lock.value ?? '';
  if (LOCALE_KEYS.has(lock.key)) return value.split(', ').map(localeName).join(', ');
  if (lock.key === 'signInMethod') return METHODS[value] ?? value;
  return value === 'true' ? 'On' : value === 'false' ? 'Off' : value;
}
