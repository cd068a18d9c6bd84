/**
 * Build time only (vite.config.ts): a language's catalogue file with every message that has ICU syntax
 * replaced by its parsed form, exactly as messages.ts parses it at run time. The window's build then ships
 * no ICU parser (it aliases FormatJS's parser to its parser-less build) and parses nothing when it starts.
 * A message without syntax stays a text: it is its own words, and smaller than its parsed form.
 */
import { hasSyntax, parseMessage, type Catalogue } from './messages.ts';

/** `catalogue` (in the locale `tag`) with its messages parsed where they have syntax. */
export function precompileCatalogue(catalogue: Catalogue, tag: string): Catalogue {
  return Object.fromEntries(
    Object.entries(catalogue).map(([key, message]) => [
      key,
      typeof message !== 'string'
        ? Array.isArray(message)
          ? message
          : precompileCatalogue(message as Catalogue, tag)
        : hasSyntax(message)
          ? parseMessage(message, tag)
          : message,
    ]),
  );
}

/** The catalogue file a module id names, with its language (`…/preload/words/fr/ui-visit.json` → `fr`). */
export function catalogueLanguage(id: string): string | undefined {
  return /[\\/]preload[\\/]words[\\/]([a-z]{2})[\\/][^\\/]+\.json$/.exec(id)?.[1];
}
