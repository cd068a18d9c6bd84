/**
 * Containers for the broker-image test, with Debian's podman and no registry: a base image made from this
 * machine's own `node` and `redis-server` (the binaries and the libraries `ldd` names), imported with
 * `podman import`. The machines this project is built on run no Docker daemon and reach no Docker Hub; they
 * also give a container no cgroup controllers (cgroup v1 in "hybrid" mode) and refuse raising its process
 * limits, so podman is told to use runc with cgroupfs and lower limits (a containers.conf of the test's own).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const folder = mkdtempSync(join(tmpdir(), 'scribe-podman-'));
const conf = join(folder, 'containers.conf');
writeFileSync(
  conf,
  [
    '[containers]',
    'default_ulimits = ["nofile=1024:1024", "nproc=1024:1024"]',
    '[engine]',
    'runtime = "runc"',
    'cgroup_manager = "cgroupfs"',
    '',
  ].join('\n'),
);

/** The environment podman and podman-compose run with here. */
const podmanEnv = { ...process.env, CONTAINERS_CONF: conf };

/** Runs podman (or podman-compose, with `env` added) and returns its standard output; throws with its standard error. */
export function podman(args: string[], program = 'podman', env: Record<string, string> = {}): string {
  return execFileSync(program, args, {
    env: { ...podmanEnv, ...env },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
  });
}

/** What a container wrote, its standard output and error together. */
export function containerLog(name: string): string {
  const { stdout, stderr } = spawnSync('podman', ['logs', name], { env: podmanEnv, encoding: 'utf8' });
  return `${stdout}${stderr}`;
}

/** Copies a binary and every library it loads into `root`, at the same paths (the binary at `at`). */
function copyWithLibraries(binary: string, root: string, at: string): void {
  mkdirSync(join(root, dirname(at)), { recursive: true });
  copyFileSync(realpathSync(binary), join(root, at));
  const libraries = execFileSync('ldd', [binary], { encoding: 'utf8' }).match(/\/\S+/g) ?? [];
  for (const library of libraries) {
    mkdirSync(join(root, dirname(library)), { recursive: true });
    copyFileSync(realpathSync(library), join(root, library));
  }
}

/**
 * Imports a base image holding this machine's node at /usr/local/bin/node (where the node images keep it)
 * and redis-server at /usr/local/bin/redis-server (as the redis images do); returns its name.
 */
export function importBaseImage(tag: string): string {
  const root = join(folder, 'base');
  copyWithLibraries(process.execPath, root, '/usr/local/bin/node');
  const redis = execFileSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' }).trim();
  copyWithLibraries(redis, root, '/usr/local/bin/redis-server');
  mkdirSync(join(root, 'tmp'), { recursive: true, mode: 0o1777 });
  const archive = join(folder, 'base.tar');
  execFileSync('tar', ['-C', root, '-cf', archive, '.']);
  podman(['import', '--quiet', archive, tag]);
  return tag;
}
