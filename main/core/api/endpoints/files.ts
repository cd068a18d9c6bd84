import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { z } from 'zod';
import { LimitError, checkSpeechLocales } from '../limits.ts';
import { call, requireServer, type CallOptions, type CoreContext } from './context.ts';
import { jobHandle, startJob, type AsyncJob } from './jobs.ts';

/** Transcription of an uploaded file (not public beyond its purpose; diarization fields pass through). */
const FileTranscriptSchema = z.looseObject({
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
  /** For the async form only (one is made when absent). */
  client_request_id?: string;
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
  if (request.specialty !== undefined) requireServer(ctx, 'choose-specialty');
}

/** POST /transcribe with a WAV file. */
export async function transcribeFile(
  ctx: CoreContext,
  path: string,
  request: TranscribeFileRequest,
  options: CallOptions = {},
): Promise<FileTranscript> {
  checkTranscribe(ctx, request);
  const { client_request_id: _unused, ...parameters } = request;
  return call(ctx, 'POST', '/transcribe', FileTranscriptSchema, 'transcribe', {
    form: await audioForm(path, parameters),
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
  // startJob sends JSON; file upload needs multipart, so start it here and reuse the poller. Like every
  // async start it carries a client_request_id, so a retry after a lost answer cannot start a second job.
  const parameters = { ...request, client_request_id: request.client_request_id ?? randomUUID() };
  const started = await call(
    ctx,
    'POST',
    '/transcribe-async',
    z.looseObject({ id: z.string() }),
    'transcribe-async',
    {
      form: await audioForm(path, parameters),
      idempotent: true,
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
  request: { dictation_locale: string; punctuation_mode?: 'EXPLICIT' },
  options: CallOptions = {},
): Promise<string> {
  requireServer(ctx, 'file-dictation');
  const answer = await call(ctx, 'POST', '/dictate', DictationResultSchema, 'dictate', {
    form: await audioForm(path, { punctuation_mode: 'EXPLICIT', ...request }),
    signal: options.signal,
  });
  return answer.dictation;
}

export interface DictateUrlRequest {
  /**
   * Where the service downloads the audio (http or https). The contract names the input "a file URL"
   * without its field name; `file_url` is this client's choice, shared with the local service.
   */
  file_url: string;
  dictation_locale: string;
  punctuation_mode?: 'EXPLICIT';
  /** One is made when absent. */
  client_request_id?: string;
}

const DictationPayload = DictationResultSchema.transform((answer) => answer.dictation);

/**
 * POST /dictate-async (server callers): dictation of an audio file the service downloads from a URL, result
 * by polling. The contract shows no poll path ("GET — poll dictation result"); this client polls
 * `GET /dictate-async/{id}`, the path every other async pair of the contract follows.
 */
export async function dictateUrlAsync(
  ctx: CoreContext,
  request: DictateUrlRequest,
  options: CallOptions = {},
): Promise<AsyncJob<string>> {
  requireServer(ctx, 'file-dictation');
  let url: URL | undefined;
  try {
    url = new URL(request.file_url);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    throw new LimitError('file_url_https', 'file_url');
  }
  return startJob(
    ctx,
    '/dictate-async',
    { punctuation_mode: 'EXPLICIT', ...request },
    DictationPayload,
    'dictate-async',
    options,
  );
}
