/**
 * The Texts page's channels: the merged library (the organization's marked, never editable here), and the
 * clinician's own Texts saved or deleted one at a time in their file (and then in the service). Without a
 * data folder (a shell that keeps none) the library is empty and saving is refused.
 */
import { Failure } from '../../base/failure.ts';
import { withTimeout } from '../../base/async/timeout.ts';
import { guard, type HandlerSlice } from '../../core/ipc/handler-slice.ts';
import type { TextImported, TextView } from '../../../preload/contract/index.ts';
import { sameName, type Text } from './text-library.ts';
import type { TextsService } from './texts-feature.ts';

/** The Texts channels over the service (null: no data folder). */
export function textsHandlers(texts: TextsService | null): HandlerSlice<'texts'> {
  const list = async (): Promise<{ texts: TextView[] }> => ({
    texts: texts
      ? [...(await texts.library())].map(({ name, content, origin }) => ({ name, content, origin }))
      : [],
  });
  const change = async (edit: (mine: Text[], organization: readonly TextView[]) => Text[]) => {
    if (!texts) throw new Failure('invalid_request');
    const organization = (await list()).texts.filter((t) => t.origin === 'organization');
    await texts.edit((mine) => edit(mine, organization));
    return list();
  };
  return {
    // The page opened: the service's Texts (another computer's) first, unless the service is slow to answer.
    'texts:list': () =>
      guard(async () => (await (texts && withTimeout(texts.sync(), PAGE_SYNC_WAIT_MS, false)), list())),
    'texts:save': ({ name, content, replacing }) =>
      guard(() =>
        change((mine, organization) => {
          // An organization's Text of that name would win over it: refused, rather than saved unheard.
          if (organization.some((t) => sameName(t.name, name))) throw new Failure('invalid_request');
          const kept = mine.filter((t) => !sameName(t.name, name) && !sameName(t.name, replacing ?? name));
          const at = mine.findIndex((t) => sameName(t.name, replacing ?? name));
          kept.splice(at < 0 ? kept.length : Math.min(at, kept.length), 0, { name: name.trim(), content });
          return kept;
        }),
      ),
    'texts:import': (request) => guard(() => importFromPage(texts, request, list)),
    'texts:delete': ({ name }) => guard(() => change((mine) => mine.filter((t) => !sameName(t.name, name)))),
  };
}

/** How long the Texts page waits on the service before showing this computer's Texts. */
const PAGE_SYNC_WAIT_MS = 2_000;

/**
 * The Texts page's import: the same code as `scribe texts import` (the clinician's file read first: one that
 * is not ours is refused, never overwritten), its report with the library after it.
 */
async function importFromPage(
  texts: TextsService | null,
  { fileName, data }: { fileName: string; data: string },
  list: () => Promise<{ texts: TextView[] }>,
): Promise<TextImported> {
  if (!texts) throw new Failure('invalid_request');
  const format = texts.formatOf(fileName);
  const none = { imported: 0, leftOut: [] };
  if (!format) return { ...(await list()), ...none, problem: 'unknown_format' };
  await texts.exportUser('json');
  const result = await texts
    .importBytes(new Uint8Array(Buffer.from(data, 'base64')), format)
    .catch(() => null);
  if (!result) return { ...(await list()), ...none, problem: 'unreadable' };
  return { ...(await list()), imported: result.texts.length, leftOut: result.leftOut, problem: null };
}
