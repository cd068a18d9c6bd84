/**
 * `scribe transcribe <audio.wav | --mic [device]>`: ambient transcription through the app's own visit path
 * (main/features/visit/headless-visit.ts, through main/compose/headless.ts): the input captured behind the same metered tap (a long silence is one
 * warning line), the same live transcriber (journal, then the session: reconnects, replay, one timeline) and
 * the same transcript store. Prints the final transcript in time order.
 */
import { checkSpeechLocales } from '../../../core/api/limits.ts';
import { SPEAKER_TYPES, SPEECH_LOCALES, type SpeakerType } from '../../../core/api/schemas/common.ts';
import { openAudioSource } from '../../../core/audio/index.ts';
import type { Config } from '../../../core/config/config-schema.ts';
import type { FinalTranscriptItem } from '../../../core/streaming/transcript.ts';
import { headless } from '../../../compose/headless.ts';
import { cliConfig, type ConnectionFlags } from '../connect.ts';
import { CliError, EXIT, out } from '../io.ts';
import { audioSpec, parseCommand } from '../streaming.ts';
import type { CliCommand } from './registry.ts';
import { cliTranscriber, runVisit } from './transcribe-run.ts';
import { words } from '../../../../preload/words/index.ts';

/** The checked speech locales: flags, or the configured ones. */
function speechLocales(flags: string[] | undefined, config: Config): string[] {
  const locales = flags && flags.length > 0 ? flags : [...config.speechLocales];
  const unknown = locales.find((l) => !(SPEECH_LOCALES as readonly string[]).includes(l));
  if (unknown !== undefined) throw new CliError(words().cli.audio.notSpeechLocale(unknown), EXIT.usage);
  checkSpeechLocales(locales); // LimitError: "Nothing was sent."
  return locales;
}

function speakerType(flag: string | undefined): SpeakerType {
  if (flag === undefined) return 'UNSPECIFIED';
  if (!(SPEAKER_TYPES as readonly string[]).includes(flag))
    throw new CliError(words().cli.oneOf('--speaker', SPEAKER_TYPES.join(', ')), EXIT.usage);
  return flag as SpeakerType;
}

async function transcribe(args: string[]): Promise<number> {
  const { values, positionals } = parseCommand(args, {
    locale: { type: 'string', multiple: true },
    speaker: { type: 'string' },
    json: { type: 'boolean' },
  });
  // Everything is checked before a token is asked for or a socket opened.
  const config = await cliConfig(values as ConnectionFlags);
  const locales = speechLocales(values.locale as string[] | undefined, config);
  const speaker = speakerType(values.speaker as string | undefined);
  const spec = await audioSpec('transcribe', values, positionals);
  const transcriber = await cliTranscriber(config, values['no-journal'] !== true);
  const source = openAudioSource(spec);
  const visit = headless.visit.record({
    source,
    stream: { id: 'audio', speakerType: speaker },
    locales,
    transcriber,
    onWarnings: transcriber.onWarnings,
    onHealth: transcriber.onHealth,
  });
  await runVisit(visit, source, () =>
    printTranscript(visit.transcript.finalInputs({ verbatim: true }), values.json === true, locales),
  );
  return 0;
}

/** Prints a final transcript: `SPEAKER: text` lines, or one JSON object per line (also `scribe recover`). */
export function printTranscript(
  items: readonly FinalTranscriptItem[],
  json: boolean,
  /** The run's speech locales, on each JSON line (`scribe note --evidence` reads them). */
  locales: readonly string[] = [],
): void {
  for (const item of items) {
    out(
      json
        ? JSON.stringify({
            text: item.text,
            speaker_type: item.speaker_type,
            start_ms: item.start_offset_ms,
            end_ms: item.end_offset_ms,
            ...(locales.length > 0 ? { speech_locales: locales } : {}),
          })
        : `${item.speaker_type}: ${item.text}`,
    );
  }
}

/** The `transcribe` command. */
export const transcribeCommand: CliCommand = {
  name: 'transcribe',
  synopsis:
    'transcribe <audio.wav | --mic [device]> [--locale L]... [--speaker DOCTOR|PATIENT|UNSPECIFIED] [--fast] [--json] [--no-journal]',
  run: transcribe,
};
