/**
 * A language's words from its catalogue: every builder of this folder over the files of
 * preload/words/<language>/. The same function builds English, French, Spanish and the development
 * pseudo-locale (pseudo.ts), so the logic is written once.
 */
import type { Words } from '../words.ts';
import { dictationWords, type DictationCatalogue } from './dictation.ts';
import { failureWords, type FailuresCatalogue } from './failures.ts';
import { nameWords, type NamesCatalogue } from './names.ts';
import { screenWords, type ScreensCatalogue } from './screens.ts';
import { serviceWords, type ServicesCatalogue } from './services.ts';
import { uiWords, type UiCatalogue } from './ui.ts';
import { cliWords, type CliCatalogue, type CliProblemWords } from './cli.ts';

/** One language's catalogue files, by area (each area's files merged). */
export interface LanguageCatalogue {
  readonly ui: UiCatalogue;
  readonly screens: ScreensCatalogue;
  readonly dictation: DictationCatalogue;
  readonly failures: FailuresCatalogue;
  readonly services: ServicesCatalogue;
  readonly names: NamesCatalogue;
  readonly cli: CliCatalogue;
}

/** The words of the language `tag` (a BCP 47 tag, for `Intl`) from its catalogue and its CLI problem words. */
export function buildWords(tag: string, c: LanguageCatalogue, problems: CliProblemWords): Words {
  const services = serviceWords(tag, c.services, () => words);
  const { clockNoteText: _clockNote, ...serviceParts } = services;
  const words: Words = {
    tag,
    ...failureWords(tag, c.failures, () => services),
    ...serviceParts,
    ...nameWords(tag, c.names),
    ...dictationWords(tag, c.dictation),
    ...screenWords(tag, c.screens),
    ui: uiWords(tag, c.ui),
    cli: cliWords(tag, c.cli, problems),
  };
  return words;
}
