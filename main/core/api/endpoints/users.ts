import { LIMITS, LimitError } from '../limits.ts';
import { NotFoundError } from '../errors.ts';
import {
  UserListSchema,
  UserSchema,
  UserTokensSchema,
  type User,
  type UserTokens,
} from '../schemas/account.ts';
import { call, enc, requireServer, type CallOptions, type CoreContext } from './context.ts';

export interface UserInput {
  external_id?: string;
  /** Must carry no patient data (public-facts). */
  metadata?: Record<string, unknown>;
  specialty?: string;
}

function checkExternalId(id: string | undefined): void {
  if (id !== undefined && (id.length === 0 || id.length > LIMITS.externalIdChars)) {
    throw new LimitError({ rule: 'external_id_length', limit: LIMITS.externalIdChars }, 'external_id');
  }
}

/** POST /users (server). */
export async function createUser(
  ctx: CoreContext,
  input: UserInput,
  options: CallOptions = {},
): Promise<User> {
  requireServer(ctx, 'manage-users');
  checkExternalId(input.external_id);
  return call(ctx, 'POST', '/users', UserSchema, 'create-user', { body: input, signal: options.signal });
}

export async function getUser(ctx: CoreContext, id: string, options: CallOptions = {}): Promise<User> {
  requireServer(ctx, 'manage-users');
  return call(ctx, 'GET', `/users/${enc(id)}`, UserSchema, 'get-user', options);
}

export async function updateUser(
  ctx: CoreContext,
  id: string,
  patch: UserInput,
  options: CallOptions = {},
): Promise<User> {
  requireServer(ctx, 'manage-users');
  checkExternalId(patch.external_id);
  return call(ctx, 'PATCH', `/users/${enc(id)}`, UserSchema, 'update-user', {
    body: patch,
    idempotent: true,
    signal: options.signal,
  });
}

export async function listUsers(
  ctx: CoreContext,
  query: { cursor?: string; limit?: number; order?: 'asc' | 'desc'; activated?: boolean } = {},
  options: CallOptions = {},
) {
  requireServer(ctx, 'manage-users');
  if (query.limit !== undefined && (query.limit < 1 || query.limit > 100)) {
    throw new LimitError('users_page_size', 'limit');
  }
  return call(ctx, 'GET', '/users', UserListSchema, 'list-users', {
    query: {
      cursor: query.cursor,
      limit: query.limit?.toString(),
      order: query.order,
      activated: query.activated?.toString(),
    },
    signal: options.signal,
  });
}

/**
 * Activates or deactivates a user (server). The contract says users can be; the path is not shown, and
 * `POST /users/{id}/activate|deactivate` is the local service's chosen shape. Not retried: a POST without a
 * client_request_id.
 */
export async function setUserActivated(
  ctx: CoreContext,
  id: string,
  activated: boolean,
  options: CallOptions = {},
): Promise<User> {
  requireServer(ctx, 'manage-users');
  const action = activated ? 'activate' : 'deactivate';
  return call(ctx, 'POST', `/users/${enc(id)}/${action}`, UserSchema, `${action}-user`, options);
}

/** GET /users/find_by_external_id/{id}; undefined when there is none. */
export async function findUserByExternalId(
  ctx: CoreContext,
  externalId: string,
  options: CallOptions = {},
): Promise<User | undefined> {
  requireServer(ctx, 'manage-users');
  checkExternalId(externalId);
  try {
    return await call(
      ctx,
      'GET',
      `/users/find_by_external_id/${enc(externalId)}`,
      UserSchema,
      'find-user',
      options,
    );
  } catch (error) {
    if (error instanceof NotFoundError) return undefined;
    throw error;
  }
}

/** Finds the user by external id, or creates it. */
export async function findOrCreateUser(
  ctx: CoreContext,
  externalId: string,
  options: CallOptions = {},
): Promise<User> {
  const found = await findUserByExternalId(ctx, externalId, options);
  return found ?? createUser(ctx, { external_id: externalId }, options);
}

/** POST /jwt/authenticate/{user_id}: a user's access and refresh tokens (server bearer, no body). */
export async function authenticateUser(
  ctx: CoreContext,
  userId: string,
  options: CallOptions = {},
): Promise<UserTokens> {
  requireServer(ctx, 'sign-in-user');
  return call(
    ctx,
    'POST',
    `/jwt/authenticate/${enc(userId)}`,
    UserTokensSchema,
    'authenticate-user',
    options,
  );
}
