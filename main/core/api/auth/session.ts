import { readFile } from 'node:fs/promises';
import { loadRsaPrivateKey, PrivateKeyError, type ClientCredentials } from './client-assertion.ts';

/** Reads a PEM private key file; a file that cannot be read is a PrivateKeyError naming its errno code. */
export async function readPrivateKeyFile(path: string): Promise<ClientCredentials['privateKey']> {
  let pem: string;
  try {
    pem = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new PrivateKeyError({ kind: 'file_unreadable', errno: code ?? 'error' }, { cause: error });
  }
  return loadRsaPrivateKey(pem);
}
