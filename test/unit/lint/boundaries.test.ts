import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The layering is enforced by lint (eslint.config.js; main/ and native/ by .ci/eslint-layers.js). These cases
 * lint a line of code as if it sat in a given file, so a rule that silently stops matching fails here.
 */
const eslint = new ESLint({ cwd: process.cwd() });
const RULES = new Set([
  'no-restricted-imports',
  '@typescript-eslint/no-restricted-imports',
  'layers/direction',
]);

async function restricted(filePath: string, code: string): Promise<boolean> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).some((m) => m.ruleId !== null && RULES.has(m.ruleId));
}

const value = (from: string) => `import { x } from '${from}';\nexport { x };`;
const type = (from: string) => `import type { X } from '${from}';\nexport type { X };`;

describe('import boundaries', () => {
  it.each([
    // The renderer takes values from the contract's zod-free modules only (zod needs eval, which the CSP refuses).
    ['renderer/lib/x.ts', value('../../preload/contract/index.ts')],
    ['renderer/lib/x.ts', value('../../preload/contract/errors.ts')],
    ['renderer/lib/x.ts', value('../../preload/contract/dto-visit.ts')],
    ['renderer/lib/x.ts', value('../../main/core/api/errors.ts')],
    ['renderer/lib/x.ts', "import { ipcRenderer } from 'electron';\nexport { ipcRenderer };"],
    ['renderer/lib/x.ts', "import { readFile } from 'node:fs';\nexport { readFile };"],
    ['preload/contract/x.ts', "import { readFile } from 'node:fs';\nexport { readFile };"],
    ['preload/contract/x.ts', value('../../main/core/api/errors.ts')],
    // The contract carries codes, never sentences: it never imports the words (they import it).
    ['preload/contract/x.ts', value('../words/index.ts')],
    ['preload/contract/x.ts', type('../words/words.ts')],
    ['preload/contract/x.ts', value('../words/en/error-words.ts')],
    // The words are zod-free (the window imports them) and pure TypeScript.
    ['preload/words/x.ts', value('../contract/index.ts')],
    ['preload/words/en/x.ts', value('../../contract/dto-visit.ts')],
    ['preload/words/x.ts', "import { z } from 'zod';\nexport { z };"],
    ['preload/words/x.ts', value('../../main/core/api/errors.ts')],
    ['preload/words/en/x.ts', "import { readFile } from 'node:fs';\nexport { readFile };"],
    // The base and the core never build a sentence: they carry codes and facts (the service client too).
    ['main/base/failure.ts', value('../../preload/words/index.ts')],
    ['main/base/chords/x.ts', value('../../../preload/words/en/key-words.ts')],
    ['main/core/config/x.ts', value('../../../preload/words/index.ts')],
    ['main/core/ipc/x.ts', type('../../../preload/words/words.ts')],
    ['main/core/api/x.ts', value('../../../preload/words/index.ts')],
    ['main/core/api/auth/x.ts', value('../../../../preload/words/en/reason-words.ts')],
    ['main/core/api/endpoints/x.ts', type('../../../../preload/words/words.ts')],
    // The renderer imports preload/contract and preload/words, not the rest of preload.
    ['renderer/lib/x.ts', value('../../preload/index.ts')],
    // Electron only in its shell.
    ['main/core/api/x.ts', "import { app } from 'electron';\nexport { app };"],
    ['main/shells/cli/x.ts', "import { app } from 'electron';\nexport { app };"],
    ['native/x.ts', "import { app } from 'electron';\nexport { app };"],
    // Never the renderer or tests.
    ['main/core/streaming/x.ts', value('../../../renderer/lib/x.ts')],
    ['main/features/visit/x.ts', value('../../../test/integration/core/streaming/harness.ts')],
    ['main/shells/electron/index.ts', value('../../../test/e2e/bridge/harness.ts')],
    // A layer never imports a layer above it.
    ['main/base/async/x.ts', value('../../core/api/errors.ts')],
    ['main/base/files/x.ts', type('../../features/visit/ports.ts')],
    ['main/base/chords/x.ts', value('../../../native/key-hook.ts')],
    ['native/x.ts', value('../main/core/audio/pcm.ts')],
    ['native/x.ts', type('../main/features/dictation/hotkey-machine.ts')],
    ['main/core/api/x.ts', type('../../features/connection/ports.ts')],
    ['main/core/config/x.ts', value('../../features/updates/update-controller.ts')],
    ['main/core/ipc/x.ts', type('../../compose/composition-root.ts')],
    ['main/features/visit/x.ts', value('../../compose/composition-root.ts')],
    ['main/features/dictation/x.ts', value('../../shells/cli/io.ts')],
    ['main/compose/x.ts', value('../shells/preview/preview.ts')],
    // A feature uses another only through its ports, as types; a shell never imports another shell.
    ['main/features/note/x.ts', value('../connection/ports.ts')],
    ['main/features/note/x.ts', type('../connection/connection-manager.ts')],
    ['main/features/connection/x.ts', type('../visit/visit-service.ts')],
    ['main/features/audit/x.ts', "export type { X } from '../visit/visit-service.ts';"],
    ['main/shells/preview/x.ts', value('../electron/tray.ts')],
    // A shell opens a feature only by its front door too (or through main/compose): no side door.
    ['main/shells/electron/x.ts', value('../../features/dictation/engine-inserter.ts')],
    ['main/shells/electron/x.ts', type('../../features/updates/update-controller.ts')],
    ['main/shells/preview/x.ts', value('../../features/dictation/box-inserter.ts')],
    ['main/shells/cli/x.ts', value('../../features/visit/headless-visit.ts')],
    ['main/shells/cli/x.ts', value('../../features/visit/ports.ts')],
    ['main/shells/cli/commands/x.ts', value('../../../features/note/mapping.ts')],
    ['main/shells/cli/commands/audit.ts', "export type { X } from '../../../features/audit/audit-log.ts';"],
    // The CLI's former side doors stay shut (main/compose/headless.ts is its way in).
    ['main/shells/cli/commands/note.ts', value('../../../features/note/mapping.ts')],
    ['main/shells/cli/connect.ts', value('../../features/connection/token-sources.ts')],
    ['main/shells/cli/commands/dictate.ts', value('../../../features/dictation/commands/command-filter.ts')],
    ['main/shells/cli/commands/transcribe.ts', value('../../../features/visit/headless-visit.ts')],
    ['main/shells/cli/commands/send-instructions.ts', value('../../../features/schedule/server-schedule.ts')],
    // The composition root builds a feature only through its factory file and its ports.ts (types).
    ['main/compose/x.ts', value('../features/connection/connection-manager.ts')],
    ['main/compose/x.ts', type('../features/settings/settings-policy.ts')],
    ['main/compose/x.ts', value('../features/visit/handlers.ts')],
    ['main/compose/x.ts', value('../features/note/ports.ts')],
    ['main/compose/x.ts', value('../features/visit/note-feature.ts')],
    ['main/compose/x.ts', value('../features/visit/note-headless.ts')],
    ['main/compose/x.ts', "export type { X } from '../features/audit/audit-log.ts';"],
    ['main/compose/x.ts', "export const load = () => import('../features/dictation/compose-dictation.ts');"],
    // Separate programs: only a shell starts them (and the sample visit's one door); they use base and core.
    ['main/features/visit/x.ts', value('../../programs/local-service/index.ts')],
    ['main/shells/electron/x.ts', value('../../programs/local-service/demo.ts')],
    ['main/features/connection/sample-service.ts', value('../../programs/local-service/index.ts')],
    ['main/core/api/x.ts', value('../../programs/broker/index.ts')],
    ['main/programs/broker/x.ts', value('../../features/connection/connector.ts')],
    ['main/programs/local-service/x.ts', value('../broker/index.ts')],
    ['main/shells/cli/x.ts', value('../../programs/broker/broker-server.ts')],
    [
      'main/features/visit/x.ts',
      "export const load = () => import('../../programs/local-service/index.ts');",
    ],
    // A fake is for tests only.
    ['main/shells/preview/x.ts', value('../../features/dictation/inserter.fake.ts')],
    ['main/core/audio/x.ts', value('./audio-source.fake.ts')],
    ['native/x.ts', value('./desktop.fake.ts')],
  ])('refuses in %s: %s', async (file, code) => {
    expect(await restricted(file, code)).toBe(true);
  });

  it.each([
    ['main/shells/electron/index.ts', "import { app } from 'electron';\nexport { app };"],
    ['main/shells/electron/x.ts', "import { app } from 'electron';\nexport { app };"],
    ['preload/contract/x.ts', "import { z } from 'zod';\nexport { z };"],
    ['main/base/failure.ts', value('../../preload/contract/index.ts')],
    ['main/base/files/x.ts', value('../async/delay.ts')],
    ['native/x.ts', value('../main/base/async/delay.ts')],
    ['native/x.ts', type('../main/base/chords/chord.ts')],
    ['main/core/audio/x.ts', value('../../../native/recorder.ts')],
    ['main/core/journal/x.ts', type('../streaming/session-journal.ts')],
    ['main/features/visit/x.ts', type('../connection/ports.ts')],
    ['main/features/visit/x.ts', value('./visit-service.ts')],
    ['main/features/note/x.ts', "import { type S } from '../settings/ports.ts';\nexport type { S };"],
    ['main/features/dictation/x.ts', value('../../core/streaming/dictate-session.ts')],
    ['main/compose/x.ts', value('../features/visit/visit-feature.ts')],
    ['main/compose/x.ts', type('../features/settings/settings-feature.ts')],
    ['main/compose/x.ts', type('../features/settings/ports.ts')],
    ['main/compose/x.ts', "export type { X } from '../features/note/ports.ts';"],
    ['main/shells/cli/x.ts', value('../../compose/headless.ts')],
    // A shell opens a feature by its front door (the factory, ports.ts as types), or through main/compose.
    ['main/shells/electron/x.ts', value('../../features/updates/updates-feature.ts')],
    ['main/shells/electron/x.ts', type('../../features/dictation/dictation-feature.ts')],
    ['main/shells/preview/x.ts', type('../../features/note/ports.ts')],
    ['main/shells/cli/commands/x.ts', value('../../../features/note/note-feature.ts')],
    ['main/shells/cli/commands/x.ts', value('../../../features/note/note-headless.ts')],
    ['main/compose/x.ts', value('../features/visit/visit-headless.ts')],
    ['main/shells/cli/x.ts', value('../../programs/broker/index.ts')],
    ['main/shells/preview/x.ts', value('../../compose/composition-root.ts')],
    ['main/features/connection/sample-service.ts', value('../../programs/local-service/demo.ts')],
    ['main/programs/local-service/x.ts', value('./index.ts')],
    ['main/programs/broker/x.ts', value('../../core/api/auth/client-assertion.ts')],
    ['main/features/audit/x.ts', value('../../../package.json')],
    ['test/unit/x.ts', value('../../main/programs/local-service/index.ts')],
    ['test/unit/x.ts', value('../../native/desktop.fake.ts')],
    ['native/key-hook.fake.ts', type('../main/base/chords/chord.ts')],
    ['renderer/lib/x.ts', type('../../preload/contract/index.ts')],
    ['renderer/lib/x.ts', value('../../preload/contract/error-codes.ts')],
    // The words: the window, the CLI, the features and the composition root word codes through them.
    ['renderer/lib/x.ts', value('../../preload/words/index.ts')],
    ['renderer/lib/x.ts', value('../../preload/words/en/error-words.ts')],
    ['main/compose/x.ts', value('../../preload/words/index.ts')],
    ['main/features/dictation/x.ts', value('../../../preload/words/index.ts')],
    ['main/shells/cli/x.ts', value('../../../preload/words/index.ts')],
    ['preload/words/en/x.ts', value('../../contract/error-codes.ts')],
    ['preload/words/x.ts', type('../contract/index.ts')],
    ['preload/words/en/x.ts', value('../words.ts')],
  ])('allows in %s: %s', async (file, code) => {
    expect(await restricted(file, code)).toBe(false);
  });
});

/**
 * The base and the core reach no words through anything they import either: the rule follows the whole chain
 * on disk. A tree of its own (a temporary folder), so the chains exist only here: core → native → words,
 * base → base → words.
 */
describe('import boundaries, whole chains', () => {
  let root = '';
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'layers-'));
    const write = async (file: string, text: string) => {
      await mkdir(path.dirname(path.join(root, file)), { recursive: true });
      await writeFile(path.join(root, file), text);
    };
    await write('preload/words/index.ts', "export const said = 'words';\n");
    await write('native/worded.ts', "export { said } from '../preload/words/index.ts';\n");
    await write('native/plain.ts', 'export const plain = 1;\n');
    await write('main/base/async/worded.ts', "export { said } from '../../../preload/words/index.ts';\n");
    await write('main/base/async/plain.ts', "export { plain } from '../../../native/plain.ts';\n");
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  async function refused(filePath: string, code: string): Promise<string[]> {
    // The project's own plugin (.ci/eslint-layers.js), as eslint.config.js enables it for main/.
    const project = (await eslint.calculateConfigForFile('main/base/x.ts')) as {
      plugins: Record<string, ESLint.Plugin>;
    };
    const inTree = new ESLint({
      cwd: root,
      overrideConfigFile: true,
      overrideConfig: {
        files: ['**/*.ts'],
        languageOptions: { parser: tseslint.parser },
        plugins: { layers: project.plugins['layers']! },
        rules: { 'layers/direction': 'error' },
      },
    });
    const [result] = await inTree.lintText(code, { filePath: path.join(root, filePath) });
    return (result?.messages ?? []).map((m) => m.message);
  }

  it.each([
    ['main/core/audio/x.ts', value('../../../native/worded.ts')],
    ['main/base/files/x.ts', type('../async/worded.ts')],
    ['main/core/api/x.ts', "export const load = () => import('../../../native/worded.ts');"],
  ])('refuses in %s: %s (it reaches preload/words)', async (file, code) => {
    expect((await refused(file, code)).join('\n')).toMatch(/worded\.ts → preload\/words\/index\.ts/);
  });

  it.each([
    ['main/core/audio/x.ts', value('../../../native/plain.ts')],
    ['main/core/audio/x.ts', value('../../base/async/plain.ts')],
    ['main/features/visit/x.ts', value('../../../native/worded.ts')],
  ])('allows in %s: %s', async (file, code) => {
    expect(await refused(file, code)).toEqual([]);
  });
});
