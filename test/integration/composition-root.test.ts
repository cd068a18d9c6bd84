/**
 * The app's own wiring (main/compose/composition-root.ts, what main/shells/electron/index.ts runs inside Electron) under Node:
 * real keychain, real settings file, real journal folder, the local service over loopback, and the
 * sample's synthetic recording as the microphone.
 */
import { mkdtemp, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { toIpcError } from '../../main/core/ipc/error-mapping.ts';
import { formatError, summaryText } from '../../preload/words/index.ts';
import type { CheckNote } from '../../preload/contract/index.ts';
import { journalDir } from '../../main/core/config/paths.ts';
import { ctx, data } from './app-under-test.ts';
import { keychainAppsPerFile } from './keychain-apps.ts';
import { expectedSentences, until, type StreamingHarness } from './core/streaming/harness.ts';

describe.skipIf(!process.env.REAL_KEYCHAIN)(
  'app services (the wiring main/shells/electron/index.ts runs) under Node',
  () => {
    let h: StreamingHarness;
    const { start, secrets } = keychainAppsPerFile((started) => (h = started));

    it('keeps entered credentials encrypted and signs in with them again on the next start', async () => {
      const dataDir = await mkdtemp(join(tmpdir(), 'scribe-app-'));
      const first = await start(dataDir);
      expect(data(await first.handlers['connect:status']({}, ctx)).mode).toBe('none');
      data(
        await first.handlers['connect:configure'](
          {
            baseUrl: h.service.url,
            credentials: { kind: 'server', clientId: h.fixtures.staticClient.id, privateKeyPem: h.staticPem },
          },
          ctx,
        ),
      );
      expect(data(await first.handlers['connect:status']({}, ctx))).toMatchObject({
        mode: 'organization',
        healthy: true,
      });

      const vault = join(dataDir, 'connection.vault');
      expect((await stat(vault)).mode & 0o777).toBe(0o600);
      const sealed = await readFile(vault, 'latin1');
      const pemBody = h.staticPem.split('\n')[1]!;
      expect(sealed).not.toContain(pemBody);
      expect(sealed).not.toContain(h.fixtures.staticClient.id);

      const second = await start(dataDir);
      data(await second.handlers['connect:check']({}, ctx));
      expect(data(await second.handlers['connect:status']({}, ctx))).toMatchObject({
        mode: 'organization',
        baseUrl: h.service.url,
        healthy: true,
      });

      data(await second.handlers['connect:disconnect']({}, ctx));
      const third = await start(dataDir);
      expect(data(await third.handlers['connect:status']({}, ctx)).mode).toBe('none');
    });

    it('runs a visit with a journal, makes a note, copies it, and shreds the journal when the visit is discarded', async () => {
      const dataDir = await mkdtemp(join(tmpdir(), 'scribe-app-'));
      const { handlers, services, clipboard } = await start(dataDir);
      data(
        await handlers['connect:configure'](
          {
            baseUrl: h.service.url,
            credentials: { kind: 'server', clientId: h.fixtures.staticClient.id, privateKeyPem: h.staticPem },
          },
          ctx,
        ),
      );
      data(
        await handlers['visit:start'](
          {
            consentAcknowledged: true,
            locales: ['ENGLISH_US'],
            speakers: { mode: 'single', deviceId: 'fixture' },
          },
          ctx,
        ),
      );
      const journals = journalDir(dataDir);
      expect((await readdir(journals)).filter((f) => f.endsWith('.journal'))).toHaveLength(1);
      // The fixture runs out, the visit ends by itself once the service confirmed everything.
      await until(() => services.app.visit.state.phase === 'ended', 'the visit to end');
      const said = data(await handlers['visit:transcript']({}, ctx))
        .items.filter((i) => i.final)
        .map((i) => i.text);
      expect(said).toEqual(expectedSentences('visit.wav').map((s) => s.text));

      // With server credentials the service keeps no customization: the app keeps it and sends it.
      const template = 'GENERIC_MULTIPLE_SECTIONS';
      const shown = data(await handlers['settings:customization']({ templateKey: template }, ctx));
      const vitals = {
        key: 'VITALS',
        title: 'Vitals',
        style: 'BULLET_POINTS',
        instruction: 'One per line.',
      } as const;
      data(
        await handlers['settings:saveCustomization'](
          {
            ...shown,
            templateInstruction: 'Use plain words.',
            sections: [...shown.sections.filter((s) => s.key !== 'VITALS'), vitals],
          },
          ctx,
        ),
      );
      expect(await readFile(join(dataDir, 'note-customization.json'), 'utf8')).toContain('One per line.');
      h.service.control.clearRequests();
      const note = data(
        await handlers['note:generate'](
          { templateKey: template, locale: null, mode: 'sync', extraContext: null },
          ctx,
        ),
      );
      expect(note.sections.length).toBeGreaterThan(0);
      const sent = h.service.control.requests.find((r) => r.path.endsWith('/generate-note'))!;
      expect(sent.status).toBe(200);
      expect(sent.fields).toMatchObject({
        note_template_key: template.length,
        note_sections_customization: 1,
        note_template_custom_instructions: 'Use plain words.'.length,
      });
      const shownVitals = note.sections.find((s) => s.key === 'VITALS')!.content;
      expect(shownVitals).toMatchObject({ type: 'TEXT', text: expect.stringMatching(/^- /) });
      const copied = data(await handlers['copy:note']({ sectionKey: null }, ctx));
      expect(copied.chars).toBe(clipboard.writes[0]?.length);

      const [meta] = (await readdir(journals)).filter((f) => f.endsWith('.meta.json'));
      const id = meta!.replace('.meta.json', '');
      expect(JSON.parse(await readFile(join(journals, meta!), 'utf8'))).toMatchObject({ status: 'finished' });
      expect(await secrets.get(`journal.${id}`)).toBeDefined();

      data(await handlers['visit:discard']({}, ctx));
      expect((await readdir(journals)).filter((f) => f.startsWith(id))).toEqual([]);
      expect(await secrets.get(`journal.${id}`)).toBeUndefined();
    });

    it("signs in with IT's managed connection when the person entered none", async () => {
      const dataDir = await mkdtemp(join(tmpdir(), 'scribe-app-'));
      const keyFile = join(dataDir, 'org-key.pem');
      await writeFile(keyFile, h.staticPem, { mode: 0o600 });
      const { handlers } = await start(dataDir, {
        SCRIBE_SERVICE_URL: h.service.url,
        SCRIBE_CLIENT_ID: h.fixtures.staticClient.id,
        SCRIBE_PRIVATE_KEY_FILE: keyFile,
      });
      data(await handlers['connect:check']({}, ctx));
      expect(data(await handlers['connect:status']({}, ctx))).toMatchObject({
        mode: 'organization',
        healthy: true,
      });
      // What belongs to a clinician is refused before sending, saying why (not as a service failure); the
      // handler throws and the IPC router maps it, as in the app.
      const requests = h.service.control.requests.length;
      const calls: (() => unknown)[] = [
        () => handlers['dotPhrases:list']({}, ctx),
        () => handlers['replacements:list']({}, ctx),
      ];
      for (const call of calls) {
        const refused = await (async () => call())().then(
          () => undefined,
          (error: unknown) => toIpcError(error),
        );
        expect(refused?.code).toBe('clinician_sign_in_required');
        expect(refused && formatError(refused)).toContain('clinician sign-in');
      }
      expect(h.service.control.requests.length).toBe(requests);
    });

    it("says plainly when IT's key file cannot be read, instead of looking merely signed out", async () => {
      const dataDir = await mkdtemp(join(tmpdir(), 'scribe-app-'));
      const { handlers } = await start(dataDir, {
        SCRIBE_SERVICE_URL: h.service.url,
        SCRIBE_CLIENT_ID: h.fixtures.staticClient.id,
        SCRIBE_PRIVATE_KEY_FILE: join(dataDir, 'missing.pem'),
      });
      const status = data(await handlers['connect:status']({}, ctx));
      expect(status).toMatchObject({ mode: 'none', healthy: false });
      expect(summaryText(status.summary, status.checks as CheckNote[])).toContain(
        "private key file set by your organization's configuration cannot be read (ENOENT)",
      );
    });

    it('keeps microphone and locale choices in the settings file, and never overrides a managed value', async () => {
      const dataDir = await mkdtemp(join(tmpdir(), 'scribe-app-'));
      const { handlers } = await start(dataDir);
      data(
        await handlers['settings:update'](
          { clinicianDeviceId: 'fixture', speechLocales: ['ENGLISH_US', 'SPANISH_MX'] },
          ctx,
        ),
      );
      const file = JSON.parse(await readFile(join(dataDir, 'settings.json'), 'utf8'));
      expect(file).toMatchObject({ microphone: 'fixture', speechLocales: ['ENGLISH_US', 'SPANISH_MX'] });

      const managed = await start(dataDir, { SCRIBE_SPEECH_LOCALES: 'FRENCH_FR' });
      expect(data(await managed.handlers['settings:get']({}, ctx)).speechLocales).toEqual(['FRENCH_FR']);
      // A change to a locked key is refused, naming the setting (not silently dropped).
      const refused = await managed.handlers['settings:update']({ speechLocales: ['ENGLISH_US'] }, ctx);
      expect(refused).toMatchObject({ ok: false, error: { code: 'policy_locked' } });
      expect(!refused.ok && formatError(refused.error)).toMatch(/^Spoken languages: set by the environment/);
      expect(JSON.parse(await readFile(join(dataDir, 'settings.json'), 'utf8')).speechLocales).toEqual([
        'ENGLISH_US',
        'SPANISH_MX',
      ]);
    });
  },
);
