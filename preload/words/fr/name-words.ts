/** Names of the service's codes as a person reads them (French): languages and note templates. */
import { displayLanguageName } from '../intl.ts';
import { keyWords } from '../en/name-words.ts';

/** A service locale code in French, through `Intl` (FRENCH_FR → "Français (France)"). */
export function languageName(code: string): string {
  return displayLanguageName('fr', code);
}

/** Template keys of the service that have a name of their own; the rest are read from the key's words. */
const TEMPLATE_NAMES: Readonly<Record<string, string>> = {
  GENERAL_MEDICINE_EMERGENCY: 'Médecine générale — urgences',
  GENERIC_MULTIPLE_SECTIONS: 'Note générale (plusieurs sections)',
  SOAP: 'Note SOAP',
};

/** A note template's key as a name. */
export function templateName(key: string): string {
  return TEMPLATE_NAMES[key] ?? keyWords(key);
}
