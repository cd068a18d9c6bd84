import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { ServiceError, badRequest, notFound } from '../errors.ts';
import { parseWith, type Route, type RouteContext } from '../router.ts';
import { paginate } from '../users.ts';
import type { DotPhrase, TextReplacement } from '../user-state.ts';
import { userIdOf, type ServiceDeps } from './deps.ts';

const BULK_MAX = 100;
const trigger = z.string().min(1).max(100).regex(/^\S+$/, 'trigger has no spaces');
const content = z.string().min(1).max(10_000);
const phraseInit = z.strictObject({ trigger, content });
const phrasePatch = z.strictObject({ trigger: trigger.optional(), content: content.optional() });
const bulk = <T extends z.ZodType>(item: T) =>
  z.array(item).min(1, 'give at least one item').max(BULK_MAX, `at most ${BULK_MAX} items per request`);
const bulkCreate = z.strictObject({ dot_phrases: bulk(phraseInit) });
const bulkUpdate = z.strictObject({ dot_phrases: bulk(phrasePatch.extend({ id: z.uuid() })) });
const bulkDelete = z.strictObject({ ids: bulk(z.uuid()) });
const listQuery = z.strictObject({
  cursor: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

const replacementInit = z.strictObject({
  original_text: z.string().min(1).max(200),
  replacement_text: z.string().max(1000),
});
const replacementPatch = replacementInit.partial();

function list<T>(ctx: RouteContext, items: Map<string, T>) {
  const query = parseWith(listQuery, Object.fromEntries(ctx.query), 'query');
  return paginate([...items.values()], query.cursor, query.limit ?? 100);
}

/** Dot phrases (bulk and single-item) and dictation text replacements, per user. */
export function userContentRoutes(deps: ServiceDeps): Route[] {
  const book = phraseBook(deps);
  return [...bulkPhraseRoutes(book), ...phraseRoutes(book), ...replacementRoutes(deps)];
}

const user = ['user'] as const;

/** One user's dot phrases and the rules for changing them. */
interface PhraseBook {
  phrases(ctx: RouteContext): Map<string, DotPhrase>;
  create(map: Map<string, DotPhrase>, init: z.infer<typeof phraseInit>): DotPhrase;
  update(map: Map<string, DotPhrase>, id: string, patch: z.infer<typeof phrasePatch>): DotPhrase;
}

function phraseBook(deps: ServiceDeps): PhraseBook {
  const stamp = () => new Date(deps.clock.now()).toISOString();
  return {
    phrases: (ctx) => deps.userState.of(userIdOf(ctx)).dotPhrases,
    create: (map, init) => {
      const phrase = { id: randomUUID(), ...init, ...createdNow(stamp()) };
      map.set(phrase.id, phrase);
      return phrase;
    },
    update: (map, id, patch) => {
      const phrase = map.get(id);
      if (!phrase) throw notFound('dot phrase');
      Object.assign(phrase, patch, { updated_at: stamp() });
      return phrase;
    },
  };
}

/** A trigger names at most one phrase: 409 when a change would give it to a second. */
function checkTriggers(map: Map<string, DotPhrase>, changes: { id?: string; trigger?: string }[]): void {
  const taken = new Map([...map.values()].map((phrase) => [phrase.trigger, phrase.id]));
  for (const change of changes) {
    if (change.trigger === undefined) continue;
    const owner = taken.get(change.trigger);
    if (owner !== undefined && owner !== change.id)
      throw new ServiceError(409, 'CONFLICT', 'a dot phrase with this trigger exists');
    taken.set(change.trigger, change.id ?? 'new');
  }
}

function existing<T>(map: Map<string, T>, ids: string[], what: string): void {
  for (const id of ids) if (!map.has(id)) throw notFound(what);
}

function bulkPhraseRoutes({ phrases, create, update }: PhraseBook): Route[] {
  const common = { method: 'POST', families: user, since: '2026-03-16' } as const;
  return [
    {
      ...common,
      path: '/dot-phrases/bulk-create',
      handle: (ctx) => {
        const { dot_phrases } = parseWith(bulkCreate, ctx.json());
        const map = phrases(ctx);
        checkTriggers(map, dot_phrases);
        return { body: { dot_phrases: dot_phrases.map((init) => create(map, init)) } };
      },
    },
    {
      ...common,
      path: '/dot-phrases/bulk-update',
      handle: (ctx) => {
        const { dot_phrases } = parseWith(bulkUpdate, ctx.json());
        const map = phrases(ctx);
        const ids = dot_phrases.map((item) => item.id);
        existing(map, ids, 'dot phrase');
        checkTriggers(map, dot_phrases);
        return { body: { dot_phrases: dot_phrases.map(({ id, ...patch }) => update(map, id, patch)) } };
      },
    },
    {
      ...common,
      path: '/dot-phrases/bulk-delete',
      handle: (ctx) => {
        const { ids } = parseWith(bulkDelete, ctx.json());
        const map = phrases(ctx);
        existing(map, ids, 'dot phrase');
        for (const id of ids) map.delete(id);
        return { body: { deleted_ids: ids } };
      },
    },
  ];
}

function phraseRoutes({ phrases, create, update }: PhraseBook): Route[] {
  return [
    {
      method: 'GET',
      path: '/dot-phrases',
      families: user,
      handle: (ctx) => ({ body: list(ctx, phrases(ctx)) }),
    },
    {
      method: 'POST',
      path: '/dot-phrases',
      families: user,
      handle: (ctx) => {
        const init = parseWith(phraseInit, ctx.json());
        const map = phrases(ctx);
        checkTriggers(map, [init]);
        return { status: 201, body: create(map, init) };
      },
    },
    ...itemRoutes('/dot-phrases', 'dot phrase', phrases, (ctx, map, id) => {
      const patch = parseWith(phrasePatch, ctx.json());
      checkTriggers(map, [{ id, ...patch }]);
      return update(map, id, patch);
    }),
  ];
}

function replacementRoutes(deps: ServiceDeps): Route[] {
  const stamp = () => new Date(deps.clock.now()).toISOString();
  const replacements = (ctx: RouteContext) => deps.userState.of(userIdOf(ctx)).replacements;
  const base = '/dictation-text-replacements';
  const since = '2025-07-24';
  return [
    {
      method: 'GET',
      path: base,
      families: user,
      since,
      handle: (ctx) => ({ body: list(ctx, replacements(ctx)) }),
    },
    {
      method: 'POST',
      path: base,
      families: user,
      since,
      handle: (ctx) => {
        const init = parseWith(replacementInit, ctx.json());
        const map = replacements(ctx);
        checkOriginal(map, init.original_text, undefined);
        const item: TextReplacement = { id: randomUUID(), ...init, ...createdNow(stamp()) };
        map.set(item.id, item);
        return { status: 201, body: item };
      },
    },
    ...itemRoutes(
      base,
      'text replacement',
      replacements,
      (ctx, map, id) => {
        const patch = parseWith(replacementPatch, ctx.json());
        checkOriginal(map, patch.original_text, id);
        return Object.assign(map.get(id)!, patch, { updated_at: stamp() });
      },
      since,
    ),
  ];
}

/** One replacement per original text: 409 when another item (not `id`) has it. */
function checkOriginal(
  map: Map<string, TextReplacement>,
  original: string | undefined,
  id: string | undefined,
) {
  if (original === undefined) return;
  if ([...map.values()].some((item) => item.original_text === original && item.id !== id)) {
    throw new ServiceError(409, 'CONFLICT', 'a replacement for this text exists');
  }
}

/** GET, PATCH and DELETE of `${base}/:id` over a per-user map. */
function itemRoutes<T>(
  base: string,
  what: string,
  mapOf: (ctx: RouteContext) => Map<string, T>,
  patch: (ctx: RouteContext, map: Map<string, T>, id: string) => T,
  since?: string,
): Route[] {
  const common = { path: `${base}/:id`, families: user, ...(since ? { since } : {}) };
  const lookup = (ctx: RouteContext) => lookupItem(ctx, mapOf(ctx), what);
  return [
    { ...common, method: 'GET', handle: (ctx) => ({ body: lookup(ctx).item }) },
    {
      ...common,
      method: 'PATCH',
      handle: (ctx) => {
        const { map, id } = lookup(ctx);
        return { body: patch(ctx, map, id) };
      },
    },
    {
      ...common,
      method: 'DELETE',
      handle: (ctx) => {
        const { map, id } = lookup(ctx);
        map.delete(id);
        return { status: 204 };
      },
    },
  ];
}

/** The item the path's `:id` names: 400 when the id is not a UUID, 404 when the user has none. */
function lookupItem<T>(ctx: RouteContext, map: Map<string, T>, what: string) {
  const id = ctx.params.id!;
  if (!z.uuid().safeParse(id).success) throw badRequest('id must be a UUID');
  if (!map.has(id)) throw notFound(what);
  return { map, id, item: map.get(id) };
}

/** A new item was created and last updated at one instant (two clock reads could straddle a millisecond). */
function createdNow(at: string): { created_at: string; updated_at: string } {
  return { created_at: at, updated_at: at };
}
