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
  const user = ['user'] as const;
  const stamp = () => new Date(deps.clock.now()).toISOString();
  const phrases = (ctx: RouteContext) => deps.userState.of(userIdOf(ctx)).dotPhrases;
  const replacements = (ctx: RouteContext) => deps.userState.of(userIdOf(ctx)).replacements;

  const checkTriggers = (map: Map<string, DotPhrase>, changes: { id?: string; trigger?: string }[]) => {
    const taken = new Map([...map.values()].map((phrase) => [phrase.trigger, phrase.id]));
    for (const change of changes) {
      if (change.trigger === undefined) continue;
      const owner = taken.get(change.trigger);
      if (owner !== undefined && owner !== change.id)
        throw new ServiceError(409, 'CONFLICT', 'a dot phrase with this trigger exists');
      taken.set(change.trigger, change.id ?? 'new');
    }
  };
  const create = (map: Map<string, DotPhrase>, init: z.infer<typeof phraseInit>): DotPhrase => {
    const phrase = { id: randomUUID(), ...init, created_at: stamp(), updated_at: stamp() };
    map.set(phrase.id, phrase);
    return phrase;
  };
  const update = (map: Map<string, DotPhrase>, id: string, patch: z.infer<typeof phrasePatch>): DotPhrase => {
    const phrase = map.get(id);
    if (!phrase) throw notFound('dot phrase');
    Object.assign(phrase, patch, { updated_at: stamp() });
    return phrase;
  };
  const existing = <T>(map: Map<string, T>, ids: string[], what: string) => {
    for (const id of ids) if (!map.has(id)) throw notFound(what);
  };

  return [
    {
      method: 'POST',
      path: '/dot-phrases/bulk-create',
      families: user,
      since: '2026-03-16',
      handle: (ctx) => {
        const { dot_phrases } = parseWith(bulkCreate, ctx.json());
        const map = phrases(ctx);
        checkTriggers(map, dot_phrases);
        return { body: { dot_phrases: dot_phrases.map((init) => create(map, init)) } };
      },
    },
    {
      method: 'POST',
      path: '/dot-phrases/bulk-update',
      families: user,
      since: '2026-03-16',
      handle: (ctx) => {
        const { dot_phrases } = parseWith(bulkUpdate, ctx.json());
        const map = phrases(ctx);
        existing(
          map,
          dot_phrases.map((item) => item.id),
          'dot phrase',
        );
        checkTriggers(map, dot_phrases);
        return { body: { dot_phrases: dot_phrases.map(({ id, ...patch }) => update(map, id, patch)) } };
      },
    },
    {
      method: 'POST',
      path: '/dot-phrases/bulk-delete',
      families: user,
      since: '2026-03-16',
      handle: (ctx) => {
        const { ids } = parseWith(bulkDelete, ctx.json());
        const map = phrases(ctx);
        existing(map, ids, 'dot phrase');
        for (const id of ids) map.delete(id);
        return { body: { deleted_ids: ids } };
      },
    },
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
    {
      method: 'GET',
      path: '/dictation-text-replacements',
      families: user,
      since: '2025-07-24',
      handle: (ctx) => ({ body: list(ctx, replacements(ctx)) }),
    },
    {
      method: 'POST',
      path: '/dictation-text-replacements',
      families: user,
      since: '2025-07-24',
      handle: (ctx) => {
        const init = parseWith(replacementInit, ctx.json());
        const map = replacements(ctx);
        if ([...map.values()].some((item) => item.original_text === init.original_text)) {
          throw new ServiceError(409, 'CONFLICT', 'a replacement for this text exists');
        }
        const item: TextReplacement = { id: randomUUID(), ...init, created_at: stamp(), updated_at: stamp() };
        map.set(item.id, item);
        return { status: 201, body: item };
      },
    },
    ...itemRoutes(
      '/dictation-text-replacements',
      'text replacement',
      replacements,
      (ctx, map, id) => {
        const patch = parseWith(replacementPatch, ctx.json());
        if (
          patch.original_text !== undefined &&
          [...map.values()].some((item) => item.original_text === patch.original_text && item.id !== id)
        ) {
          throw new ServiceError(409, 'CONFLICT', 'a replacement for this text exists');
        }
        return Object.assign(map.get(id)!, patch, { updated_at: stamp() });
      },
      '2025-07-24',
    ),
  ];
}

/** GET, PATCH and DELETE of `${base}/:id` over a per-user map. */
function itemRoutes<T>(
  base: string,
  what: string,
  mapOf: (ctx: RouteContext) => Map<string, T>,
  patch: (ctx: RouteContext, map: Map<string, T>, id: string) => T,
  since?: string,
): Route[] {
  const common = { path: `${base}/:id`, families: ['user'] as const, ...(since ? { since } : {}) };
  const lookup = (ctx: RouteContext) => {
    const id = ctx.params.id!;
    if (!z.uuid().safeParse(id).success) throw badRequest('id must be a UUID');
    const map = mapOf(ctx);
    if (!map.has(id)) throw notFound(what);
    return { map, id };
  };
  return [
    {
      ...common,
      method: 'GET',
      handle: (ctx) => {
        const { map, id } = lookup(ctx);
        return { body: map.get(id) };
      },
    },
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
