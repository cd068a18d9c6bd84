/**
 * What the clinician reads when an update is ready or refused: each refusal its own sentence, in the
 * window's language (setting or policy, else the system's languages, else English); a reason of no known
 * kind still says what happened and what to do, with its code (and never free text) for IT.
 */
import { describe, expect, it } from 'vitest';
import {
  isToldRefusal,
  refusalOf,
  updateNotification,
} from '../../../../main/features/updates/update-notice.ts';
import { UPDATE_REFUSALS } from '../../../../preload/contract/index.ts';
import { LOCALES } from '../../../../preload/words/index.ts';

const english = { setting: null, system: ['en-US'] } as const;
const refused = (reason: string, version: string | null = '2.1.0') =>
  updateNotification({ kind: 'refused', reason, version }, english);

describe('update notifications in the clinician words', () => {
  it('says when a ready update installs', () => {
    expect(updateNotification({ kind: 'ready', version: '2.1.0' }, english)).toEqual({
      title: 'Scribe Desktop update ready',
      body: 'Version 2.1.0 installs when you quit Scribe Desktop.',
    });
  });

  it('each refusal is its own clear sentence, never a code', () => {
    expect(refused('embedded_version_not_newer').body).toBe(
      'The update (version 2.1.0) is not newer than the version you have, so it was not installed. Scribe Desktop keeps working as it is.',
    );
    expect(refused('embedded_version_mismatch').body).toContain(
      'is not the version the update server announced (version 2.1.0)',
    );
    expect(refused('ERR_UPDATER_INVALID_SIGNATURE').body).toContain(
      "is not signed by your organization's software publisher",
    );
    expect(refused('ERR_CHECKSUM_MISMATCH', null).body).toBe(
      'The update was damaged or changed on its way, so it was not installed. Scribe Desktop keeps working as it is and will try again later.',
    );
    const bodies = UPDATE_REFUSALS.map((r) => refused(r).body);
    expect(new Set(bodies).size).toBe(UPDATE_REFUSALS.length);
    for (const body of bodies) expect(body).not.toMatch(/embedded_|ERR_|_/);
    expect(refused('embedded_version_unreadable').title).toBe('Scribe Desktop update not installed');
  });

  it('a reason of no known kind still says what happened, with its code; free text is not repeated', () => {
    expect(refused('ERR_UPDATER_NEW_THING').body).toBe(
      'An update could not be checked, so it was not installed. Scribe Desktop keeps working as it is; if this happens again, tell your IT department (code ERR_UPDATER_NEW_THING).',
    );
    expect(refused('installer at C:\\Users\\dr smith\\x.exe refused').body).toContain('(code unknown)');
  });

  it('in the window language: the setting first, else the system language, else English', () => {
    const fr = updateNotification(
      { kind: 'refused', reason: 'embedded_version_not_newer', version: '2.1.0' },
      { setting: 'fr', system: ['es-ES'] },
    );
    expect(fr.title).toBe(LOCALES.fr.updates.refusedTitle);
    expect(fr.body).toBe(LOCALES.fr.updates.refused.embedded_version_not_newer('2.1.0'));
    expect(fr.body).toContain('n’est pas plus récente');
    const es = updateNotification({ kind: 'ready', version: '2.1.0' }, { setting: null, system: ['es-MX'] });
    expect(es.body).toBe('La versión 2.1.0 se instalará cuando cierre Scribe Desktop.');
    const other = updateNotification({ kind: 'ready', version: null }, { setting: null, system: ['de-DE'] });
    expect(other.body).toBe('The update installs when you quit Scribe Desktop.');
  });

  it('maps the updater codes; only integrity refusals are told, not a feed that cannot be reached', () => {
    expect(refusalOf('ERR_UPDATER_INVALID_SIGNATURE')).toBe('signature_invalid');
    expect(refusalOf('embedded_version_mismatch')).toBe('embedded_version_mismatch');
    expect(refusalOf('ENOTFOUND')).toBeNull();
    expect(isToldRefusal('ERR_CHECKSUM_MISMATCH')).toBe(true);
    expect(isToldRefusal('ERR_UPDATER_LATEST_VERSION_NOT_FOUND')).toBe(false);
    expect(isToldRefusal(null)).toBe(false);
  });
});
