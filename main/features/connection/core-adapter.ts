/**
 * CoreApi (the connection's port) over the lead's CoreClient. Only shape changes live here: async jobs are
 * polled with progress, E/M goes through the async job, and dot-phrase / replacement fields are renamed.
 */
import type { CoreClient } from '../../core/api/core-client.ts';
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

type NoteCalls = Pick<
  CoreApi,
  | 'generateNote'
  | 'generateNoteAsync'
  | 'editNote'
  | 'normalizedData'
  | 'suggestedOrders'
  | 'emCodes'
  | 'patientInstructions'
  | 'translateInstructions'
>;

function noteCalls(client: CoreClient): NoteCalls {
  return {
    generateNote: (request) => client.generateNote(request),
    generateNoteAsync: async (request, onProgress) => {
      const job = await client.generateNoteAsync(request);
      return job.result({
        onProgress: (p) => onProgress(p.elapsedMs),
        initialDelayMs: 250,
        maxDelayMs: 2_000,
      });
    },
    editNote: (request) => client.editNoteWithInstructions(request),
    normalizedData: (note) => client.generateNormalizedData({ note }),
    suggestedOrders: (note) => client.generateSuggestedOrders({ note }),
    emCodes: async ({ note, transcriptItems, specialty }) => {
      const job = await client.generateEmCodesAsync({
        em_specialty_kind: specialty,
        note,
        transcript_items: transcriptItems,
      });
      return job.result({ initialDelayMs: 250, maxDelayMs: 2_000 });
    },
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

function dotPhraseStore(client: CoreClient): DotPhraseStore {
  return {
    list: async () =>
      (await client.dotPhrases.list()).map((p) => ({
        id: p.id,
        trigger: p.trigger ?? '',
        expansion: p.content ?? '',
      })),
    bulkCreate: async (items) =>
      void (await client.dotPhrases.bulkCreate(
        items.map((i) => ({ trigger: i.trigger, content: i.expansion })),
      )),
    bulkUpdate: async (items) =>
      void (await client.dotPhrases.bulkUpdate(
        items.map((i) => ({ id: i.id, trigger: i.trigger, content: i.expansion })),
      )),
    bulkDelete: (ids) => client.dotPhrases.bulkDelete(ids),
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
