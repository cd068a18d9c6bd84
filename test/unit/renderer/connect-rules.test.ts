import { describe, expect, it } from 'vitest';
import type { SignInMethods } from '../../../preload/contract/index.ts';
import {
  connectRequest,
  credentialKind,
  fieldProblem,
  signInChoices,
} from '../../../renderer/lib/state/connect-rules.ts';

const methods = (serverCredentials: boolean): SignInMethods => ({
  organization: null,
  serverCredentials,
  clinicianToken: true,
  sample: false,
});
const typed = { clientId: ' 1c0e… ', privateKeyPem: ' PEM\n', keyId: '  ', refreshToken: ' rt-canary ' };

describe('the Connect form', () => {
  it('offers server credentials unless the installation withholds them', () => {
    expect(signInChoices(undefined).map((c) => c.kind)).toEqual(['server', 'user-refresh-token']);
    expect(signInChoices(methods(false)).map((c) => c.kind)).toEqual(['user-refresh-token']);
  });

  it('uses the kind IT pins, else the choice when offered, else the sign-in token', () => {
    expect(credentialKind('user-refresh-token', 'server', methods(true))).toBe('user-refresh-token');
    expect(credentialKind(undefined, 'server', methods(true))).toBe('server');
    expect(credentialKind(undefined, 'server', methods(false))).toBe('user-refresh-token');
  });

  it('builds the request with trimmed names and tokens, the key as pasted, no empty key id', () => {
    expect(connectRequest(' https://us.api.example.com ', 'server', typed)).toEqual({
      baseUrl: 'https://us.api.example.com',
      credentials: { kind: 'server', clientId: '1c0e…', privateKeyPem: ' PEM\n' },
    });
    expect(connectRequest('u', 'server', { ...typed, keyId: ' k1 ' }).credentials).toMatchObject({
      keyId: 'k1',
    });
    expect(connectRequest('u', 'user-refresh-token', typed).credentials).toEqual({
      kind: 'user-refresh-token',
      refreshToken: 'rt-canary',
    });
  });

  it('names a client ID that is not a UUID before anything is sent (the channel would refuse it unnamed)', () => {
    const fields = { clientId: 'my-client', privateKeyPem: 'PEM', keyId: '', refreshToken: '' };
    expect(fieldProblem('https://us.x.com', 'server', fields)).toBe('client_id_malformed');
  });

  it('names the field left empty before anything is sent', () => {
    const fields = { clientId: ' ', privateKeyPem: '', keyId: '', refreshToken: '  ' };
    expect(fieldProblem(' ', 'user-refresh-token', fields)).toBe('address_missing');
    expect(fieldProblem('https://us.x.com', 'user-refresh-token', fields)).toBe('token_missing');
    expect(fieldProblem('https://us.x.com', 'server', fields)).toBe('client_id_missing');
    const uuid = '1c0e4f2a-9b7d-4e3c-8a21-5f6b7c8d9e0f';
    expect(fieldProblem('https://us.x.com', 'server', { ...fields, clientId: ` ${uuid} ` })).toBe(
      'private_key_missing',
    );
    expect(
      fieldProblem('https://us.x.com', 'user-refresh-token', { ...fields, refreshToken: 't' }),
    ).toBeNull();
  });
});
