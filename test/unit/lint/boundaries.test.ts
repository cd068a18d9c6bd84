import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The process layering is enforced by lint (eslint.config.js). These cases lint a line of code as if it sat
 * in a given file, so a rule that silently stops matching fails here.
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function restricted(filePath: string, code: string): Promise<boolean> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).some(
    (m) => m.ruleId === 'no-restricted-imports' || m.ruleId === '@typescript-eslint/no-restricted-imports',
  );
}

describe('import boundaries', () => {
  it.each([
    // The renderer takes values from the contract's zod-free modules only (zod needs eval, which the CSP refuses).
    [
      'renderer/lib/x.ts',
      "import { channels } from '../../preload/contract/index.ts';\nexport { channels };",
    ],
    ['renderer/lib/x.ts', "import { fail } from '../../preload/contract/errors.ts';\nexport { fail };"],
    ['renderer/lib/x.ts', "import { S } from '../../preload/contract/dto-visit.ts';\nexport { S };"],
    ['renderer/lib/x.ts', "import { ApiError } from '../../main/api/errors.ts';\nexport { ApiError };"],
    ['renderer/lib/x.ts', "import { ipcRenderer } from 'electron';\nexport { ipcRenderer };"],
    ['renderer/lib/x.ts', "import { readFile } from 'node:fs';\nexport { readFile };"],
    ['preload/contract/x.ts', "import { readFile } from 'node:fs';\nexport { readFile };"],
    ['preload/contract/x.ts', "import { ApiError } from '../../main/api/errors.ts';\nexport { ApiError };"],
    ['main/api/x.ts', "import { app } from 'electron';\nexport { app };"],
    ['main/streaming/x.ts', "import { x } from '../../renderer/lib/x.ts';\nexport { x };"],
    ['native/x.ts', "import { app } from 'electron';\nexport { app };"],
    ['main/visit/x.ts', "import { h } from '../../test/integration/streaming/harness.ts';\nexport { h };"],
    ['main/shells/electron/index.ts', "import { h } from '../test/e2e/bridge/harness.ts';\nexport { h };"],
    ['main/visit/x.ts', "import { s } from '../local-service/index.ts';\nexport { s };"],
    ['main/app/x.ts', "import { s } from '../local-service/demo.ts';\nexport { s };"],
    ['main/features/connection/sample-service.ts', "import { s } from '../local-service/index.ts';\nexport { s };"],
    ['native/x.ts', "import { a } from '../main/audit/audit-log.ts';\nexport { a };"],
    ['native/x11/x.ts', "import { a } from '../../main/secrets/aes-gcm.ts';\nexport { a };"],
    ['native/x.ts', "import { c } from '../main/dictation/insertion/clipboard-paste.ts';\nexport { c };"],
    // Rooms by capability: the connection knows none built on it, no room knows the composition root.
    ['main/features/connection/connector.ts', "import { l } from '../visit/live-adapter.ts';\nexport { l };"],
    ['main/connection/x.ts', "import type { N } from '../note/ports.ts';\nexport type { N };"],
    ['main/settings/x.ts', "import { checkLimit } from '../note/note-workflow.ts';\nexport { checkLimit };"],
    ['main/note/x.ts', "import type { V } from '../visit/visit-app.ts';\nexport type { V };"],
    ['main/visit/x.ts', "import type { N } from '../note/note-service.ts';\nexport type { N };"],
    ['main/dictation/x.ts', "import type { V } from '../visit/ports.ts';\nexport type { V };"],
    ['main/visit/x.ts', "import { composeApp } from '../composition-root.ts';\nexport { composeApp };"],
    ['main/visit/x.ts', "import { s } from '../local-service/index.ts';\nexport { s };"],
    // Only the connection room and the root know the connection manager; the others take ports.
    ['main/visit/x.ts', "import type { C } from '../connection/connection-manager.ts';\nexport type { C };"],
    ['main/note/x.ts', "import type { C } from '../connection/connection-manager.ts';\nexport type { C };"],
    [
      'main/settings/x.ts',
      "import type { C } from '../connection/connection-manager.ts';\nexport type { C };",
    ],
    [
      'main/dictation/x.ts',
      "import type { C } from '../connection/connection-manager.ts';\nexport type { C };",
    ],
    ['main/visit/x.ts', "import { withPolicy } from '../policy-handlers.ts';\nexport { withPolicy };"],
    // The shared layers below the rooms import no room (nor the root): what two rooms share moves down.
    [
      'main/core/config/dictation-keys.ts',
      "import { parseChord } from '../dictation/chord.ts';\nexport { parseChord };",
    ],
    ['main/core/ipc/error-mapping.ts', "import { S } from '../connection/sign-in-error.ts';\nexport { S };"],
    ['main/api/auth/x.ts', "import type { C } from '../../connection/ports.ts';\nexport type { C };"],
    ['main/streaming/x.ts', "import type { V } from '../visit/ports.ts';\nexport type { V };"],
    ['main/audio/x.ts', "import type { N } from '../note/ports.ts';\nexport type { N };"],
    ['main/audit/x.ts', "import type { S } from '../settings/ports.ts';\nexport type { S };"],
    ['main/events/x.ts', "import { d } from '../dictation/dictation-service.ts';\nexport { d };"],
    ['main/files/x.ts', "import { v } from '../visit/visit-app.ts';\nexport { v };"],
    ['main/secrets/x.ts', "import { v } from '../connection/credential-vault.ts';\nexport { v };"],
    ['main/chords/x.ts', "import type { M } from '../dictation/hotkey-machine.ts';\nexport type { M };"],
    ['main/ipc/x.ts', "import type { App } from '../composition-root.ts';\nexport type { App };"],
  ])('refuses in %s: %s', async (file, code) => {
    expect(await restricted(file, code)).toBe(true);
  });

  it.each([
    ['main/app/x.ts', "import { app } from 'electron';\nexport { app };"],
    ['main/shells/electron/index.ts', "import { app } from 'electron';\nexport { app };"],
    ['preload/contract/x.ts', "import { z } from 'zod';\nexport { z };"],
    ['main/features/connection/sample-service.ts', "import { s } from '../local-service/demo.ts';\nexport { s };"],
    ['main/local-service/x.ts', "import { s } from './index.ts';\nexport { s };"],
    ['test/unit/x.ts', "import { s } from '../../main/local-service/index.ts';\nexport { s };"],
    ['test/unit/x.ts', "import { h } from '../integration/streaming/harness.ts';\nexport { h };"],
    ['native/x11/x.ts', "import { delay } from '../../main/events/delay.ts';\nexport { delay };"],
    [
      'native/x.ts',
      "import { SecretStoreError } from '../main/secrets/secret-store.ts';\nexport { SecretStoreError };",
    ],
    [
      'native/x.ts',
      "import type { ModifierSnapshot } from '../main/dictation/hotkey-machine.ts';\nexport type { ModifierSnapshot };",
    ],
    ['main/visit/x.ts', "import type { C } from '../connection/ports.ts';\nexport type { C };"],
    ['main/connection/x.ts', "import type { C } from './connection-manager.ts';\nexport type { C };"],
    ['main/compose/composition-root.ts', "import { C } from './connection/connection-manager.ts';\nexport { C };"],
    ['main/note/x.ts', "import type { S } from '../settings/customization-store.ts';\nexport type { S };"],
    ['main/compose/composition-root.ts', "import { V } from './visit/visit-app.ts';\nexport { V };"],
    ['main/cli/x.ts', "import { l } from '../visit/live-adapter.ts';\nexport { l };"],
    ['main/config/x.ts', "import { parseChord } from '../chords/chord.ts';\nexport { parseChord };"],
    [
      'main/dictation/x.ts',
      "import { refuseChord } from '../chords/chord-rules.ts';\nexport { refuseChord };",
    ],
    ['main/ipc/x.ts', "import { S } from '../api/auth/sign-in-error.ts';\nexport { S };"],
    ['main/connection/x.ts', "import { S } from '../api/auth/sign-in-error.ts';\nexport { S };"],
    ['main/config/x.ts', "import type { S } from '../secrets/secret-store.ts';\nexport type { S };"],
    [
      'main/compose/policy-handlers.ts',
      "import type { P } from './settings/settings-policy.ts';\nexport type { P };",
    ],
    [
      'renderer/lib/x.ts',
      "import type { IpcError } from '../../preload/contract/index.ts';\nexport type { IpcError };",
    ],
    [
      'renderer/lib/x.ts',
      "import { formatError } from '../../preload/contract/messages.ts';\nexport { formatError };",
    ],
  ])('allows in %s: %s', async (file, code) => {
    expect(await restricted(file, code)).toBe(false);
  });
});
