/**
 * A native package is loaded on first use, and one that is missing is named in one sentence by the CLI,
 * also when a facade wrapped it in its own failure (the keychain's, the recorder's).
 */
import { describe, expect, it } from 'vitest';
import { SecretStoreError } from '../../../main/base/secrets/secret-store.ts';
import { describeFailure } from '../../../main/shells/cli/io.ts';
import { loadNative, NativeMissingError } from '../../../native/native-module.ts';
import { RecorderError } from '../../../native/recorder.ts';
import { toSecretStoreError } from '../../../native/keychain.ts';

describe('native packages', () => {
  it('loads an installed one', () => {
    expect(typeof loadNative<{ load: unknown }>('koffi').load).toBe('function');
  });

  it('names the package in one sentence, wrapped or not, with no stack', () => {
    const missing = new NativeMissingError('@napi-rs/keyring', { cause: new Error('Cannot find module') });
    const wrapped = [
      missing,
      toSecretStoreError(missing, 'get'),
      new RecorderError('unavailable', 'The native recorder could not be loaded on this platform.', {
        cause: new NativeMissingError('@picovoice/pvrecorder-node'),
      }),
    ];
    const lines = wrapped.map((error) => describeFailure(error));
    expect(lines[0]!.line).toMatch(/^The native package @napi-rs\/keyring is missing[^\n]*\.$/);
    expect(lines[1]!.line).toBe(lines[0]!.line);
    expect(lines[2]!.line).toContain('@picovoice/pvrecorder-node');
    for (const { line, exitCode } of lines) {
      expect(line).not.toMatch(/\n|at .*:\d+/);
      expect(exitCode).toBe(1);
    }
  });

  it('leaves a keychain failure of the keychain itself in its own words', () => {
    const refused = toSecretStoreError(new Error('Platform failure: no session bus'), 'get');
    expect(refused).toBeInstanceOf(SecretStoreError);
    expect(describeFailure(refused).line).not.toContain('native package');
  });
});
