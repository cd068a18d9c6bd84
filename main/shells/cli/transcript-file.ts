import { z } from 'zod';
import { SPEAKER_TYPES } from '../../core/api/schemas/common.ts';
import type { TranscriptItemInput } from '../../core/api/schemas/note.ts';
import { CliError, EXIT } from './io.ts';
import { words } from '../../../preload/words/index.ts';

const JsonItem = z.looseObject({
  text: z.string(),
  speaker_type: z.enum(SPEAKER_TYPES).optional(),
  start_ms: z.number().int().nonnegative().optional(),
  end_ms: z.number().int().nonnegative().optional(),
  start_offset_ms: z.number().int().nonnegative().optional(),
  end_offset_ms: z.number().int().nonnegative().optional(),
  is_final: z.boolean().optional(),
  /** The run's speech locales (`scribe transcribe --json` writes them on each line). */
  speech_locales: z.array(z.string().max(40)).max(2).optional(),
});

const SPEAKER_PREFIX = /^(DOCTOR|PATIENT|UNSPECIFIED)\s*:\s*(.*)$/;

/**
 * Reads a transcript file: JSON lines of transcript items (as `scribe transcribe --json` prints them, or
 * the service's TRANSCRIPT_ITEM shape), or plain lines, optionally `SPEAKER: text` (as `scribe transcribe`
 * prints them). Partial items (is_final false) are left out: only final items go to note generation.
 */
export function parseTranscript(text: string): TranscriptItemInput[] {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const items: TranscriptItemInput[] = [];
  lines.forEach((line, index) => {
    const item = line.startsWith('{') ? jsonItem(line, index + 1) : plainItem(line);
    if (item) items.push(item);
  });
  // Items with offsets are sorted on the timeline; plain lines keep file order.
  if (items.every((item) => item.start_offset_ms !== undefined)) {
    items.sort((a, b) => a.start_offset_ms! - b.start_offset_ms!);
  }
  return items;
}

/** A JSON line's item; null for a partial (is_final false). */
function jsonItem(line: string, lineNo: number): TranscriptItemInput | null {
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch {
    throw new CliError(words().cli.input.lineNotJson(lineNo), EXIT.usage);
  }
  const parsed = JsonItem.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join('.') || 'item';
    throw new CliError(words().cli.input.lineInvalid(lineNo, field, issue?.code ?? 'invalid'), EXIT.usage);
  }
  const item = parsed.data;
  if (item.is_final === false) return null;
  const start = item.start_offset_ms ?? item.start_ms;
  const end = item.end_offset_ms ?? item.end_ms;
  return {
    text: item.text,
    speaker_type: item.speaker_type ?? 'UNSPECIFIED',
    ...(start !== undefined ? { start_offset_ms: start } : {}),
    ...(end !== undefined ? { end_offset_ms: end } : {}),
  };
}

/** A plain line, optionally `SPEAKER: text`. */
function plainItem(line: string): TranscriptItemInput {
  const match = SPEAKER_PREFIX.exec(line);
  return match ? { text: match[2]!, speaker_type: match[1]! } : { text: line, speaker_type: 'UNSPECIFIED' };
}

/** The speech locales a JSON-lines transcript says it was recorded in (none: not said, or plain lines). */
export function transcriptSpeechLocales(text: string): string[] {
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim().startsWith('{')) continue;
    const item = JsonItem.safeParse(JSON.parse(line)); // parseTranscript read every line already
    if (item.success && item.data.speech_locales) return item.data.speech_locales;
  }
  return [];
}
