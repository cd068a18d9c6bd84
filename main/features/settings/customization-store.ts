/**
 * The clinician's note customization (per template: a note-wide instruction and each section's style and
 * instruction) when the app signs in with server credentials. The service keeps customization for user
 * callers only, so for server callers it is kept here and sent with every note (note-workflow.ts).
 * Instructions are the clinician's wording, not patient data; the file is written atomically (0600).
 */
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { SECTION_STYLES, type Customization } from '../../../preload/contract/index.ts';
import { writeFileAtomic } from '../../base/files/atomic-file.ts';
import type { CustomizationStore, SavedCustomization } from './ports.ts';

/** The file, in the user data folder the app and the CLI share. */
export const CUSTOMIZATION_FILE = 'note-customization.json';

const Saved = z.object({
  templateInstruction: z.string(),
  sections: z.array(z.object({ key: z.string(), style: z.enum(SECTION_STYLES), instruction: z.string() })),
});
const FileShape = z.object({ version: z.literal(1), templates: z.record(z.string(), Saved) });

function toSaved(customization: Customization): SavedCustomization {
  return {
    templateInstruction: customization.templateInstruction,
    sections: customization.sections.map((s) => ({ key: s.key, style: s.style, instruction: s.instruction })),
  };
}

/** Kept for the life of the process (tests, the sample). */
export class MemoryCustomizationStore implements CustomizationStore {
  readonly #templates = new Map<string, SavedCustomization>();

  async get(templateKey: string): Promise<SavedCustomization | undefined> {
    return this.#templates.get(templateKey);
  }

  async save(customization: Customization): Promise<void> {
    this.#templates.set(customization.templateKey, toSaved(customization));
  }
}

/** Kept in one JSON file in the user data folder. An unreadable file counts as no customization yet. */
export class FileCustomizationStore implements CustomizationStore {
  constructor(private readonly path: string) {}

  async get(templateKey: string): Promise<SavedCustomization | undefined> {
    return (await this.#read())[templateKey];
  }

  async save(customization: Customization): Promise<void> {
    const templates = { ...(await this.#read()), [customization.templateKey]: toSaved(customization) };
    const text = JSON.stringify({ version: 1, templates }, null, 2);
    await writeFileAtomic(this.path, new TextEncoder().encode(text));
  }

  async #read(): Promise<Record<string, SavedCustomization>> {
    try {
      const parsed = FileShape.safeParse(JSON.parse(await readFile(this.path, 'utf8')));
      return parsed.success ? parsed.data.templates : {};
    } catch {
      return {};
    }
  }
}
