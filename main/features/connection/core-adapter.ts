/**
 * CoreApi (the connection's port) over the lead's CoreClient. Only shape changes live here: async jobs are
 * polled with progress, E/M goes through the async job, and dot-phrase / replacement fields are renamed.
 */
import type { CoreClient } from '../../core/api/core-client.ts';
import { LIMITS } from '../../core/api/limits.ts';
import type { CoreApi, DotPhraseStore, ReplacementStore } from './ports.ts';

/** Wraps a CoreClient as the visit's CoreApi. */
export function coreApiFrom(client: CoreClient): CoreApi {
  const dotPhrases = dotPhraseStore(client);
  const replacements = replacementStore(client);
  return {
    caller: client.caller,
    ...noteCalls(client),
    ...settingsCalls(client),
    dotPhrases: () => dotPhrases,
    textReplacements: () => replacements,
  };
}

/** How the window's async jobs are polled: soon at first, then every two seconds at most. */
const POLLING = { initialDelayMs: 250, maxDelayMs: 2_000 } as const;
/** The contract's default template, for a user caller whose note settings name none. */
const DEFAULT_TEMPLATE_KEY = 'GENERIC_MULTIPLE_SECTIONS';

type NoteCalls = Pick<
  CoreApi,
  | 'generateNote'
  | 'generateNoteAsync'
  | 'editNote'
  | 'normalizedData'
  | 'suggestedOrders'
  | 'sourceNoteKinds'
  | 'emBy'
  | 'emCodes'
  | 'computeEm'
  | 'patientInstructions'
  | 'translateInstructions'
>;

function noteCalls(client: CoreClient): NoteCalls {
  return {
    generateNote: (request) => client.generateNote(request),
    generateNoteAsync: async (request, onProgress) => {
      const job = await client.generateNoteAsync(request);
      return job.result({ onProgress: (p) => onProgress(p.elapsedMs), ...POLLING });
    },
    editNote: (request) => client.editNoteWithInstructions(request),
    // Long work goes through the async form: its start carries a client_request_id, so a start retried
    // after a lost answer never runs the job twice.
    normalizedData: async (note, context = {}) =>
      (await client.generateNormalizedDataAsync({ note, ...context })).result(POLLING),
    suggestedOrders: async (note, context = {}) =>
      (await client.generateSuggestedOrdersAsync({ note, ...context })).result(POLLING),
    sourceNoteKinds: async (templateKey) => {
      const key =
        templateKey ??
        (client.caller === 'user' ? (await client.getNoteSettings()).note_template_key : null) ??
        DEFAULT_TEMPLATE_KEY;
      return (await client.getTemplate(key)).supported_source_note_section_kinds;
    },
    emBy: client.caller === 'server' ? 'service' : null,
    emCodes: async ({ note, transcriptItems, specialty }) => {
      const job = await client.generateEmCodesAsync({
        em_specialty_kind: specialty,
        note,
        transcript_items: transcriptItems,
      });
      return job.result(POLLING);
    },
    computeEm: (inputs) => client.computeEmCodes({ ...inputs }),
    patientInstructions: ({ note, locale, recipient }) =>
      client.generatePatientInstructions({ note, instructions_locale: locale, recipient_type: recipient }),
    translateInstructions: ({ instructions, fromLocale, toLocale }) =>
      client.translatePatientInstructions({ instructions, current_locale: fromLocale, new_locale: toLocale }),
  };
}

type SettingsCalls = Pick<
  CoreApi,
  'templates' | 'noteSettings' | 'updateNoteSettings' | 'customization' | 'updateCustomization'
>;

function settingsCalls(client: CoreClient): SettingsCalls {
  return {
    templates: (locale) => client.listTemplates(locale),
    noteSettings: () => client.getNoteSettings(),
    updateNoteSettings: (patch) => client.updateNoteSettings(patch),
    customization: (key) => fullCustomization(client, key),
    updateCustomization: (key, customization) => client.updateCustomization(key, customization),
  };
}

/**
 * The service answers only the sections already customized; a clinician must see every section of the
 * template to customize one for the first time. A template that cannot be read leaves those. Server callers
 * have no customization on the service (settings-service.ts keeps theirs locally).
 */
async function fullCustomization(client: CoreClient, key: string) {
  const [custom, template] = await Promise.all([
    client.caller === 'server'
      ? { template_key: key, note_template_custom_instructions: null, sections: [] }
      : client.getCustomization(key),
    client.getTemplate(key).catch(() => null),
  ]);
  const saved = new Map(custom.sections.map((s) => [s.section_key, s]));
  const inTemplate = (template?.sections ?? []).map(
    (s) => saved.get(s.key) ?? { section_key: s.key, style: 'AUTO', custom_instruction: '' },
  );
  const keys = new Set(inTemplate.map((s) => s.section_key));
  return {
    ...custom,
    sections: [...inTemplate, ...custom.sections.filter((s) => !keys.has(s.section_key))],
  };
}

/**
 * A bulk operation over more items than one request takes (the contract: 100) as consecutive requests of
 * at most 100, in order; a failure stops there (earlier batches are done, the list read afterwards shows it).
 */
async function inBatches<T>(items: readonly T[], send: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < items.length; start += LIMITS.bulkDotPhraseItems)
    await send(items.slice(start, start + LIMITS.bulkDotPhraseItems));
}

function dotPhraseStore(client: CoreClient): DotPhraseStore {
  return {
    list: async () =>
      (await client.dotPhrases.list()).map((p) => ({
        id: p.id,
        trigger: p.trigger ?? '',
        expansion: p.content ?? '',
      })),
    bulkCreate: (items) =>
      inBatches(items, (batch) =>
        client.dotPhrases.bulkCreate(batch.map((i) => ({ trigger: i.trigger, content: i.expansion }))),
      ),
    bulkUpdate: (items) =>
      inBatches(items, (batch) =>
        client.dotPhrases.bulkUpdate(
          batch.map((i) => ({ id: i.id, trigger: i.trigger, content: i.expansion })),
        ),
      ),
    bulkDelete: (ids) => inBatches(ids, (batch) => client.dotPhrases.bulkDelete(batch)),
  };
}

function replacementStore(client: CoreClient): ReplacementStore {
  return {
    list: async () =>
      (await client.textReplacements.list()).map((r) => ({
        id: r.id,
        spoken: r.original_text ?? '',
        written: r.replacement_text ?? '',
      })),
    save: async (item) => {
      const body = { original_text: item.spoken, replacement_text: item.written };
      if (item.id) await client.textReplacements.update(item.id, body);
      else await client.textReplacements.create(body);
    },
    remove: (id) => client.textReplacements.remove(id),
  };
}
