import { readFile } from 'node:fs/promises';
import { loadRsaPrivateKey, type ClientCredentials } from './client-assertion.ts';

/** Reads a PEM private key file with a clear message when it cannot. */
export async function readPrivateKeyFile(path: string): Promise<ClientCredentials['privateKey']> {
  let pem: string;
  try {
    pem = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new Error(`The private key file cannot be read (${code ?? 'unknown error'}).`, { cause: error });
  }
  return loadRsaPrivateKey(pem);
}
