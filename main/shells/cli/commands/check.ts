/**
 * `scribe check FILE|- [--json]`: the clinical text checks (main/core/checks, the code the window uses) on
 * a text file or standard input: each sentence with its findings and their polarity, and every flag
 * (doses, sound-alike drug names, sides). The text is the clinician's own, printed back to them on stdout;
 * nothing of it goes to stderr or a log. Runs offline: no configuration, no service.
 */
import { parseArgs } from 'node:util';
import { checkText } from '../../../core/checks/check-text.ts';
import { flagMessageArgs, type TextFlag } from '../../../../preload/contract/text-check-codes.ts';
import { words } from '../../../../preload/words/index.ts';
import { CliError, EXIT, out, usageError } from '../io.ts';
import { readTextInput } from '../text-input.ts';
import type { CliCommand } from './registry.ts';

function parseFlags(args: string[]) {
  try {
    return parseArgs({ args, options: { json: { type: 'boolean' } }, strict: true, allowPositionals: true });
  } catch (error) {
    throw usageError(error);
  }
}

/** A flag's line in the chosen language. */
function flagLine(flag: TextFlag): string {
  return words().cli.check.flags[flag.code](...flagMessageArgs(flag.facts));
}

async function check(args: string[]): Promise<number> {
  const said = words().cli.check;
  const { values, positionals } = parseFlags(args);
  if (positionals.length !== 1) throw new CliError(said.needsFile, EXIT.usage);
  const text = await readTextInput(positionals[0]!, 'check');
  const sentences = checkText(text);
  if (values.json) {
    const withText = sentences.map((s) => ({ text: text.slice(s.start, s.end), ...s }));
    out(JSON.stringify({ sentences: withText }, null, 2));
    return 0;
  }
  if (sentences.length === 0) out(said.none);
  sentences.forEach((sentence, i) => {
    out(said.sentence(i + 1, text.slice(sentence.start, sentence.end)));
    for (const finding of sentence.findings) out(said.finding(finding.term, finding.polarity));
    for (const flag of sentence.flags) out(flagLine(flag));
  });
  return 0;
}

/** The `check` command. */
export const checkCommand: CliCommand = {
  name: 'check',
  synopsis: 'check FILE|- [--json]',
  run: (args) => check(args),
};
