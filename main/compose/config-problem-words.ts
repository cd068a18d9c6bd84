/**
 * The configuration's problems in the words of the current locale (preload/words: each names its key, where
 * it was set and what is wrong, from its facts), for what a person reads: the CLI's line, the app's failed
 * start, the browser preview's terminal. `ConfigProblem.message` stays the English of logs and tests.
 */
import { words } from '../../preload/words/index.ts';
import type { ConfigProblem } from '../core/config/resolve-config.ts';

/** One sentence per problem. */
export function configProblemTexts(problems: readonly ConfigProblem[]): string[] {
  const cli = words().cli;
  return problems.map((p) =>
    cli.configProblem(
      { key: p.key, layer: p.source.layer, ...(p.source.origin ? { origin: p.source.origin } : {}) },
      p.facts,
    ),
  );
}

/** "Configuration:" and the problems, one a line (a dialog, a terminal). */
export function configProblemsBlock(problems: readonly ConfigProblem[]): string {
  return words().cli.configuration(
    configProblemTexts(problems)
      .map((text) => `\n  - ${text}`)
      .join(''),
  );
}
