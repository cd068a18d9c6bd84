/**
 * The installer's own version, read from its bytes (a PE version resource built per test), against what the
 * feed announced and what is running.
 */
import { describe, expect, it } from 'vitest';
import { checkEmbeddedVersion, compareVersions } from '../../../../main/features/updates/embedded-version.ts';
import { readPeVersion } from '../../../../main/features/updates/pe-version.ts';
import { peInstaller } from '../../../fixtures/installers/pe-installer.ts';

describe('readPeVersion', () => {
  it('reads the ProductVersion string of the version resource', () => {
    expect(readPeVersion(peInstaller({ productVersion: '9.9.9' }))).toBe('9.9.9');
    expect(readPeVersion(peInstaller({ productVersion: '1.2.0-beta.3' }))).toBe('1.2.0-beta.3');
  });

  it('falls back to the fixed product version when there is no string', () => {
    expect(readPeVersion(peInstaller({ productVersion: null, fixed: [2, 10, 7, 0] }))).toBe('2.10.7');
  });

  it('is null for a PE without a version resource, a file that is not a PE, and a truncated one', () => {
    expect(readPeVersion(peInstaller({ productVersion: '1.0.0', withoutVersionResource: true }))).toBeNull();
    expect(readPeVersion(Buffer.from('#!/bin/sh\necho not an installer\n'))).toBeNull();
    expect(readPeVersion(peInstaller({ productVersion: '1.0.0' }).subarray(0, 0x420))).toBeNull();
  });
});

describe('checkEmbeddedVersion', () => {
  it('refuses a feed announcing 9.9.9 with an installer that says 0.0.1', () => {
    expect(checkEmbeddedVersion(peInstaller({ productVersion: '0.0.1' }), '9.9.9', '1.0.0')).toEqual({
      refusal: 'embedded_version_mismatch',
      announced: '9.9.9',
      embedded: '0.0.1',
    });
  });

  it('passes an installer that is the announced version and newer than this one', () => {
    expect(checkEmbeddedVersion(peInstaller({ productVersion: '9.9.9' }), '9.9.9', '1.0.0')).toBeNull();
  });

  it('refuses an installer (and feed) no newer than the running version', () => {
    expect(checkEmbeddedVersion(peInstaller({ productVersion: '1.0.0' }), '1.0.0', '1.0.0')?.refusal).toBe(
      'embedded_version_not_newer',
    );
    expect(checkEmbeddedVersion(peInstaller({ productVersion: '0.9.0' }), '0.9.0', '1.0.0')?.refusal).toBe(
      'embedded_version_not_newer',
    );
  });

  it('refuses an installer whose version cannot be read (tampered resource)', () => {
    const bytes = peInstaller({ productVersion: '9.9.9' });
    bytes.writeUInt32LE(0, 0x40); // the PE signature overwritten
    expect(checkEmbeddedVersion(bytes, '9.9.9', '1.0.0')?.refusal).toBe('embedded_version_unreadable');
  });
});

describe('compareVersions', () => {
  it('orders by semantic version, a pre-release before its release', () => {
    expect(compareVersions('1.10.0', '1.9.9')).toBe(1);
    expect(compareVersions('1.2.0-beta.1', '1.2.0')).toBe(-1);
    expect(compareVersions('1.2.0-beta.10', '1.2.0-beta.9')).toBe(1);
    expect(compareVersions('1.2.0+build.5', '1.2.0')).toBe(0);
    expect(compareVersions('0.0.1', '9.9.9')).toBe(-1);
  });
});

describe('what a refusal may carry', () => {
  it('keeps an embedded value only when it is version-shaped', () => {
    expect(checkEmbeddedVersion(peInstaller({ productVersion: 'Jane Doe' }), '9.9.9', '1.0.0')).toEqual({
      refusal: 'embedded_version_unreadable',
      announced: '9.9.9',
      embedded: null,
    });
  });
});
