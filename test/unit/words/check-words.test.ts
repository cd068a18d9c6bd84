/**
 * The connection checks and the status summary cross IPC as codes and closed params (check-words.ts):
 * a sentence put beside them is stripped, free text in a param is refused, and every reason has words.
 */
import { describe, expect, it } from 'vitest';
import { createRendererEvents } from '../../../main/core/ipc/event-emitter.ts';
import {
  CHECK_REASONS,
  events,
  type CheckId,
  type ConnectionStatus,
} from '../../../preload/contract/index.ts';
import { checkDetailText, summaryText } from '../../../preload/words/index.ts';

const CANARY = 'Reason given: Patient Jane Canary, chest pain';

function status(over: Record<string, unknown>): ConnectionStatus {
  return {
    mode: 'organization',
    baseUrl: 'https://us.api.example.com',
    region: 'us',
    caller: 'server',
    checks: [],
    summary: { code: 'connected', params: { host: 'us.api.example.com', region: 'us' } },
    healthy: true,
    ...over,
  } as ConnectionStatus;
}

/** What the renderer receives for one `connect:status` push, or null when it was refused. */
function pushed(value: ConnectionStatus): string | null {
  const sent: unknown[] = [];
  const emitter = createRendererEvents({ events, send: (_, payload) => sent.push(payload) });
  return emitter.emit('connect:status', value) ? JSON.stringify(sent[0]) : null;
}

describe('connection checks cross as codes', () => {
  it('strips a sentence put beside a check or the summary', () => {
    const wire = pushed(
      status({
        checks: [{ id: 'sign-in', status: 'fail', reason: 'refused', detail: CANARY, label: CANARY }],
        summary: { code: 'check_failed', params: { connected: true }, text: CANARY },
      }),
    );
    expect(wire).not.toBeNull();
    expect(wire).not.toContain('Canary');
    const sent = JSON.parse(wire!) as ConnectionStatus;
    expect(summaryText(sent.summary, sent.checks)).toBe(
      'Sign-in: The service refused these credentials. Check the client ID and key with IT.',
    );
  });

  it('refuses free text in a param, an unknown param and a reason the check does not have', () => {
    const fail = (params: object, reason = 'refused') =>
      pushed(status({ checks: [{ id: 'sign-in', status: 'fail', reason, params }] }));
    expect(fail({ name: CANARY })).toBeNull();
    expect(fail({ traceId: CANARY })).toBeNull();
    expect(fail({ reasonGiven: CANARY })).toBeNull();
    expect(fail({}, 'templates')).toBeNull();
    expect(fail({ name: 'InvalidClient', traceId: 't-1', status: 401 })).toContain('InvalidClient');
  });
});

describe('the words of each check', () => {
  it('has words for every reason of every check (never the unknown-result fallback)', () => {
    for (const [id, reasons] of Object.entries(CHECK_REASONS) as [CheckId, readonly string[]][])
      for (const reason of reasons)
        expect(checkDetailText({ id, status: 'fail', reason })).not.toMatch(/does not know/);
    expect(checkDetailText({ id: 'notes', status: 'fail', reason: 'newer' })).toMatch(/does not know/);
  });

  it('says what the params say, as the checks said before', () => {
    expect(checkDetailText({ id: 'microphone', status: 'pass', reason: 'found', params: { count: 2 } })).toBe(
      '2 inputs found.',
    );
    // Template keys are named as a person reads them, never as the service's keys (issue 19).
    const keys = [
      'GENERIC_MULTIPLE_SECTIONS',
      'SOAP',
      'GENERAL_MEDICINE_EMERGENCY',
      'ED_FOLLOW_UP',
      'CARDIOLOGY',
    ];
    const templates = { count: 7, keys };
    expect(checkDetailText({ id: 'notes', status: 'pass', reason: 'templates', params: templates })).toBe(
      '7 note templates available (General note (multiple sections), SOAP note, General medicine emergency, ED follow up, Cardiology, …).',
    );
    expect(
      checkDetailText({
        id: 'address',
        status: 'fail',
        reason: 'invalid',
        params: { rule: 'url_not_https' },
      }),
    ).toBe('The address must start with https://.');
    const signedIn = { caller: 'user', offsetMs: 600_000 } as const;
    expect(checkDetailText({ id: 'sign-in', status: 'pass', reason: 'signed_in', params: signedIn })).toBe(
      "Signed in as a clinician, with their own tokens. This computer's clock is 10 minutes behind the service's (allowed for; check its date and time).",
    );
    expect(
      checkDetailText({ id: 'notes', status: 'fail', reason: 'service', params: { status: 503, code: 9 } }),
    ).toBe('The service had a problem on its side. Try again in a moment. (HTTP 503, code 9)');
  });

  it('words the summary from its code', () => {
    expect(summaryText({ code: 'not_connected', params: { organization: true } }, [])).toBe(
      'Not connected. Sign in with your organization, or try the sample visit.',
    );
    // Where IT does not allow the sample visit, it is not offered.
    expect(summaryText({ code: 'not_connected', params: { organization: true, sample: false } }, [])).toBe(
      'Not connected. Sign in with your organization.',
    );
    expect(summaryText({ code: 'connected', params: { host: 'eu.api.example.com', region: 'eu' } }, [])).toBe(
      'Connected to eu.api.example.com (EU).',
    );
    expect(summaryText({ code: 'sample' }, [])).toMatch(/^Sample visit — .*built-in local service\.$/);
  });
});
