/**
 * Throwaway certificates made with `openssl` for a test: a CA, and server certificates it signs for the
 * names a collector on loopback answers to. Nothing here is kept after the test's folder is removed.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** A CA: its certificate (PEM file) and its key. */
export interface TestCa {
  readonly name: string;
  readonly certFile: string;
  readonly keyFile: string;
}

/** A server certificate and its key (PEM files). */
export interface TestCertificate {
  readonly certFile: string;
  readonly keyFile: string;
}

const EC_KEY = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'];

function openssl(args: string[]): void {
  execFileSync('openssl', args, { stdio: 'ignore' });
}

/** A self-signed CA named `name`, valid for a day. */
export function makeCa(dir: string, name: string): TestCa {
  const [certFile, keyFile] = [join(dir, `${name}.pem`), join(dir, `${name}.key`)];
  openssl([
    'req',
    '-x509',
    ...EC_KEY,
    '-days',
    '1',
    '-subj',
    `/CN=${name}`,
    '-keyout',
    keyFile,
    '-out',
    certFile,
  ]);
  return { name, certFile, keyFile };
}

/** A server certificate signed by `ca` for the subject alternative names `san` (e.g. "IP:127.0.0.1"). */
export function issueCertificate(dir: string, ca: TestCa, name: string, san: string): TestCertificate {
  const [certFile, keyFile, csr, ext] = ['pem', 'key', 'csr', 'ext'].map((e) => join(dir, `${name}.${e}`));
  openssl(['req', ...EC_KEY, '-subj', `/CN=${name}`, '-keyout', keyFile!, '-out', csr!]);
  writeFileSync(ext!, `subjectAltName=${san}\nextendedKeyUsage=serverAuth\n`);
  openssl([
    'x509',
    '-req',
    '-in',
    csr!,
    '-CA',
    ca.certFile,
    '-CAkey',
    ca.keyFile,
    '-CAcreateserial',
    '-days',
    '1',
    '-extfile',
    ext!,
    '-out',
    certFile!,
  ]);
  return { certFile: certFile!, keyFile: keyFile! };
}
