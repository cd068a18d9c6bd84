/**
 * AES-256-GCM sealing, shared by the token vault and the streaming journal. A sealed blob is
 * `iv (12 bytes) | tag (16 bytes) | ciphertext`, with a fresh random IV per call: with a random 96-bit IV a
 * key stays safe for far more messages than one installation ever writes (NIST SP 800-38D, 2^32 limit).
 * Written on node:crypto directly because it is one call each way and the format must stay ours.
 */
import {
  createCipheriv,
  createDecipheriv,
  createSecretKey,
  randomBytes,
  randomFillSync,
  type KeyObject,
} from 'node:crypto';

/** Key length in bytes (AES-256). */
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Bytes a sealed blob adds to its plaintext. */
export const SEAL_OVERHEAD = IV_BYTES + TAG_BYTES;

/** A fresh random 256-bit key. */
export function generateKey(): Buffer {
  return randomBytes(KEY_BYTES);
}

/** The key as text for a SecretStore (base64, 44 characters). */
export function encodeKey(key: Uint8Array): string {
  return Buffer.from(key).toString('base64');
}

/** The key from its SecretStore text, or undefined when it is not exactly a 256-bit base64 key. */
export function decodeKey(text: string): Buffer | undefined {
  if (!/^[A-Za-z0-9+/]{43}=$/.test(text)) return undefined;
  const key = Buffer.from(text, 'base64');
  return key.length === KEY_BYTES ? key : undefined;
}

/**
 * Encrypts and authenticates `plaintext`; `aad` is authenticated but not stored, so the reader must supply
 * the same bytes (use it to bind a blob to its purpose and format version).
 */
export function encrypt(key: Uint8Array, plaintext: Uint8Array, aad: Uint8Array): Buffer {
  return sealParts(key, [plaintext], aad, 0);
}

/**
 * IVs for the many seals of one writer under a key of its own (the journal's): a random start, then a
 * counter, so no two of its seals share an IV (NIST SP 800-38D 8.2.1 allows a deterministic IV; random
 * bytes cost more than the sealing itself, ten records a second). Only for a key that no other writer uses.
 */
export class IvCounter {
  readonly #next = randomBytes(IV_BYTES);

  /** Writes the next IV into `out` at `at`. */
  writeTo(out: Buffer, at: number): void {
    this.#next.copy(out, at);
    for (let i = IV_BYTES - 1; i >= 0; i--) {
      this.#next[i] = (this.#next[i]! + 1) & 0xff;
      if (this.#next[i] !== 0) break;
    }
  }
}

/**
 * The key as node:crypto's own object, for a writer that seals many times with it (the journal): a raw key
 * is parsed and copied again by every createCipheriv, a KeyObject once.
 */
export function sealingKey(key: Uint8Array): KeyObject {
  checkKey(key);
  return createSecretKey(key);
}

/**
 * `encrypt` of the concatenation of `parts`, written after `headroom` free bytes at the start of one buffer
 * (for a caller's length prefix): the same blob, without concatenating the plaintext or the result (the
 * journal seals ten chunks a second). The IV is random, or the next of `ivs`.
 */
export function sealParts(
  key: Uint8Array | KeyObject,
  parts: readonly Uint8Array[],
  aad: Uint8Array,
  headroom: number,
  ivs?: IvCounter,
): Buffer {
  if (key instanceof Uint8Array) checkKey(key);
  const plainBytes = parts.reduce((n, part) => n + part.length, 0);
  const out = Buffer.allocUnsafe(headroom + SEAL_OVERHEAD + plainBytes);
  out.fill(0, 0, headroom);
  if (ivs) ivs.writeTo(out, headroom);
  else randomFillSync(out, headroom, IV_BYTES);
  const iv = out.subarray(headroom, headroom + IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(aad);
  let at = headroom + SEAL_OVERHEAD;
  for (const part of parts) at += cipher.update(part).copy(out, at);
  at += cipher.final().copy(out, at);
  if (at !== out.length) throw new Error('AES-256-GCM returned an unexpected length');
  cipher.getAuthTag().copy(out, headroom + IV_BYTES);
  return out;
}

/**
 * The plaintext of a blob sealed by `encrypt` with the same key and aad, or undefined when the blob is
 * truncated, altered, or was sealed with another key or aad (GCM cannot tell these apart, and callers
 * treat them all as "not ours").
 */
export function decrypt(key: Uint8Array, sealed: Uint8Array, aad: Uint8Array): Buffer | undefined {
  checkKey(key);
  if (sealed.length < SEAL_OVERHEAD) return undefined;
  const blob = Buffer.from(sealed.buffer, sealed.byteOffset, sealed.byteLength);
  const decipher = createDecipheriv('aes-256-gcm', key, blob.subarray(0, IV_BYTES), {
    authTagLength: TAG_BYTES,
  });
  decipher.setAAD(aad);
  decipher.setAuthTag(blob.subarray(IV_BYTES, SEAL_OVERHEAD));
  try {
    return Buffer.concat([decipher.update(blob.subarray(SEAL_OVERHEAD)), decipher.final()]);
  } catch {
    return undefined;
  }
}

function checkKey(key: Uint8Array): void {
  // A wrong key length is a bug in the caller, not a runtime condition: throw.
  if (key.length !== KEY_BYTES) throw new RangeError(`AES-256-GCM needs a ${KEY_BYTES}-byte key`);
}
