import type { SectionCustomization } from './schemas.ts';
import { DEFAULT_TEMPLATE_KEY } from './clinical/templates.ts';

/** A user's stored note settings. */
interface NoteSettings {
  note_template_key: string;
  note_locale: string;
}

/** A user's customization of one template. */
export interface TemplateCustomization {
  note_template_custom_instructions: string | null;
  sections: SectionCustomization[];
}

/** A dot phrase. */
export interface DotPhrase {
  id: string;
  trigger: string;
  content: string;
  created_at: string;
  updated_at: string;
}

/** A dictation text replacement. */
export interface TextReplacement {
  id: string;
  original_text: string;
  replacement_text: string;
  created_at: string;
  updated_at: string;
}

/** Everything the service keeps per user besides the user record. */
export interface UserState {
  settings: NoteSettings;
  customizations: Map<string, TemplateCustomization>;
  dotPhrases: Map<string, DotPhrase>;
  replacements: Map<string, TextReplacement>;
}

/** Per-user state, created with defaults on first use. */
export class UserStateStore {
  readonly #states = new Map<string, UserState>();

  /** The state of a user (default settings on first use). */
  of(userId: string): UserState {
    let state = this.#states.get(userId);
    if (!state) {
      state = {
        settings: { note_template_key: DEFAULT_TEMPLATE_KEY, note_locale: 'ENGLISH_US' },
        customizations: new Map(),
        dotPhrases: new Map(),
        replacements: new Map(),
      };
      this.#states.set(userId, state);
    }
    return state;
  }

  /** A user's customization of a template (empty by default). */
  customization(userId: string, templateKey: string): TemplateCustomization {
    const state = this.of(userId);
    let custom = state.customizations.get(templateKey);
    if (!custom) {
      custom = { note_template_custom_instructions: null, sections: [] };
      state.customizations.set(templateKey, custom);
    }
    return custom;
  }
}
