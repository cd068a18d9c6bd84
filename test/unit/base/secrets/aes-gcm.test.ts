import { describe, expect, it } from 'vitest';
import {
  decodeKey,
  decrypt,
  encodeKey,
  encrypt,
  generateKey,
  IvCounter,
  sealingKey,
  SEAL_OVERHEAD,
  sealParts,
} from '../../../../main/base/secrets/aes-gcm.ts';

const aad = Buffer.from('purpose-v1');
const text = Buffer.from('CANARY-PLAINTEXT-7f3a');

describe('aes-gcm', () => {
  it('round-trips with the same key and aad, with a fresh IV each time', () => {
    const key = generateKey();
    const a = encrypt(key, text, aad);
    const b = encrypt(key, text, aad);
    expect(a.length).toBe(text.length + SEAL_OVERHEAD);
    expect(a.equals(b)).toBe(false);
    expect(decrypt(key, a, aad)?.toString()).toBe(text.toString());
    expect(a.includes(text)).toBe(false);
  });

  it('refuses another key, another aad, any altered byte and a truncated blob', () => {
    const key = generateKey();
    const sealed = encrypt(key, text, aad);
    expect(decrypt(generateKey(), sealed, aad)).toBeUndefined();
    expect(decrypt(key, sealed, Buffer.from('purpose-v2'))).toBeUndefined();
    for (let i = 0; i < sealed.length; i++) {
      const altered = Buffer.from(sealed);
      altered[i] = altered[i]! ^ 0x01;
      expect(decrypt(key, altered, aad), `byte ${i}`).toBeUndefined();
    }
    expect(decrypt(key, sealed.subarray(0, sealed.length - 1), aad)).toBeUndefined();
    expect(decrypt(key, sealed.subarray(0, SEAL_OVERHEAD - 1), aad)).toBeUndefined();
  });

  it('works on a Uint8Array view into a larger buffer', () => {
    const key = generateKey();
    const sealed = encrypt(key, text, aad);
    const backing = Buffer.concat([Buffer.from('xxxx'), sealed, Buffer.from('yyyy')]);
    const view = new Uint8Array(backing.buffer, backing.byteOffset + 4, sealed.length);
    expect(decrypt(key, view, aad)?.toString()).toBe(text.toString());
  });

  it('encodes keys for the keychain and rejects anything that is not a 256-bit key', () => {
    const key = generateKey();
    expect(decodeKey(encodeKey(key))?.equals(key)).toBe(true);
    expect(decodeKey(encodeKey(key.subarray(0, 31)))).toBeUndefined();
    expect(decodeKey('not a key')).toBeUndefined();
    expect(decodeKey('')).toBeUndefined();
  });

  it('seals parts after free headroom as one blob that decrypt opens (the journal record framing)', () => {
    const key = generateKey();
    const parts = [Buffer.from('CANARY-'), new Uint8Array(0), Buffer.from('PART-TWO'), Buffer.alloc(3000, 7)];
    const framed = sealParts(key, parts, aad, 4);
    expect(framed.length).toBe(4 + SEAL_OVERHEAD + 15 + 3000);
    expect([...framed.subarray(0, 4)]).toEqual([0, 0, 0, 0]);
    expect(decrypt(key, framed.subarray(4), aad)?.equals(Buffer.concat(parts))).toBe(true);
    const again = sealParts(key, parts, aad, 4);
    expect(again.subarray(4, 16).equals(framed.subarray(4, 16))).toBe(false); // a fresh IV each time
    expect(decrypt(key, framed.subarray(4), Buffer.from('other'))).toBeUndefined();
  });

  it('seals with IVs from a counter (and a KeyObject): each the previous plus one, and decrypt opens every blob', () => {
    const key = generateKey();
    const sealing = sealingKey(key);
    const ivs = new IvCounter();
    const ivOf = (blob: Buffer): bigint => BigInt(`0x${blob.subarray(4, 16).toString('hex')}`);
    let previous: bigint | undefined;
    for (let i = 0; i < 300; i++) {
      const framed = sealParts(i % 2 ? key : sealing, [text], aad, 4, ivs);
      expect(decrypt(key, framed.subarray(4), aad)?.equals(text)).toBe(true);
      const iv = ivOf(framed);
      if (previous !== undefined) expect(iv).toBe((previous + 1n) % 2n ** 96n);
      previous = iv;
    }
  });

  it('throws on a key of the wrong length (a caller bug)', () => {
    expect(() => encrypt(Buffer.alloc(16), text, aad)).toThrow(RangeError);
    expect(() => sealingKey(Buffer.alloc(16))).toThrow(RangeError);
  });
});
