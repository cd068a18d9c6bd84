/**
 * The Texts feature as the app builds it: the clinician's library in the data folder, IT's file by policy,
 * kept in the service as the signed-in clinician's dot phrases (synced at sign-in, on the Texts page, after
 * each change, and at a dictation's start when due).
 */
import type { HandlerSlice } from '../core/ipc/handler-slice.ts';
import type { Feature } from '../core/ipc/feature.ts';
import type { ConnectionFeature } from '../features/connection/connection-feature.ts';
import type { DotPhraseStore } from '../features/connection/ports.ts';
import { journalOwner } from '../core/journal/journal-owner.ts';
import {
  createTextsFeature,
  type PhraseStore,
  type PhraseTarget,
  type TextsService,
} from '../features/texts/texts-feature.ts';
import type { FeaturePorts } from './compose-features.ts';

/**
 * The Texts (the Texts page, and "insert ‹name›"): the clinician's, with the organization's file (IT's
 * policy) over them. Kept where dictation keeps its data; without it, an empty library.
 */
export function textsFeatureOf(
  deps: FeaturePorts,
  connection: ConnectionFeature,
): Feature<TextsService | null, HandlerSlice<'texts'>, null> {
  const stores = deps.dictation;
  if (!stores) return createTextsFeature(null);
  const texts = createTextsFeature({
    dataDir: stores.dataDir,
    organizationFile: () => stores.resolved().config.dictationTextsFile,
    phrases: () => phraseTargetOf(connection.service),
  });
  texts.service.current(); // read now, so the first dictation has them
  connection.events.onDidReport((event) => void (event.kind === 'signed_in' && texts.service.sync()));
  return texts;
}

/**
 * Who is signed in, as the Texts and IT's words are kept per account: the service's address and the
 * clinician's journal owner stamp (a hash of their ids, so the files that record it name nobody); null for
 * the sample's service, server credentials acting as no clinician, or no one.
 * A clinician's own sign-in token names no id the app knows: null, unless `unnamed` takes the service's
 * address alone (IT's words, whose bookkeeping is by the service's item ids, which no other account has).
 */
export function accountOf(manager: ConnectionFeature['service'], unnamed = false): string | null {
  if (manager.mode !== 'organization') return null;
  const connection = manager.require();
  if (connection.caller !== 'user') return null;
  const owner = journalOwner(connection.identity?.() ?? null);
  return owner ? `${connection.baseUrl.origin}|${owner}` : unnamed ? `${connection.baseUrl.origin}|` : null;
}

/** Where the Texts are kept in the service: the signed-in clinician's dot phrases. */
function phraseTargetOf(manager: ConnectionFeature['service']): PhraseTarget | null {
  const account = accountOf(manager);
  return account ? { account, store: phraseStoreOf(manager.require().core.dotPhrases()) } : null;
}

/** The connection's dot phrases as the Texts keep them (its `expansion` is a phrase's content). */
export function phraseStoreOf(phrases: DotPhraseStore): PhraseStore {
  return {
    list: async () =>
      (await phrases.list()).map(({ id, trigger, expansion }) => ({ id, trigger, content: expansion })),
    bulkCreate: (items) =>
      phrases.bulkCreate(items.map(({ trigger, content }) => ({ trigger, expansion: content }))),
    bulkUpdate: (items) =>
      phrases.bulkUpdate(items.map(({ id, trigger, content }) => ({ id, trigger, expansion: content }))),
    bulkDelete: (ids) => phrases.bulkDelete(ids),
  };
}
