/**
 * A language's words from its catalogue: every builder of this folder over the files of
 * preload/words/<language>/ (its catalogue.ts names them). The same functions build English, French,
 * Spanish and the development pseudo-locale (pseudo.ts), so the logic is written once. The window builds
 * only its part (window-catalogue.ts's files); main and the CLI build the whole.
 */
import type * as ENGLISH from '../en/catalogue.ts';
import type * as ENGLISH_WINDOW from '../en/window-catalogue.ts';
import type { WindowWords, Words } from '../words.ts';
import { appWords } from './app.ts';
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
/** The files of a language's catalogue the window shows, by name: English's, likewise. */
export type WindowCatalogueFiles = typeof ENGLISH_WINDOW;

/** The window's words in the language `tag` (a BCP 47 tag, for `Intl`) from its catalogue files. */
export function buildWindowWords(tag: string, f: WindowCatalogueFiles): WindowWords {
  const services = serviceWords(tag, { ...f.services, ...f.checks }, () => words);
  const { clockNoteText: _clockNote, ...serviceParts } = services;
  const words: WindowWords = {
    tag,
    ...failureWords(tag, { ...f.errors, ...f.reasons, ...f.settings }, () => services),
    ...serviceParts,
    ...nameWords(tag, { ...f.names, ...f.mic, ...f.medication }),
    ...dictationWords(tag, f.dictation),
    ...screenWords(tag, { ...f.dictationScreen, ...f.schedule }),
    ui: uiWords(tag, { ...f.uiConnect, ...f.uiSettings, ...f.uiVisit }),
  };
  return words;
}

/** Every word of the language `tag` from its catalogue files: the window's, the shell's and the CLI's. */
export function buildWords(tag: string, f: CatalogueFiles): Words {
  const words: Words = {
    ...buildWindowWords(tag, f),
    ...appWords(tag, f.app),
    cli: cliWords(
      tag,
      f.cli,
      problemWords(tag, f.problems, () => words),
    ),
  };
  return words;
}
