import { z } from 'zod';
import { badRequest } from '../errors.ts';
import { asyncRoutes, clientRequestId } from '../jobs.ts';
import { parseWith, type Route, type RouteContext } from '../router.ts';
import { DICTATION_LOCALES, SPEAKER_TYPES, speechLocales } from '../schemas.ts';
import { dictateExplicit, hearScript, readWav } from '../speech.ts';
import type { ServiceDeps } from './deps.ts';

/** Files longer than this are refused by the synchronous endpoints (public facts: 10 minutes). */
const MAX_SYNC_AUDIO_MS = 10 * 60 * 1000;

const transcribeParams = {
  speech_locales: speechLocales,
  speaker_type: z.enum(SPEAKER_TYPES).optional(),
};
const dictateParams = z.strictObject({
  dictation_locale: z.enum(DICTATION_LOCALES),
  punctuation_mode: z.enum(['EXPLICIT']),
});
/**
 * `/dictate-async`: the contract says "from a file URL" without naming the field; `file_url` is this
 * double's choice (and the client's).
 */
const dictateUrlRequest = dictateParams.extend({
  file_url: z.url({ protocol: /^https?$/ }),
  client_request_id: clientRequestId,
});

/** Hosts this double downloads from: loopback only, so the app's bundled service never fetches the web. */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Downloads the audio of a `/dictate-async` request. */
async function download(fileUrl: string): Promise<Uint8Array> {
  const url = new URL(fileUrl);
  if (!LOOPBACK_HOSTS.has(url.hostname))
    throw badRequest('file_url: this local service downloads only from loopback');
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(10_000), redirect: 'error' });
  } catch {
    throw badRequest('file_url could not be downloaded');
  }
  if (!response.ok) throw badRequest(`file_url could not be downloaded (HTTP ${response.status})`);
  const type = (response.headers.get('content-type') ?? '').toLowerCase();
  if (!type.startsWith('audio/')) throw badRequest('file_url must serve an audio/* content type');
  return new Uint8Array(await response.arrayBuffer());
}

/** Reads `request_parameters` (JSON text part) and `file` (audio/*) from a multipart body. */
async function readAudioForm(ctx: RouteContext): Promise<{ params: unknown; audio: Uint8Array }> {
  const form = await ctx.form();
  const rawParams = form.get('request_parameters');
  const file = form.get('file');
  if (rawParams === null) throw badRequest('request_parameters part is required');
  const paramsText = typeof rawParams === 'string' ? rawParams : await rawParams.text();
  let params: unknown;
  try {
    params = JSON.parse(paramsText);
  } catch {
    throw badRequest('request_parameters must be JSON');
  }
  ctx.recordFields(params);
  if (file === null || typeof file === 'string') throw badRequest('file part is required and must be a file');
  if (!file.type.toLowerCase().startsWith('audio/'))
    throw badRequest('file must have an audio/* content type');
  return { params, audio: new Uint8Array(await file.arrayBuffer()) };
}

function hear(audio: Uint8Array, maxMs: number | undefined) {
  const wav = readWav(audio);
  if (wav && maxMs !== undefined && wav.durationMs > maxMs)
    throw badRequest('audio is longer than 10 minutes; use the asynchronous endpoint');
  return wav;
}

type TranscribeInput = { params: { speech_locales: string[]; speaker_type?: string }; audio: Uint8Array };

function transcribe(input: TranscribeInput, maxMs: number | undefined) {
  const wav = hear(input.audio, maxMs);
  const forced =
    input.params.speaker_type && input.params.speaker_type !== 'UNSPECIFIED'
      ? input.params.speaker_type
      : undefined;
  const items = hearScript(wav?.script, wav?.durationMs ?? 0).map((item) => ({
    ...item,
    speaker_type: forced ?? item.speaker_type,
    locale: input.params.speech_locales[0],
  }));
  return { transcript_items: items };
}

async function parseTranscribe(ctx: RouteContext, isAsync: boolean) {
  const { params, audio } = await readAudioForm(ctx);
  const shape = {
    ...transcribeParams,
    ...(ctx.family === 'server' ? { specialty: z.string().min(1).max(200).optional() } : {}),
    ...(isAsync ? { client_request_id: clientRequestId } : {}),
  };
  const parsed = parseWith(
    z.strictObject(shape),
    params,
    'request_parameters',
  ) as TranscribeInput['params'] & { client_request_id?: string };
  return { params: parsed, audio };
}

/** transcribe (sync and async) and dictate. */
export function audioRoutes(deps: ServiceDeps): Route[] {
  return [...transcribeRoutes(deps), ...dictateRoutes(deps)];
}

function transcribeRoutes(deps: ServiceDeps): Route[] {
  const both = ['server', 'user'] as const;
  return [
    {
      method: 'POST',
      path: '/transcribe',
      families: both,
      handle: async (ctx) => ({ body: transcribe(await parseTranscribe(ctx, false), MAX_SYNC_AUDIO_MS) }),
    },
    ...asyncRoutes(deps.jobs, {
      path: '/transcribe',
      families: both,
      parse: async (ctx) => {
        const input = await parseTranscribe(ctx, true);
        return { clientRequestId: (input.params as { client_request_id?: string }).client_request_id, input };
      },
      compute: (input) => transcribe(input, undefined),
    }),
  ];
}

function dictateRoutes(deps: ServiceDeps): Route[] {
  return [
    {
      method: 'POST',
      path: '/dictate',
      families: ['server'],
      since: '2025-01-07',
      handle: async (ctx) => {
        const { params, audio } = await readAudioForm(ctx);
        const request = parseWith(dictateParams, params, 'request_parameters');
        const wav = hear(audio, MAX_SYNC_AUDIO_MS);
        return { body: { dictation: dictateExplicit(wav?.script, request.dictation_locale) } };
      },
    },
    // The poll path is not shown by the contract ("GET — poll dictation result"): the double serves the
    // `GET /dictate-async/{id}` every other async pair uses.
    ...asyncRoutes(deps.jobs, {
      path: '/dictate',
      families: ['server'],
      since: '2025-01-07',
      parse: async (ctx) => {
        const request = parseWith(dictateUrlRequest, ctx.json());
        return {
          clientRequestId: request.client_request_id,
          input: { locale: request.dictation_locale, audio: await download(request.file_url) },
        };
      },
      compute: (input) => ({
        dictation: dictateExplicit(hear(input.audio, undefined)?.script, input.locale),
      }),
    }),
  ];
}
