/**
 * Base URL rules (public-facts.md): `https://` with a `us` or `eu` region label in the host, or plain
 * `http://127.0.0.1` / `http://localhost` for local testing. The base URL is scheme + host (+ port) only:
 * the client appends `/v1/core/server|user` itself.
 */
import type { BaseUrlRule } from '../../../preload/contract/index.ts';

/**
 * A refusal names its rule, a `config_invalid` reason; where it is shown, the words say why (preload/words:
 * baseUrlPhrase gives "must start with https://" for configuration issues that name the key themselves).
 */
export type BaseUrlCheck =
  { ok: true; url: URL; region: 'us' | 'eu' | 'local' } | { ok: false; rule: BaseUrlRule };

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

function refuse(rule: BaseUrlRule): BaseUrlCheck {
  return { ok: false, rule };
}

export function checkBaseUrl(raw: string): BaseUrlCheck {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return refuse('url_not_a_url');
  }
  if (url.username || url.password) return refuse('url_has_credentials');
  if (url.search || url.hash) return refuse('url_has_query');
  if (url.pathname !== '/' && url.pathname !== '') return refuse('url_has_path');
  if (url.protocol === 'http:') {
    if (LOOPBACK_HOSTS.has(url.hostname)) return { ok: true, url, region: 'local' };
    return refuse('url_plain_http');
  }
  if (url.protocol !== 'https:') return refuse('url_not_https');
  if (LOOPBACK_HOSTS.has(url.hostname)) return { ok: true, url, region: 'local' };
  const labels = url.hostname.toLowerCase().split('.');
  const region = labels.find((label) => label === 'us' || label === 'eu');
  if (region !== 'us' && region !== 'eu') return refuse('url_no_region');
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
