/**
 * The Node version story agrees everywhere (issue 31 item 18; docs/dependencies.md › Node versions):
 * development on Node ≥ 20.19 (engines, the README), what ships on Node 22 (the bundles' target, the CLI's
 * launchers, the broker's image, the workflows), and every installed package that asks for a newer Node than
 * 20.19 (npm's EBADENGINE warnings) named in the decision with why it is safe.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (path: string) => readFileSync(path, 'utf8');
const FLOOR = [20, 19] as const;

/** The lowest Node version a simple `>=X.Y` range allows; null for other ranges. */
function minimum(range: string): readonly [number, number] | null {
  const match = /^\s*>=\s*v?(\d+)\.(\d+)/.exec(range);
  return match && !range.includes('||') ? [Number(match[1]), Number(match[2])] : null;
}
const above = (v: readonly [number, number]) => v[0] > FLOOR[0] || (v[0] === FLOOR[0] && v[1] > FLOOR[1]);

describe('the Node version story', () => {
  const decision = read('docs/dependencies.md').split('## Node versions')[1]!.split('\n## ')[0]!;

  it('develops on Node ≥ 20.19: engines, the README and the decision agree', () => {
    const pkg = JSON.parse(read('package.json')) as { engines: { node: string } };
    expect(pkg.engines.node).toBe('>=20.19');
    expect(read('README.md')).toContain('Node.js ≥ 20.19 with npm');
    expect(decision).toContain('Node.js ≥ 20.19');
  });

  it('ships on Node 22: the bundles, the CLI launchers, the broker image, the workflows', () => {
    const targets = [...read('build.config.mjs').matchAll(/target: 'node(\d+)'/g)].map((m) => m[1]);
    expect(new Set(targets)).toEqual(new Set(['22']));
    expect(read('build.cli-packages.mjs')).toContain('Node.js 22 or later');
    expect(read('README.md')).toContain('for plain Node ≥ 22');
    // The image's bases are build arguments (the tests build on a base of their own): their defaults.
    const froms = [
      ...read('main/programs/broker/deploy/Dockerfile').matchAll(/^ARG (?:BUILD_)?BASE=node:(\d+)/gm),
    ];
    expect(froms.map((m) => m[1])).toEqual(['22', '22']);
    for (const file of readdirSync('.github/workflows')) {
      const versions = [...read(`.github/workflows/${file}`).matchAll(/node-version:\s*(\S+)/g)].map(
        (m) => m[1],
      );
      for (const version of versions) expect(version, file).toBe('22');
    }
  });

  it('names every installed package that asks for more than Node 20.19 (npm warns EBADENGINE)', () => {
    const lock = JSON.parse(read('package-lock.json')) as {
      packages: Record<string, { engines?: { node?: string } }>;
    };
    const newer = Object.entries(lock.packages)
      .filter(([path, info]) => path && info.engines?.node)
      .filter(([, info]) => {
        const min = minimum(info.engines!.node!);
        return min !== null && above(min);
      })
      .map(([path]) => path.replace(/^.*node_modules\//, ''));
    expect(newer.length).toBeGreaterThan(0);
    for (const name of newer) expect(decision, name).toContain(`\`${name}\``);
  });
});
