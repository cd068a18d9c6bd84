/**
 * The setup every end-to-end file shares: the screenshots folder, the navigation bar, the local service
 * with an OAuth client, and connecting on the Connect screen.
 */
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { startSampleService, type SampleService } from '../../service/sample-service.ts';

/** Where the screenshots go; created when this module is loaded. */
export const SHOTS = 'test-artifacts/screenshots';
mkdirSync(SHOTS, { recursive: true });

/** The navigation bar's button for a screen. */
export const nav = (page: Page, name: string) =>
  page.getByRole('navigation', { name: /^(Screens|Écrans|Pantallas)$/ }).getByRole('button', { name });

/** An OAuth client the local service accepts: its id and its RSA private key (PKCS#8 PEM). */
export interface OAuthClient {
  readonly id: string;
  readonly privateKeyPem: string;
}

/** An OAuth client no service knows (a fresh id and RSA key). */
export function unknownClient(): OAuthClient {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { id: randomUUID(), privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() };
}

/**
 * An identity service on loopback that refuses every request with 401 and `body` (its own words), its clock
 * `aheadMs` ahead of this computer's (its Date header) when given.
 */
export async function refusingService(
  body: Record<string, unknown>,
  aheadMs?: number,
): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    request.resume();
    if (aheadMs !== undefined) response.setHeader('date', new Date(Date.now() + aheadMs).toUTCString());
    response.writeHead(401, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** The local service with one fresh RSA OAuth client; the other service options are passed on. */
export async function startServiceWithClient(
  options: Omit<NonNullable<Parameters<typeof startSampleService>[0]>, 'clients'> = {},
): Promise<{ service: SampleService; client: OAuthClient }> {
  const id = randomUUID();
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const service = await startSampleService({
    ...options,
    clients: [{ id, publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString() }],
  });
  return {
    service,
    client: { id, privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() },
  };
}

/**
 * Connects on the Connect screen with organization server credentials and waits until the connection
 * summary contains `summary`.
 */
export async function connectWithServerCredentials(
  page: Page,
  url: string,
  client: OAuthClient,
  summary = 'Connected to',
): Promise<void> {
  await page.getByLabel('Service address').fill(url);
  await page.getByLabel('OAuth client ID').fill(client.id);
  await page.getByLabel('Private key (PEM)').fill(client.privateKeyPem);
  await connectAndWait(page, summary);
}

/** Connects on the Connect screen with a clinician's sign-in (refresh) token and waits until connected. */
export async function connectAsClinician(page: Page, url: string, refreshToken: string): Promise<void> {
  await page.getByLabel('Service address').fill(url);
  await page.getByLabel('Clinician sign-in token').check();
  await page.getByLabel('Sign-in token', { exact: true }).fill(refreshToken);
  await connectAndWait(page, 'Connected to 127.0.0.1');
}

async function connectAndWait(page: Page, summary: string): Promise<void> {
  await page.getByRole('form', { name: 'Organization' }).getByRole('button', { name: 'Connect' }).click();
  await expect.poll(() => page.getByTestId('connection-summary').textContent()).toContain(summary);
}

/**
 * Connects with server credentials, records the fixture visit to its five final lines, ends it and opens
 * the Note screen.
 */
export async function recordVisitToNote(page: Page, url: string, client: OAuthClient): Promise<void> {
  await connectWithServerCredentials(page, url, client, 'Connected to 127.0.0.1');
  await nav(page, 'Visit').click();
  await page.getByLabel('The patient agreed to this visit being recorded and transcribed.').check();
  await page.getByRole('button', { name: 'Start recording' }).click();
  await expect.poll(() => page.locator('li[data-final="true"]').count()).toBe(5);
  await page.getByRole('button', { name: 'End visit' }).click();
  await expect.poll(() => page.getByTestId('visit-phase').textContent()).toBe('Visit ended');
  await nav(page, 'Note').click();
  await expect.poll(() => page.locator('h1').textContent()).toBe('Note');
}
