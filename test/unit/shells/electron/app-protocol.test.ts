import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveAppRequest } from '../../../../main/shells/electron/app-protocol.ts';
import { CONTENT_SECURITY_POLICY } from '../../../../main/core/window/security-policy.ts';

const root = path.resolve('/srv/app/dist/renderer');

function fileOf(method: string, url: string): string | number {
  const r = resolveAppRequest(method, url, root);
  return r.kind === 'file' ? path.relative(root, r.filePath).split(path.sep).join('/') : r.status;
}

describe('resolveAppRequest', () => {
  it('serves files of the renderer folder with their content type and the CSP', () => {
    const r = resolveAppRequest('GET', 'app://scribe/assets/index-1a2b.js', root);
    expect(r.kind).toBe('file');
    if (r.kind !== 'file') return;
    expect(r.filePath).toBe(path.join(root, 'assets', 'index-1a2b.js'));
    expect(r.headers['Content-Type']).toBe('text/javascript; charset=utf-8');
    expect(r.headers['Content-Security-Policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(fileOf('HEAD', 'app://scribe/assets/style.css')).toBe('assets/style.css');
  });

  it('answers the root and extension-less in-app routes with index.html', () => {
    expect(fileOf('GET', 'app://scribe/')).toBe('index.html');
    expect(fileOf('GET', 'app://scribe')).toBe('index.html');
    expect(fileOf('GET', 'app://scribe/visit/note?tab=codes#x')).toBe('index.html');
  });

  it.each([
    'app://scribe/../../etc/passwd.js',
    'app://scribe/%2e%2e/%2e%2e/etc/passwd.js',
    'app://scribe/assets/..%2F..%2Fsecret.js',
    'app://scribe/assets/..%5C..%5Csecret.js',
    'app://scribe/a%00.js',
    'app://scribe/%E0%A4%A.js',
  ])('never leaves the renderer folder: %s', (url) => {
    const r = resolveAppRequest('GET', url, root);
    if (r.kind === 'file') expect(r.filePath.startsWith(root + path.sep)).toBe(true);
    else expect([400, 403, 404]).toContain(r.status);
  });

  it('refuses other hosts and schemes, other methods and unknown file types', () => {
    expect(fileOf('GET', 'app://other/index.html')).toBe(403);
    expect(fileOf('GET', 'file:///srv/app/dist/renderer/index.html')).toBe(403);
    expect(fileOf('POST', 'app://scribe/index.html')).toBe(405);
    expect(fileOf('GET', 'app://scribe/secrets.pem')).toBe(404);
    expect(fileOf('GET', 'app://scribe/assets/index.js.map')).toBe(404);
  });
});
