import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { z } from 'zod';
import { checkSpeechLocales } from '../limits.ts';
import { call, requireServer, type CallOptions, type CoreContext } from './context.ts';
import { jobHandle, type AsyncJob } from './jobs.ts';

/** Transcription of an uploaded file (not public beyond its purpose; diarization fields pass through). */
export const FileTranscriptSchema = z.looseObject({
  transcript_items: z.array(
    z.looseObject({
      text: z.string(),
      speaker_type: z.string().optional(),
      start_offset_ms: z.number().optional(),
      end_offset_ms: z.number().optional(),
    }),
  ),
});
export type FileTranscript = z.infer<typeof FileTranscriptSchema>;

export interface TranscribeFileRequest {
  speech_locales: string[];
  /** Server callers only. */
  specialty?: string;
}

async function audioForm(path: string, parameters: unknown): Promise<FormData> {
  const bytes = await readFile(path);
  const form = new FormData();
  form.set('request_parameters', new Blob([JSON.stringify(parameters)], { type: 'application/json' }));
  form.set('file', new Blob([bytes], { type: 'audio/wav' }), basename(path));
  return form;
}

function checkTranscribe(ctx: CoreContext, request: TranscribeFileRequest): void {
  checkSpeechLocales(request.speech_locales);
  if (request.specialty !== undefined) requireServer(ctx, 'Choosing a specialty');
}

/** POST /transcribe with a WAV file. */
export async function transcribeFile(
  ctx: CoreContext,
  path: string,
  request: TranscribeFileRequest,
  options: CallOptions = {},
): Promise<FileTranscript> {
  checkTranscribe(ctx, request);
  return call(ctx, 'POST', '/transcribe', FileTranscriptSchema, 'transcribe', {
    form: await audioForm(path, request),
    signal: options.signal,
  });
}

/** POST /transcribe-async with a file, then poll. */
export async function transcribeFileAsync(
  ctx: CoreContext,
  path: string,
  request: TranscribeFileRequest,
  options: CallOptions = {},
): Promise<AsyncJob<FileTranscript>> {
  checkTranscribe(ctx, request);
  // startJob sends JSON; file upload needs multipart, so start it here and reuse the poller.
  const started = await call(
    ctx,
    'POST',
    '/transcribe-async',
    z.looseObject({ id: z.string() }),
    'transcribe-async',
    {
      form: await audioForm(path, request),
      signal: options.signal,
    },
  );
  return jobHandle(
    ctx,
    '/transcribe-async',
    started.id,
    FileTranscriptSchema,
    'transcribe-async',
    Date.now(),
  );
}

export const DictationResultSchema = z.looseObject({ dictation: z.string() });

/** POST /dictate (server callers): dictation of a file of at most 10 minutes. */
export async function dictateFile(
  ctx: CoreContext,
  path: string,
  request: { dictate_locale: string; punctuation_mode?: 'EXPLICIT' },
  options: CallOptions = {},
): Promise<string> {
  requireServer(ctx, 'File dictation');
  const answer = await call(ctx, 'POST', '/dictate', DictationResultSchema, 'dictate', {
    form: await audioForm(path, { punctuation_mode: 'EXPLICIT', ...request }),
    signal: options.signal,
  });
  return answer.dictation;
}
