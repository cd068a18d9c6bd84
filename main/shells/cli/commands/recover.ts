/**
 * `scribe recover [--list] [ID] [--json]`: the sessions a crash, a kill or a second Ctrl+C left unfinished
 * in the journal, and sending one of them again (main/core/journal/recovery.ts). The result is printed exactly
 * as `transcribe` or `dictate` would have printed it, and the journal is shredded once it was sent. A journal
 * whose end was cut (a torn write, a zero-filled tail after a power cut) gives what is intact before the cut,
 * with one warning line on stderr. A dictation's voice commands are applied as `dictate` prints them, except
 * those acting on another application (field moves, select, stop), which are never replayed: one stderr line.
 */
import { parseArgs } from 'node:util';
import type { Config } from '../../../core/config/config-schema.ts';
import type { JournalStore } from '../../../core/journal/journal-store.ts';
import type { RecoverableJournal } from '../../../core/journal/journal-sidecars.ts';
import { resendRecovered } from '../../../core/journal/recovery.ts';
import { headless } from '../../../compose/headless.ts';
import { words } from '../../../../preload/words/index.ts';
import { CONNECTION_FLAGS, cliConfig, journalStore, type ConnectionFlags } from '../connect.ts';
import { CliError, EXIT, out, usageError } from '../io.ts';
import { clinicianTexts, printDictation } from './dictate.ts';
import type { CliCommand } from './registry.ts';
import { streamingConnection, streamingFailure } from '../streaming.ts';
import { printTranscript } from './transcribe.ts';

interface Listed extends RecoverableJournal {
  inUse: boolean;
}

/** Unfinished journals; one another process is still writing is listed as in use and never sent. */
async function listed(store: JournalStore): Promise<Listed[]> {
  return Promise.all(
    (await store.listRecoverable()).map(async (j) => ({ ...j, inUse: await store.inUse(j.id) })),
  );
}

function printList(journals: readonly Listed[], json: boolean): void {
  for (const j of journals) {
    const started = new Date(j.createdAt).toISOString();
    if (json)
      out(
        JSON.stringify({ id: j.id, kind: j.session, started_at: started, stale: j.stale, in_use: j.inUse }),
      );
    else {
      const said = words().cli.recover;
      const marks = [...(j.stale ? [said.stale] : []), ...(j.inUse ? [said.inUseMark] : [])];
      out([j.id, j.session, started, ...marks].join('  '));
    }
  }
}

/** The journal to send: the one named, or the only one there is. */
function choose(journals: readonly Listed[], id: string | undefined): Listed {
  const said = words().cli.recover;
  if (id !== undefined) {
    const named = journals.find((j) => j.id === id);
    if (!named) throw new CliError(said.noSuchSession(id), EXIT.usage);
    return named;
  }
  if (journals.length === 0) throw new CliError(said.noSession, EXIT.failure);
  if (journals.length > 1) throw new CliError(said.several(journals.length), EXIT.usage);
  return journals[0]!;
}

async function resend(config: Config, store: JournalStore, chosen: Listed, json: boolean): Promise<void> {
  if (chosen.inUse || !(await store.claim(chosen.id)))
    throw new CliError(words().cli.recover.inUse(chosen.id), EXIT.failure);
  try {
    const recovered = await store.recover(chosen.id);
    if (recovered.tailCut) process.stderr.write(`scribe: ${words().cli.recover.tailCut(chosen.id)}\n`);
    const texts = await clinicianTexts(config);
    const commands = headless.dictation.recoveredCommands({ enabled: config.dictationCommands, texts });
    const result = await resendRecovered(recovered, await streamingConnection(config), {
      journals: store,
      onDictatedText: (text, locale) => commands.update(text, locale),
    });
    if (result.kind === 'transcribe') return printTranscript(result.items, json);
    const { text, notReplayed } = commands.result(result.text);
    printDictation(text);
    const kinds = [...new Set(notReplayed.map((c) => c.kind))];
    if (kinds.length > 0)
      process.stderr.write(`scribe: ${words().cli.commandsNotReplayed(kinds.join(', '))}\n`);
  } catch (error) {
    throw streamingFailure(error);
  }
}

function parseRecoverArgs(args: string[]) {
  try {
    return parseArgs({
      args,
      options: { ...CONNECTION_FLAGS, list: { type: 'boolean' }, json: { type: 'boolean' } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw usageError(error);
  }
}

async function recover(args: string[]): Promise<number> {
  const { values, positionals } = parseRecoverArgs(args);
  const said = words().cli.recover;
  if (positionals.length > 1) throw new CliError(said.atMostOne, EXIT.usage);
  if (values.list && positionals.length > 0) throw new CliError(said.listTakesNoId, EXIT.usage);
  const config = await cliConfig(values as ConnectionFlags);
  const store = journalStore(config);
  const journals = await listed(store);
  if (values.list) printList(journals, values.json === true);
  else await resend(config, store, choose(journals, positionals[0]), values.json === true);
  return 0;
}

/** The `recover` command. */
export const recoverCommand: CliCommand = {
  name: 'recover',
  synopsis: 'recover [--list] [ID] [--json]',
  run: recover,
};
