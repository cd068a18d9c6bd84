/**
 * The broker's shared store in Redis, for several broker instances: request counts are Redis counters
 * that expire with their window (one atomic script per hit), a used-once mark is a key set only if absent
(SET NX) that expires when what it marks could no longer be taken anyway, and "appointments changed" goes over Redis
 * pub/sub to every instance, which hands it to the desktops connected to it. Keys and the channel are under
 * `scribe-broker:`; nothing stored names a patient or carries a token (a key names a client address, a token's
 * SHA-256 or a webhook delivery's id).
 *
 * Uses the official client's core, `@redis/client` (docs/dependencies.md). While Redis is unreachable
 * commands fail at once (no offline queue) and the client reconnects in the background.
 */
import { createClient } from '@redis/client';
import type { ChangeTopic, SharedStore, WindowCount } from './shared-store.ts';
import { BrokerStartError } from './broker-config-problems.ts';

const PREFIX = 'scribe-broker:';
const CHANNEL = `${PREFIX}changes`;

/** INCR, start the window's expiry on its first hit (or if it has none), answer the count and time left. */
const HIT_SCRIPT = `
local n = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {n, ttl}`;

/** SET NX with its expiry: 'OK' the first time, nil (null) while the key lasts. */
const USE_ONCE_SCRIPT = `return redis.call('SET', KEYS[1], '1', 'NX', 'PX', ARGV[1])`;

const FORGET_SCRIPT = `return redis.call('DEL', KEYS[1])`;

/** What the store uses of a connected client. */
interface Commands {
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
  publish(channel: string, message: string): Promise<unknown>;
  ping(): Promise<unknown>;
  close(): Promise<void>;
}

/** The store shared by broker instances through one Redis server. */
export class RedisStore implements SharedStore {
  readonly #listeners = new Set<(topic: ChangeTopic) => void>();

  private constructor(
    private readonly client: Commands,
    private readonly subscriber: { close(): Promise<void> },
  ) {}

  /**
   * Connects (`redis://` or `rediss://` URL, credentials in it) and subscribes to the change channel.
   * `onProblem` hears each connection error as a short code, never the URL (it may hold a password).
   */
  static async connect(url: string, onProblem: (code: string) => void): Promise<RedisStore> {
    const client = createClient({
      url,
      disableOfflineQueue: true,
      socket: { connectTimeout: 5_000, reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 5_000) },
    });
    const report = (error: unknown) => onProblem(problemCode(error));
    client.on('error', report);
    const subscriber = client.duplicate();
    subscriber.on('error', report);
    try {
      await client.connect();
      await subscriber.connect();
    } catch (error) {
      client.destroy();
      subscriber.destroy();
      throw new BrokerStartError({ kind: 'store_unreachable', code: problemCode(error) }, { cause: error });
    }
    const store = new RedisStore(client, subscriber);
    await subscriber.subscribe(CHANNEL, (message) => store.#deliver(message));
    return store;
  }

  async hit(key: string, windowMs: number): Promise<WindowCount> {
    const reply = (await this.client.eval(HIT_SCRIPT, {
      keys: [PREFIX + key],
      arguments: [String(windowMs)],
    })) as [number, number];
    return { count: Number(reply[0]), resetInMs: Number(reply[1]) };
  }

  async useOnce(key: string, ttlMs: number): Promise<boolean> {
    const reply = await this.client.eval(USE_ONCE_SCRIPT, {
      keys: [PREFIX + key],
      arguments: [String(Math.max(1, Math.ceil(ttlMs)))],
    });
    return reply === 'OK';
  }

  async forget(key: string): Promise<void> {
    await this.client.eval(FORGET_SCRIPT, { keys: [PREFIX + key], arguments: [] });
  }

  /** Redis answers a PING within 2 s (with the offline queue off, a lost connection fails at once). */
  async ready(): Promise<boolean> {
    const timeout = new Promise<never>((_, reject) => setTimeout(reject, 2_000).unref());
    return Promise.race([this.client.ping(), timeout]).then(
      () => true,
      () => false,
    );
  }

  async publish(topic: ChangeTopic): Promise<void> {
    await this.client.publish(CHANNEL, topic);
  }

  subscribe(listener: (topic: ChangeTopic) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.#listeners.clear();
    await Promise.allSettled([this.subscriber.close(), this.client.close()]);
  }

  #deliver(message: string): void {
    if (message !== 'appointments') return;
    for (const listener of this.#listeners) listener(message);
  }
}

/** A connection error as a code (ECONNREFUSED, WRONGPASS …), without addresses or credentials. */
function problemCode(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && /^[A-Z_]{2,32}$/.test(code)) return code;
  const first = /^([A-Z]{3,20})\b/.exec((error as Error).message ?? '');
  return first?.[1] ?? (error as Error).name ?? 'error';
}
