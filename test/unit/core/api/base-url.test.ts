import { describe, expect, it } from 'vitest';
import { checkBaseUrl, toWebSocketUrl } from '../../../../main/core/api/base-url.ts';
import { baseUrlPhrase } from '../../../../preload/words/index.ts';

describe('checkBaseUrl', () => {
  it.each([
    ['https://us.api.example.com', 'us'],
    ['https://eu.api.example.com/', 'eu'],
    ['https://api.eu.example.com', 'eu'],
    ['http://127.0.0.1:8080', 'local'],
    ['http://localhost:3000', 'local'],
  ])('accepts %s', (raw, region) => {
    const result = checkBaseUrl(raw);
    expect(result.ok && result.region).toBe(region);
  });

  it.each([
    ['https://api.example.com', /region/],
    ['https://us-central1.api.example.com', /region/],
    ['http://us.api.example.com', /https/],
    ['ftp://us.api.example.com', /https/],
    ['https://us.api.example.com/v1/core/server', /without a path/],
    ['https://user:pw@us.api.example.com', /user name/],
    ['not a url', /valid URL/],
  ])('refuses %s', (raw, reason) => {
    const result = checkBaseUrl(raw);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(baseUrlPhrase(result.rule)).toMatch(reason);
  });

  it('maps http to ws and https to wss', () => {
    expect(toWebSocketUrl(new URL('https://us.api.example.com/x')).href).toBe('wss://us.api.example.com/x');
    expect(toWebSocketUrl(new URL('http://127.0.0.1:9/x')).href).toBe('ws://127.0.0.1:9/x');
  });
});
