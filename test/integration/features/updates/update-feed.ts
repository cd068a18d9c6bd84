/**
 * A real electron-updater NsisUpdater run under plain Node against an update feed served on loopback: the
 * feed is what electron-builder publishes for a generic provider (latest.yml / beta.yml with the sha512 and
 * size of each installer, the installer beside it), the app is a small AppAdapter over a temp folder, and
 * HTTP goes through builder-util-runtime's own HttpExecutor with Node's http (the app uses Electron's net).
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http, { type ClientRequest, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  configureRequestOptions,
  configureRequestUrl,
  HttpExecutor,
  type DownloadOptions,
} from 'builder-util-runtime';
import type { RequestOptions } from 'node:http';
import { NsisUpdater } from 'electron-updater';
import type { AppAdapter } from 'electron-updater/out/AppAdapter.js';
import yaml from 'js-yaml';
import { peInstaller } from '../../../fixtures/installers/pe-installer.ts';

/**
 * builder-util-runtime's executor over Node's http (electron-updater ships only Electron's). `download` is
 * ElectronHttpExecutor's own, line for line: the base class's doDownload streams the file through its
 * DigestTransform, which checks the sha512 from the feed.
 */
class NodeHttpExecutor extends HttpExecutor<ClientRequest> {
  createRequest(options: RequestOptions, callback: (response: unknown) => void): ClientRequest {
    return http.request(options as http.RequestOptions, callback);
  }

  download(url: URL, destination: string, options: DownloadOptions): Promise<string> {
    return options.cancellationToken.createPromise((resolve, reject, onCancel) => {
      const requestOptions: RequestOptions = { headers: options.headers ?? undefined };
      configureRequestUrl(url, requestOptions);
      configureRequestOptions(requestOptions);
      this.doDownload(
        requestOptions,
        {
          destination,
          options,
          onCancel,
          callback: (error) => (error == null ? resolve(destination) : reject(error)),
          responseHandler: null,
        },
        0,
      );
    });
  }
}

/** One release on the feed. */
export interface Release {
  readonly version: string;
  readonly channel?: 'latest' | 'beta';
  /** Served instead of the bytes the metadata describes (a tampered or corrupted download). */
  readonly servedBytes?: Buffer;
  /** The version the installer's own version resource says (default: `version`). */
  readonly embeddedVersion?: string;
}

/** A feed folder served over http://127.0.0.1. */
export class UpdateFeed {
  readonly installers = new Map<string, Buffer>();
  readonly requests: string[] = [];
  #server: Server | null = null;
  #files = new Map<string, Buffer>();
  url = '';

  async start(): Promise<void> {
    this.#server = http.createServer((req, res) => {
      const name = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname.slice(1));
      this.requests.push(name);
      const body = this.#files.get(name);
      if (!body) return void res.writeHead(404).end();
      res.writeHead(200, { 'content-length': body.length }).end(body);
    });
    await new Promise<void>((resolve) => this.#server!.listen(0, '127.0.0.1', resolve));
    const { port } = this.#server.address() as { port: number };
    this.url = `http://127.0.0.1:${port}/`;
  }

  /** Publishes a release as electron-builder does: the installer and the channel's yml describing it. */
  publish(release: Release): Buffer {
    const file = `Scribe-Desktop-Setup-${release.version}.exe`;
    // An installer-like PE with its version resource, then an overlay (NSIS's compressed payload).
    const pe = peInstaller({ productVersion: release.embeddedVersion ?? release.version });
    const bytes = Buffer.concat([pe, randomBytes(200_000)]);
    const sha512 = createHash('sha512').update(bytes).digest('base64');
    const info = {
      version: release.version,
      files: [{ url: file, sha512, size: bytes.length }],
      path: file,
      sha512,
      releaseDate: new Date().toISOString(),
    };
    this.#files.set(`${release.channel ?? 'latest'}.yml`, Buffer.from(yaml.dump(info)));
    this.#files.set(file, release.servedBytes ?? bytes);
    this.installers.set(release.version, bytes);
    return bytes;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.#server?.close(() => resolve()) ?? resolve());
  }
}

/** Where the verified download waits to be installed (a protected getter of BaseUpdater). */
export function installerPath(updater: NsisUpdater): string | null {
  return (updater as unknown as { installerPath: string | null }).installerPath;
}

/** An installed app at `version`: its resources' app-update.yml names the publisher to verify. */
export async function installedApp(version: string) {
  const root = await mkdtemp(join(tmpdir(), 'updater-'));
  const resources = join(root, 'resources');
  await mkdir(resources, { recursive: true });
  const appUpdateConfigPath = join(resources, 'app-update.yml');
  // What electron-builder writes beside the app for a generic provider with win.publisherName set.
  await writeFile(
    appUpdateConfigPath,
    yaml.dump({
      provider: 'generic',
      url: 'https://updates.invalid/',
      updaterCacheDirName: 'scribe-desktop-updater',
      publisherName: ['Scribe Desktop Test Publisher'],
    }),
  );
  const quits: string[] = [];
  const app: AppAdapter = {
    version,
    name: 'Scribe Desktop',
    isPackaged: true,
    appUpdateConfigPath,
    userDataPath: join(root, 'userData'),
    baseCachePath: join(root, 'cache'),
    whenReady: () => Promise.resolve(),
    relaunch: () => void quits.push('relaunch'),
    quit: () => void quits.push('quit'),
    onQuit: () => undefined,
  };
  const signatureChecks: Array<{ publishers: string[]; file: string }> = [];
  let signatureVerdict: string | null = null;
  const updater = new NsisUpdater(undefined, app);
  (updater as unknown as { httpExecutor: HttpExecutor<ClientRequest> }).httpExecutor = new NodeHttpExecutor();
  updater.logger = null;
  // electron-builder's own updater tests do the same: read the Windows channel file (latest.yml, not
  // latest-linux.yml) on this Linux machine, and skip the differential (blockmap) download.
  (updater as unknown as { _testOnlyOptions: object })._testOnlyOptions = {
    platform: 'win32',
    isUseDifferentialDownload: false,
  };
  // Windows' Authenticode check (PowerShell Get-AuthenticodeSignature) cannot run here: this stands in for
  // it at the very hook electron-updater calls, with the publisher names from app-update.yml.
  updater.verifyUpdateCodeSignature = async (publishers, file) => {
    signatureChecks.push({ publishers, file });
    return signatureVerdict;
  };
  return {
    updater,
    quits,
    signatureChecks,
    refuseSignature(reason: string) {
      signatureVerdict = reason;
    },
    downloaded: async () => {
      const path = installerPath(updater);
      return path ? readFile(path) : null;
    },
    dispose: () => rm(root, { recursive: true, force: true }),
  };
}
