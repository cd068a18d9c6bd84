/**
 * A language's words from its catalogue: every builder of this folder over the files of
 * preload/words/<language>/ (its catalogue.ts names them). The same function builds English, French,
 * Spanish and the development pseudo-locale (pseudo.ts), so the logic is written once.
 */
import type * as ENGLISH from '../en/catalogue.ts';
import type { Words } from '../words.ts';
import { dictationWords } from './dictation.ts';
import { failureWords } from './failures.ts';
import { nameWords } from './names.ts';
import { problemWords } from './problems.ts';
import { screenWords } from './screens.ts';
import { serviceWords } from './services.ts';
import { uiWords } from './ui.ts';
import { cliWords } from './cli.ts';

/** A language's catalogue files, by name: English's (a file or a message missing is a type error). */
export type CatalogueFiles = typeof ENGLISH;

/** The words of the language `tag` (a BCP 47 tag, for `Intl`) from its catalogue files. */
export function buildWords(tag: string, f: CatalogueFiles): Words {
  const services = serviceWords(tag, { ...f.services, ...f.checks }, () => words);
  const { clockNoteText: _clockNote, ...serviceParts } = services;
  const words: Words = {
    tag,
    ...failureWords(tag, { ...f.errors, ...f.reasons, ...f.settings }, () => services),
    ...serviceParts,
    ...nameWords(tag, { ...f.names, ...f.mic, ...f.medication }),
    ...dictationWords(tag, f.dictation),
    ...screenWords(tag, { ...f.dictationScreen, ...f.schedule, ...f.app }),
    ui: uiWords(tag, { ...f.uiConnect, ...f.uiSettings, ...f.uiVisit }),
    cli: cliWords(
      tag,
      f.cli,
      problemWords(tag, f.problems, () => words),
    ),
  };
  return words;
}
