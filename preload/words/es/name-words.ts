/** Names of the service's codes as a person reads them (Spanish): languages and note templates. */
import { displayLanguageName } from '../intl.ts';
import { keyWords } from '../en/name-words.ts';

/** A service locale code in Spanish, through `Intl` (SPANISH_MX → "Español (México)"). */
export function languageName(code: string): string {
  return displayLanguageName('es', code);
}

/** Template keys of the service that have a name of their own; the rest are read from the key's words. */
const TEMPLATE_NAMES: Readonly<Record<string, string>> = {
  GENERAL_MEDICINE_EMERGENCY: 'Medicina general — urgencias',
  GENERIC_MULTIPLE_SECTIONS: 'Nota general (varias secciones)',
  SOAP: 'Nota SOAP',
};

/** A note template's key as a name. */
export function templateName(key: string): string {
  return TEMPLATE_NAMES[key] ?? keyWords(key);
}
