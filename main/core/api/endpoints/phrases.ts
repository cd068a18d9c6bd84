import { z } from 'zod';
import { ResponseShapeError } from '../errors.ts';
import { checkBulkSize, LimitError } from '../limits.ts';
import {
  DotPhraseListSchema,
  DotPhraseSchema,
  TextReplacementListSchema,
  TextReplacementSchema,
  type DotPhrase,
  type TextReplacement,
} from '../schemas/account.ts';
import { call, enc, requireUser, type CallOptions, type CoreContext } from './context.ts';
import type { CallerOperation } from '../../../../preload/contract/index.ts';

/**
 * Dot phrases and dictation text replacements (user callers). Their field names are not public; they
 * are modelled in ../schemas/account.ts and in the input types here, and nowhere else.
 */
interface DotPhraseInput {
  trigger: string;
  content: string;
}
export interface TextReplacementInput {
  /** What is said (and what the dictation engine writes). */
  original_text: string;
  /** What should be written instead. */
  replacement_text: string;
}

/** Every page of a list (the service pages them; a clinician may have more than one page of phrases). */
async function allPages<T>(
  fetchPage: (
    cursor: string | undefined,
  ) => Promise<{ data: T[]; has_more?: boolean; next_cursor?: string | null }>,
): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | undefined;
  // Bounded: a service answering has_more forever must not hang the Settings screen. A list cut short is
  // an error, never a short list: the Texts' sync would take what is missing for deleted.
  for (let pages = 0; pages < 100; pages++) {
    const page = await fetchPage(cursor);
    items.push(...page.data);
    if (!page.has_more) return items;
    if (!page.next_cursor || page.next_cursor === cursor) break;
    cursor = page.next_cursor;
  }
  throw new ResponseShapeError('answer_not_understood');
}

function checkPhrase(input: Partial<DotPhraseInput>): void {
  if (input.trigger !== undefined && !/^\S+$/.test(input.trigger)) {
    throw new LimitError('phrase_trigger_format', 'trigger');
  }
  if (input.content !== undefined && input.content.trim() === '')
    throw new LimitError('phrase_content_empty', 'content');
}

const BulkResult = z.looseObject({ dot_phrases: z.array(DotPhraseSchema) });
const Deleted = z.unknown();

/** The context of each call, checked to be a user caller's (`what` names the feature in the error). */
function userContext(context: () => CoreContext, what: CallerOperation): () => CoreContext {
  return () => {
    const c = context();
    requireUser(c, what);
    return c;
  };
}

/** Dot phrases: list, single CRUD, and bulk create/update/delete of at most 100 items per request. */
export function dotPhrasesApi(context: () => CoreContext) {
  const ctx = userContext(context, 'dot-phrases');
  return { ...singlePhraseCalls(ctx), ...bulkPhraseCalls(ctx) };
}

function singlePhraseCalls(ctx: () => CoreContext) {
  return {
    list: (options?: CallOptions): Promise<DotPhrase[]> =>
      allPages((cursor) =>
        call(ctx(), 'GET', '/dot-phrases', DotPhraseListSchema, 'list-dot-phrases', {
          query: { cursor },
          ...options,
        }),
      ),
    create: async (input: DotPhraseInput, options?: CallOptions): Promise<DotPhrase> => {
      checkPhrase(input);
      return call(ctx(), 'POST', '/dot-phrases', DotPhraseSchema, 'create-dot-phrase', {
        body: input,
        ...options,
      });
    },
    update: async (id: string, patch: Partial<DotPhraseInput>, options?: CallOptions): Promise<DotPhrase> => {
      checkPhrase(patch);
      return call(ctx(), 'PATCH', `/dot-phrases/${enc(id)}`, DotPhraseSchema, 'update-dot-phrase', {
        body: patch,
        idempotent: true,
        ...options,
      });
    },
    remove: async (id: string, options?: CallOptions): Promise<void> =>
      call(ctx(), 'DELETE', `/dot-phrases/${enc(id)}`, Deleted, 'delete-dot-phrase', options).then(
        () => undefined,
      ),
  };
}

function bulkPhraseCalls(ctx: () => CoreContext) {
  return {
    bulkCreate: async (items: DotPhraseInput[], options?: CallOptions): Promise<DotPhrase[]> => {
      checkBulkSize(items, 'dot_phrases', 'dot_phrases');
      items.forEach(checkPhrase);
      return call(ctx(), 'POST', '/dot-phrases/bulk-create', BulkResult, 'bulk-create-dot-phrases', {
        body: { dot_phrases: items },
        ...options,
      }).then((r) => r.dot_phrases);
    },
    bulkUpdate: async (
      items: Array<{ id: string } & Partial<DotPhraseInput>>,
      options?: CallOptions,
    ): Promise<DotPhrase[]> => {
      checkBulkSize(items, 'dot_phrases', 'dot_phrases');
      items.forEach(checkPhrase);
      return call(ctx(), 'POST', '/dot-phrases/bulk-update', BulkResult, 'bulk-update-dot-phrases', {
        body: { dot_phrases: items },
        ...options,
      }).then((r) => r.dot_phrases);
    },
    bulkDelete: async (ids: string[], options?: CallOptions): Promise<void> => {
      checkBulkSize(ids, 'ids', 'dot_phrases');
      return call(ctx(), 'POST', '/dot-phrases/bulk-delete', Deleted, 'bulk-delete-dot-phrases', {
        body: { ids },
        ...options,
      }).then(() => undefined);
    },
  };
}

function checkReplacement(input: Partial<TextReplacementInput>): void {
  if (input.original_text !== undefined && input.original_text.trim() === '') {
    throw new LimitError('replacement_original_empty', 'original_text');
  }
}

/** Dictation text replacements: create, read, update, delete. */
export function textReplacementsApi(context: () => CoreContext) {
  const ctx = userContext(context, 'text-replacements');
  const base = '/dictation-text-replacements';
  return {
    list: (options?: CallOptions): Promise<TextReplacement[]> =>
      allPages((cursor) =>
        call(ctx(), 'GET', base, TextReplacementListSchema, 'list-text-replacements', {
          query: { cursor },
          ...options,
        }),
      ),
    get: async (id: string, options?: CallOptions): Promise<TextReplacement> =>
      call(ctx(), 'GET', `${base}/${enc(id)}`, TextReplacementSchema, 'get-text-replacement', options),
    create: async (input: TextReplacementInput, options?: CallOptions): Promise<TextReplacement> => {
      checkReplacement(input);
      return call(ctx(), 'POST', base, TextReplacementSchema, 'create-text-replacement', {
        body: input,
        ...options,
      });
    },
    update: async (
      id: string,
      patch: Partial<TextReplacementInput>,
      options?: CallOptions,
    ): Promise<TextReplacement> => {
      checkReplacement(patch);
      return call(ctx(), 'PATCH', `${base}/${enc(id)}`, TextReplacementSchema, 'update-text-replacement', {
        body: patch,
        idempotent: true,
        ...options,
      });
    },
    remove: async (id: string, options?: CallOptions): Promise<void> =>
      call(ctx(), 'DELETE', `${base}/${enc(id)}`, Deleted, 'delete-text-replacement', options).then(
        () => undefined,
      ),
  };
}
