/**
 * Reads Windows Credential Manager directly (advapi32 CredEnumerateW), not through @napi-rs/keyring: what a
 * test finds here went to the OS store, not to a copy inside the library.
 */
import { createRequire } from 'node:module';
import type * as Koffi from 'koffi';

const require = createRequire(import.meta.url);

/** One credential as Credential Manager holds it. */
export interface StoredCredential {
  readonly target: string;
  readonly user: string;
  /** The blob as UTF-16 text (how keyring-rs stores a password). */
  readonly secret: string;
}

let bound: ReturnType<typeof bind> | undefined;
function bind() {
  const koffi = require('koffi') as typeof Koffi;
  const advapi32 = koffi.load('advapi32.dll');
  const credential = koffi.struct('CREDENTIALW_T', {
    Flags: 'uint32',
    Type: 'uint32',
    TargetName: 'str16',
    Comment: 'str16',
    LastWritten: 'uint64',
    CredentialBlobSize: 'uint32',
    CredentialBlob: 'void *',
    Persist: 'uint32',
    AttributeCount: 'uint32',
    Attributes: 'void *',
    TargetAlias: 'str16',
    UserName: 'str16',
  });
  return {
    koffi,
    credential,
    CredEnumerateW: advapi32.func(
      'int CredEnumerateW(str16 filter, uint32 flags, _Out_ uint32 *n, _Out_ void **creds)',
    ),
    CredFree: advapi32.func('void CredFree(void *p)'),
  };
}

/** Every credential of this account (Credential Manager's filter takes only a trailing `*`: none here). */
export function findCredentials(): StoredCredential[] {
  const b = (bound ??= bind());
  const count = [0];
  const list: unknown[] = [null];
  if (!b.CredEnumerateW(null, 0, count, list)) return []; // ERROR_NOT_FOUND
  try {
    const pointers = b.koffi.decode(list[0], 'void *', count[0]!) as unknown[];
    return pointers.map((p) => {
      const c = b.koffi.decode(p, b.credential) as {
        TargetName: string;
        UserName: string | null;
        CredentialBlobSize: number;
        CredentialBlob: unknown;
      };
      const bytes = c.CredentialBlobSize
        ? Buffer.from(b.koffi.decode(c.CredentialBlob, 'uint8', c.CredentialBlobSize) as number[])
        : Buffer.alloc(0);
      return { target: c.TargetName, user: c.UserName ?? '', secret: bytes.toString('utf16le') };
    });
  } finally {
    b.CredFree(list[0]);
  }
}
