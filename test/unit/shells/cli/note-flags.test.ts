/**
 * `scribe note --locale` and `--template` are checked before the transcript is sent (issue 31): the
 * service's refusal of either names no flag. The locale against the note locales, the template against the
 * caller's own templates (listed, never hard-coded).
 */
import { describe, expect, it } from 'vitest';
import { configSchema } from '../../../../main/core/config/config-schema.ts';
import { checkTemplateFlag, cliNoteRequest } from '../../../../main/shells/cli/commands/note.ts';
import { MemoryCustomizationStore } from '../../../../main/features/settings/customization-store.ts';

const TRANSCRIPT = [{ text: 'Chest pain for three days.', speaker_type: 'PATIENT' as const }];

describe('scribe note flags, before anything is sent', () => {
  it('refuses a --locale that is not a note locale, naming the flag and the locales', async () => {
    const refused = await cliNoteRequest(
      configSchema.parse({}),
      { transcript: 'visit.txt', locale: 'FRENCH' },
      TRANSCRIPT,
      undefined,
      new MemoryCustomizationStore(),
    ).catch((error: unknown) => error);
    expect(refused).toMatchObject({
      exitCode: 2,
      message: '--locale must be one of ENGLISH_US, ENGLISH_UK, FRENCH_FR.',
    });
  });

  it("refuses a --template the caller's templates do not have, naming them; takes one they do", async () => {
    const asked: (string | undefined)[] = [];
    const core = {
      listTemplates: async (locale?: string) => {
        asked.push(locale);
        return [
          { key: 'SOAP', title: 'SOAP' },
          { key: 'GENERIC_MULTIPLE_SECTIONS', title: 'Generic' },
        ];
      },
    };
    await expect(checkTemplateFlag(core, 'SOAPY', 'ENGLISH_US')).rejects.toMatchObject({
      exitCode: 2,
      message:
        "--template SOAPY is not one of this organization's note templates (SOAP, GENERIC_MULTIPLE_SECTIONS). Nothing was sent.",
    });
    await expect(checkTemplateFlag(core, 'SOAP', 'ENGLISH_US')).resolves.toBeUndefined();
    await expect(checkTemplateFlag(core, undefined, 'ENGLISH_US')).resolves.toBeUndefined();
    expect(asked).toEqual(['ENGLISH_US', 'ENGLISH_US']);
  });
});
