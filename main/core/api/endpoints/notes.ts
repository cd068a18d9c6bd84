import type { z } from 'zod';
import {
  GenerateNoteResponseSchema,
  type EditNoteRequest,
  type GenerateNoteRequest,
  type Note,
} from '../schemas/note.ts';
import { checkEditNote, checkGenerateNote } from '../validate.ts';
import { call, type CallOptions, type CoreContext } from './context.ts';
import { startJob, type AsyncJob } from './jobs.ts';

const unwrapNote = (answer: z.infer<typeof GenerateNoteResponseSchema>): Note =>
  'note' in answer && answer.note && typeof answer.note === 'object'
    ? (answer.note as Note)
    : (answer as Note);

/** POST /generate-note (server and user callers). */
export async function generateNote(
  ctx: CoreContext,
  request: GenerateNoteRequest,
  options: CallOptions = {},
): Promise<Note> {
  // client_request_id belongs to async starts; the synchronous endpoint takes none and is never retried.
  const { client_request_id: _unused, ...body } = checkGenerateNote(request, ctx.auth.caller);
  const answer = await call(ctx, 'POST', '/generate-note', GenerateNoteResponseSchema, 'generate-note', {
    body,
    signal: options.signal,
  });
  return unwrapNote(answer);
}

/** POST /generate-note-async, then poll GET /generate-note-async/{id}. */
export async function generateNoteAsync(
  ctx: CoreContext,
  request: GenerateNoteRequest,
  options: CallOptions = {},
): Promise<AsyncJob<Note>> {
  const body = checkGenerateNote(request, ctx.auth.caller);
  const payload = GenerateNoteResponseSchema.transform(unwrapNote);
  return startJob(ctx, '/generate-note-async', body, payload, 'generate-note-async', options);
}

/** POST /edit-note-with-instructions. */
export async function editNoteWithInstructions(
  ctx: CoreContext,
  request: EditNoteRequest,
  options: CallOptions = {},
): Promise<Note> {
  checkEditNote(request);
  const answer = await call(
    ctx,
    'POST',
    '/edit-note-with-instructions',
    GenerateNoteResponseSchema,
    'edit-note',
    {
      body: request,
      signal: options.signal,
    },
  );
  return unwrapNote(answer);
}
