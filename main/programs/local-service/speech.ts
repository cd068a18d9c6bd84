import { sentences } from './clinical/recognition.ts';

/**
 * "Speech recognition" for the local service. It cannot hear, so test audio carries its script: a WAV
 * file whose LIST/INFO `ICMT` comment holds the words spoken (lines may start with "Doctor:" or
 * "Patient:"). The audio itself decides the duration and timing; audio without a script yields no words.
 */

/** What a WAV file says about itself. */
export interface WavInfo {
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  durationMs: number;
  script: string | undefined;
}

/** Reads a RIFF/WAVE header and its INFO comment; undefined when the bytes are not a WAV file. */
export function readWav(bytes: Uint8Array): WavInfo | undefined {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buf.length < 12 || buf.toString('ascii', 0, 4) !== 'RIFF' || buf.toString('ascii', 8, 12) !== 'WAVE')
    return undefined;
  let sampleRate = 0;
  let channels = 0;
  let bitsPerSample = 0;
  let dataBytes = 0;
  let script: string | undefined;
  for (let offset = 12; offset + 8 <= buf.length;) {
    const id = buf.toString('ascii', offset, offset + 4);
    const size = buf.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ' && size >= 16) {
      channels = buf.readUInt16LE(body + 2);
      sampleRate = buf.readUInt32LE(body + 4);
      bitsPerSample = buf.readUInt16LE(body + 14);
    } else if (id === 'data') dataBytes = Math.min(size, buf.length - body);
    else if (id === 'LIST' && buf.toString('ascii', body, body + 4) === 'INFO')
      script = readInfoComment(buf, body + 4, body + size) ?? script;
    offset = body + size + (size % 2);
  }
  const bytesPerMs = (sampleRate * channels * (bitsPerSample / 8)) / 1000;
  if (!bytesPerMs) return undefined;
  return { sampleRate, channels, bitsPerSample, durationMs: Math.round(dataBytes / bytesPerMs), script };
}

function readInfoComment(buf: Buffer, start: number, end: number): string | undefined {
  for (let offset = start; offset + 8 <= Math.min(end, buf.length);) {
    const id = buf.toString('ascii', offset, offset + 4);
    const size = buf.readUInt32LE(offset + 4);
    if (id === 'ICMT') return buf.toString('utf8', offset + 8, offset + 8 + size).replace(/\0+$/, '');
    offset += 8 + size + (size % 2);
  }
  return undefined;
}

/** A recognized item with its timing. */
export interface HeardItem {
  text: string;
  speaker_type: 'DOCTOR' | 'PATIENT' | 'UNSPECIFIED';
  start_offset_ms: number;
  end_offset_ms: number;
}

/** Splits a script into sentence items spread over the audio's duration by word count. */
export function hearScript(script: string | undefined, durationMs: number): HeardItem[] {
  if (!script) return [];
  const parts = script.split('\n').flatMap((raw) => {
    const label = /^\s*(doctor|patient)\s*:\s*/i.exec(raw);
    const speaker = label ? (label[1]!.toUpperCase() as 'DOCTOR' | 'PATIENT') : ('UNSPECIFIED' as const);
    return sentences(label ? raw.slice(label[0].length) : raw).map((text) => ({ text, speaker }));
  });
  const words = parts.map((part) => Math.max(1, part.text.split(/\s+/).length));
  const total = words.reduce((a, b) => a + b, 0);
  let cursor = 0;
  return parts.map((part, index) => {
    const start = Math.round((cursor / total) * durationMs);
    cursor += words[index]!;
    return {
      text: part.text,
      speaker_type: part.speaker,
      start_offset_ms: start,
      end_offset_ms: Math.round((cursor / total) * durationMs),
    };
  });
}

/** A whole-word pattern that also works next to accented letters (\\b does not). */
function spoken(words: string): RegExp {
  return new RegExp(`(?<![\\p{L}])${words}(?![\\p{L}])`, 'giu');
}

const SPOKEN_PUNCTUATION: Record<string, [RegExp, string][]> = {
  en: [
    [spoken('new paragraph'), '\n\n'],
    [spoken('new line'), '\n'],
    [spoken('question mark'), '?'],
    [spoken('exclamation (?:mark|point)'), '!'],
    [spoken('semicolon'), ';'],
    [spoken('colon'), ':'],
    [spoken('comma'), ','],
    [spoken('(?:period|full stop)'), '.'],
  ],
  fr: [
    [spoken('nouveau paragraphe'), '\n\n'],
    [spoken('à la ligne'), '\n'],
    [spoken("point d'interrogation"), '?'],
    [spoken('point-virgule'), ';'],
    [spoken('deux-points'), ':'],
    [spoken('virgule'), ','],
    [spoken('point'), '.'],
  ],
  es: [
    [spoken('nuevo párrafo'), '\n\n'],
    [spoken('nueva línea'), '\n'],
    [spoken('signo de interrogación'), '?'],
    [spoken('punto y coma'), ';'],
    [spoken('dos puntos'), ':'],
    [spoken('coma'), ','],
    [spoken('punto'), '.'],
  ],
};

/**
 * EXPLICIT punctuation: the words of the script are heard without their written punctuation, and
 * spoken punctuation ("comma", "period", "new line", "new paragraph") becomes the mark itself.
 */
export function dictateExplicit(script: string | undefined, locale: string): string {
  if (!script) return '';
  const language = locale.startsWith('FRENCH') ? 'fr' : locale.startsWith('SPANISH') ? 'es' : 'en';
  let text = script
    .replace(/^\s*(doctor|patient)\s*:\s*/gim, '')
    .replace(/[.,;:!?]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  for (const [pattern, mark] of SPOKEN_PUNCTUATION[language]!) text = text.replace(pattern, mark);
  text = text
    .replace(/ +([.,;:!?\n])/g, '$1')
    .replace(/([.,;:!?])(?=[^\s\n])/g, '$1 ')
    .replace(/\n +/g, '\n')
    .replace(
      /(^|[.!?]\s+|\n)(\p{Ll})/gu,
      (_m, before: string, letter: string) => before + letter.toUpperCase(),
    );
  return text.trim();
}

/**
 * Builds a 16 kHz mono 16-bit WAV of `durationMs` (a quiet tone) whose INFO comment carries `script`,
 * the format `readWav` understands. For tests and demo recordings.
 */
export function writeScriptedWav(script: string, durationMs: number): Uint8Array {
  const sampleRate = 16_000;
  const samples = Math.round((sampleRate * durationMs) / 1000);
  const comment = Buffer.from(`${script}\0`, 'utf8');
  const commentPadded = comment.length + (comment.length % 2);
  const listSize = 4 + 8 + commentPadded;
  const dataSize = samples * 2;
  const buf = Buffer.alloc(12 + 24 + 8 + listSize + 8 + dataSize);
  let o = 0;
  o = buf.write('RIFF', o, 'ascii');
  o = buf.writeUInt32LE(buf.length - 8, o);
  o += buf.write('WAVEfmt ', o, 'ascii');
  o = buf.writeUInt32LE(16, o);
  o = buf.writeUInt16LE(1, o);
  o = buf.writeUInt16LE(1, o);
  o = buf.writeUInt32LE(sampleRate, o);
  o = buf.writeUInt32LE(sampleRate * 2, o);
  o = buf.writeUInt16LE(2, o);
  o = buf.writeUInt16LE(16, o);
  o += buf.write('LIST', o, 'ascii');
  o = buf.writeUInt32LE(listSize, o);
  o += buf.write('INFOICMT', o, 'ascii');
  o = buf.writeUInt32LE(comment.length, o);
  comment.copy(buf, o);
  o += commentPadded;
  o += buf.write('data', o, 'ascii');
  o = buf.writeUInt32LE(dataSize, o);
  for (let i = 0; i < samples; i++)
    o = buf.writeInt16LE(Math.round(1000 * Math.sin((2 * Math.PI * 220 * i) / sampleRate)), o);
  return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
}
