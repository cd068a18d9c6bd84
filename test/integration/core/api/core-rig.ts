/** What the core client's integration tests share: the local service with a user and a note, and a refusal check. */
import { expect } from 'vitest';
import type { CoreClient } from '../../../../main/core/api/core-client.ts';
import { LimitError } from '../../../../main/core/api/limits.ts';
import type { Note } from '../../../../main/core/api/schemas/note.ts';
import { formatError } from '../../../../preload/words/index.ts';
import { startHarness, TRANSCRIPT, type Harness } from './harness.ts';

/** The local service, a user client as `externalId`, and a note the server caller generated from TRANSCRIPT. */
export async function harnessWithNote(
  externalId: string,
): Promise<{ h: Harness; user: CoreClient; note: Note }> {
  const h = await startHarness();
  const user = await h.userCore(externalId);
  const note = await h.serverCore.generateNote({ locale: 'ENGLISH_US', transcript_items: TRANSCRIPT });
  return { h, user, note };
}

/** Runs `action`, expecting a LimitError worded as `message`, and proves nothing reached the service. */
export async function refusedBeforeSending(h: Harness, action: () => Promise<unknown>, message: RegExp) {
  const before = h.service.control.requests.length;
  const error = await action().then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(LimitError);
  expect(formatError(error as LimitError)).toMatch(message);
  expect(h.service.control.requests.length).toBe(before);
}
