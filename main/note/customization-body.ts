/**
 * A server caller's saved customization as generate-note fields. The service applies stored
 * customization for user callers only, so for server callers it must travel with each request
 * (public facts: `note_sections_customization` is an array of `{section_key, style?, custom_instruction?}`).
 */
import type { GenerateNoteRequest } from '../api/schemas/note.ts';
import type { SavedCustomization } from '../settings/customization-store.ts';

/** The fields to add: only sections with a style other than AUTO or an instruction, and a note-wide one. */
export function customizationFields(
  saved: SavedCustomization | undefined,
): Pick<GenerateNoteRequest, 'note_sections_customization' | 'note_template_custom_instructions'> {
  if (!saved) return {};
  const sections = saved.sections
    .filter((s) => s.style !== 'AUTO' || s.instruction.trim() !== '')
    .map((s) => ({
      section_key: s.key,
      ...(s.style !== 'AUTO' ? { style: s.style } : {}),
      ...(s.instruction.trim() !== '' ? { custom_instruction: s.instruction } : {}),
    }));
  return {
    ...(sections.length > 0 ? { note_sections_customization: sections } : {}),
    ...(saved.templateInstruction.trim() !== ''
      ? { note_template_custom_instructions: saved.templateInstruction }
      : {}),
  };
}
