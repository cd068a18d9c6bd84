import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { ServiceError, badRequest, notFound } from './errors.ts';
import type { ServiceClock } from './clock.ts';
import { parseWith, type Route, type RouteContext } from './router.ts';

/** A Core API user as the service returns it. */
export interface CoreUser {
  id: string;
  activated: boolean;
  external_id: string | null;
  metadata: Record<string, unknown> | null;
  specialty: string | null;
  created_at: string;
}

const metadata = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));
const externalId = z.string().min(1).max(256, 'external_id is at most 256 characters');
const userInit = z.strictObject({
  external_id: externalId.nullish(),
  metadata: metadata.nullish(),
  specialty: z.string().min(1).max(200).nullish(),
});
const uuid = z.uuid();

/** The service's users. */
export class UserStore {
  readonly #users = new Map<string, CoreUser>();

  constructor(private readonly clock: ServiceClock) {}

  /** Creates a user; 409 when the external id is taken. */
  create(init: z.infer<typeof userInit>): CoreUser {
    this.#checkExternalId(init.external_id ?? null, undefined);
    const user: CoreUser = {
      id: randomUUID(),
      activated: true,
      external_id: init.external_id ?? null,
      metadata: init.metadata ?? null,
      specialty: init.specialty ?? null,
      created_at: new Date(this.clock.now()).toISOString(),
    };
    this.#users.set(user.id, user);
    return user;
  }

  /** A user by id; 404 when absent (400 when the id is not a UUID). */
  get(id: string): CoreUser {
    if (!uuid.safeParse(id).success) throw badRequest('user id must be a UUID');
    const user = this.#users.get(id);
    if (!user) throw notFound('user');
    return user;
  }

  /** A user by id, or undefined. */
  find(id: string): CoreUser | undefined {
    return this.#users.get(id);
  }

  /** Applies a PATCH. */
  update(id: string, patch: z.infer<typeof userInit>): CoreUser {
    const user = this.get(id);
    if (patch.external_id !== undefined) {
      this.#checkExternalId(patch.external_id, id);
      user.external_id = patch.external_id;
    }
    if (patch.metadata !== undefined) user.metadata = patch.metadata;
    if (patch.specialty !== undefined) user.specialty = patch.specialty;
    return user;
  }

  byExternalId(externalId: string): CoreUser {
    for (const user of this.#users.values()) if (user.external_id === externalId) return user;
    throw notFound('user');
  }

  all(): CoreUser[] {
    return [...this.#users.values()];
  }

  #checkExternalId(externalId: string | null, selfId: string | undefined): void {
    if (externalId === null) return;
    for (const user of this.#users.values()) {
      if (user.external_id === externalId && user.id !== selfId) {
        throw new ServiceError(409, 'CONFLICT', 'external_id is already used by another user');
      }
    }
  }
}

const listQuery = z.strictObject({
  cursor: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  order: z.enum(['asc', 'desc', 'ASC', 'DESC']).optional(),
  activated: z.enum(['true', 'false']).optional(),
});

/** `{data, has_more, next_cursor}` over any list, with an opaque cursor. */
export function paginate<T>(
  items: readonly T[],
  cursor: string | undefined,
  limit: number,
): {
  data: T[];
  has_more: boolean;
  next_cursor: string | null;
} {
  let start = 0;
  if (cursor !== undefined) {
    const decoded = Number(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Number.isInteger(decoded) || decoded < 0 || decoded > items.length)
      throw badRequest('cursor is not valid');
    start = decoded;
  }
  const data = items.slice(start, start + limit);
  const has_more = start + limit < items.length;
  return {
    data,
    has_more,
    next_cursor: has_more ? Buffer.from(String(start + limit)).toString('base64url') : null,
  };
}

/** GET /users: filtered by activation, in creation order or reversed, a page at a time. */
function listUsers(users: UserStore, ctx: RouteContext) {
  const query = parseWith(listQuery, Object.fromEntries(ctx.query), 'query');
  let list = users.all();
  if (query.activated !== undefined) list = list.filter((u) => u.activated === (query.activated === 'true'));
  if (query.order?.toLowerCase() === 'desc') list.reverse();
  return paginate(list, query.cursor, query.limit ?? 20);
}

/** The server-side user endpoints. */
export function userRoutes(users: UserStore): Route[] {
  const server = ['server'] as const;
  return [
    {
      method: 'POST',
      path: '/users',
      families: server,
      handle: (ctx) => ({ body: users.create(parseWith(userInit, ctx.json())) }),
    },
    {
      method: 'GET',
      path: '/users',
      families: server,
      handle: (ctx) => ({ body: listUsers(users, ctx) }),
    },
    {
      method: 'GET',
      path: '/users/find_by_external_id/:externalId',
      families: server,
      handle: (ctx) => ({ body: users.byExternalId(ctx.params.externalId!) }),
    },
    {
      method: 'GET',
      path: '/users/:id',
      families: server,
      handle: (ctx) => ({ body: users.get(ctx.params.id!) }),
    },
    {
      method: 'PATCH',
      path: '/users/:id',
      families: server,
      handle: (ctx) => ({ body: users.update(ctx.params.id!, parseWith(userInit, ctx.json())) }),
    },
    ...activationRoutes(users),
  ];
}

/** POST /users/:id/activate and /deactivate. */
function activationRoutes(users: UserStore): Route[] {
  return (['activate', 'deactivate'] as const).map((action) => ({
    method: 'POST',
    path: `/users/:id/${action}`,
    families: ['server'],
    handle: (ctx) => {
      const user = users.get(ctx.params.id!);
      user.activated = action === 'activate';
      return { body: user };
    },
  }));
}
