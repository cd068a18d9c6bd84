/**
 * Base URL rules (public-facts.md): `https://` with a `us` or `eu` region label in the host, or plain
 * `http://127.0.0.1` / `http://localhost` for local testing. The base URL is scheme + host (+ port) only:
 * the client appends `/v1/core/server|user` itself.
 */
import type { BaseUrlRule } from '../../preload/contract/index.ts';

/** A refusal names its rule (for the messages module) and says why in a phrase (for configuration issues). */
export type BaseUrlCheck =
  { ok: true; url: URL; region: 'us' | 'eu' | 'local' } | { ok: false; rule: BaseUrlRule; reason: string };

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

export function checkBaseUrl(raw: string): BaseUrlCheck {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return {
      ok: false,
      rule: 'url_not_a_url',
      reason: 'is not a valid URL (expected e.g. https://us.api.example.com)',
    };
  }
  if (url.username || url.password)
    return { ok: false, rule: 'url_has_credentials', reason: 'must not contain a user name or password' };
  if (url.search || url.hash)
    return { ok: false, rule: 'url_has_query', reason: 'must not contain a query or fragment' };
  if (url.pathname !== '/' && url.pathname !== '') {
    return {
      ok: false,
      rule: 'url_has_path',
      reason: 'must be the service address only, without a path such as /v1/core',
    };
  }
  if (url.protocol === 'http:') {
    if (LOOPBACK_HOSTS.has(url.hostname)) return { ok: true, url, region: 'local' };
    return {
      ok: false,
      rule: 'url_plain_http',
      reason: 'must use https:// (plain http is only allowed for 127.0.0.1 or localhost)',
    };
  }
  if (url.protocol !== 'https:')
    return { ok: false, rule: 'url_not_https', reason: 'must start with https://' };
  if (LOOPBACK_HOSTS.has(url.hostname)) return { ok: true, url, region: 'local' };
  const labels = url.hostname.toLowerCase().split('.');
  const region = labels.find((label) => label === 'us' || label === 'eu');
  if (region !== 'us' && region !== 'eu') {
    return {
      ok: false,
      rule: 'url_no_region',
      reason: 'must name a region (us or eu) in the host, e.g. https://us.api.example.com',
    };
  }
  return { ok: true, url, region };
}

/** Joins the base URL with an absolute path, keeping the origin only. */
export function joinUrl(base: URL, path: string, query?: Record<string, string | undefined>): URL {
  const url = new URL(path, base.origin);
  for (const [key, value] of Object.entries(query ?? {}))
    if (value !== undefined) url.searchParams.set(key, value);
  return url;
}

/** The ws:// or wss:// form of an http(s) URL. */
export function toWebSocketUrl(url: URL): URL {
  const ws = new URL(url.href);
  ws.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return ws;
}
