import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, serverToken, startHarness, userSession, type Harness } from './helpers.ts';

const U = '/v1/core/user';

describe('local service: dot phrases and text replacements', () => {
  let h: Harness;
  let alice: string;
  let bob: string;
  beforeAll(async () => {
    h = await startHarness();
    const token = await serverToken(h);
    alice = (await userSession(h, token)).access;
    bob = (await userSession(h, token)).access;
  });
  afterAll(() => h.service.close());

  it('creates, reads, updates and deletes single dot phrases, per user', async () => {
    const created = await call(h.service, 'POST', `${U}/dot-phrases`, {
      token: alice,
      body: { trigger: '.sob', content: 'Shortness of breath' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ trigger: '.sob', content: 'Shortness of breath' });
    expect(created.body.created_at).toBe(created.body.updated_at);
    const id = created.body.id;
    expect(
      (
        await call(h.service, 'POST', `${U}/dot-phrases`, {
          token: alice,
          body: { trigger: '.sob', content: 'again' },
        })
      ).status,
    ).toBe(409);
    expect((await call(h.service, 'GET', `${U}/dot-phrases/${id}`, { token: bob })).status).toBe(404);
    h.service.control.advance(1000);
    const patched = await call(h.service, 'PATCH', `${U}/dot-phrases/${id}`, {
      token: alice,
      body: { content: 'SOB' },
    });
    expect(patched.body.content).toBe('SOB');
    expect(patched.body.updated_at > patched.body.created_at).toBe(true);
    expect((await call(h.service, 'GET', `${U}/dot-phrases`, { token: alice })).body.data).toHaveLength(1);
    expect((await call(h.service, 'GET', `${U}/dot-phrases`, { token: bob })).body.data).toHaveLength(0);
    expect((await call(h.service, 'DELETE', `${U}/dot-phrases/${id}`, { token: alice })).status).toBe(204);
    expect((await call(h.service, 'GET', `${U}/dot-phrases/${id}`, { token: alice })).status).toBe(404);
  });

  it('bulk-updates by id and refuses unknown ids', async () => {
    const created = await call(h.service, 'POST', `${U}/dot-phrases/bulk-create`, {
      token: alice,
      body: {
        dot_phrases: [
          { trigger: '.a', content: 'A' },
          { trigger: '.b', content: 'B' },
        ],
      },
    });
    const [a, b] = created.body.dot_phrases;
    const updated = await call(h.service, 'POST', `${U}/dot-phrases/bulk-update`, {
      token: alice,
      body: {
        dot_phrases: [
          { id: a.id, content: 'A2' },
          { id: b.id, trigger: '.b2' },
        ],
      },
    });
    expect(
      updated.body.dot_phrases.map((p: { content: string; trigger: string }) => `${p.trigger}=${p.content}`),
    ).toEqual(['.a=A2', '.b2=B']);
    const unknown = await call(h.service, 'POST', `${U}/dot-phrases/bulk-update`, {
      token: alice,
      body: { dot_phrases: [{ id: '00000000-0000-4000-8000-000000000000', content: 'x' }] },
    });
    expect(unknown.status).toBe(404);
    const clash = await call(h.service, 'POST', `${U}/dot-phrases/bulk-update`, {
      token: alice,
      body: { dot_phrases: [{ id: a.id, trigger: '.b2' }] },
    });
    expect(clash.status).toBe(409);
  });

  it('manages dictation text replacements', async () => {
    const path = `${U}/dictation-text-replacements`;
    const created = await call(h.service, 'POST', path, {
      token: alice,
      body: { original_text: 'b p', replacement_text: 'BP' },
    });
    expect(created.status).toBe(201);
    expect(
      (
        await call(h.service, 'POST', path, {
          token: alice,
          body: { original_text: 'b p', replacement_text: 'x' },
        })
      ).status,
    ).toBe(409);
    const patched = await call(h.service, 'PATCH', `${path}/${created.body.id}`, {
      token: alice,
      body: { replacement_text: 'blood pressure' },
    });
    expect(patched.body.replacement_text).toBe('blood pressure');
    expect((await call(h.service, 'GET', path, { token: alice })).body.data).toHaveLength(1);
    expect((await call(h.service, 'DELETE', `${path}/${created.body.id}`, { token: alice })).status).toBe(
      204,
    );
    expect((await call(h.service, 'GET', path, { token: alice })).body.data).toHaveLength(0);
  });
});
