/**
 * The values of one registry key through advapi32 (RegOpenKeyExW / RegEnumValueW), for the managed policy.
 *
 * Why not `reg query`: a program started by name is looked up in the current folder and then on PATH, both
 * chosen by whoever starts the app, so a planted reg.exe printed any "IT policy" it liked (issue 32). Running
 * %SystemRoot%\System32\reg.exe by absolute path would still need the system folder from somewhere the user
 * cannot set (the SystemRoot variable is theirs; GetSystemDirectoryW is not) and would still parse text whose
 * layout Windows does not promise. The API starts no program and hands back typed values: nothing to plant,
 * nothing to parse.
 */
import { createRequire } from 'node:module';
import type * as Koffi from 'koffi';
import { stdcall } from './win32-api.ts';

const require = createRequire(import.meta.url);

/** The predefined keys (sign-extended, as the SDK's `(HKEY)(ULONG_PTR)(LONG)0x8000000n` casts make them). */
const HIVES = { HKLM: -0x7ffffffe, HKCU: -0x7fffffff } as const;
const KEY_READ = 0x20019;
/** The 64-bit view, where Group Policy writes, whatever this process's bitness. */
const KEY_WOW64_64KEY = 0x0100;
const ERROR_SUCCESS = 0;
const ERROR_FILE_NOT_FOUND = 2;
const ERROR_MORE_DATA = 234;
const ERROR_NO_MORE_ITEMS = 259;
const REG = { sz: 1, expandSz: 2, dword: 4, multiSz: 7 } as const;
/** Longest value name (characters, with its terminator). */
const MAX_NAME = 16_384;
/** Largest value read (bytes): a policy value is a URL or a list, never a megabyte. */
const MAX_DATA = 1024 * 1024;

/** A registry failure other than "no such key", with the Win32 error code. */
class RegistryError extends Error {
  constructor(readonly status: number) {
    super(`registry read failed (${status})`);
    this.name = 'RegistryError';
  }
}

/**
 * The values of `key` (`HKLM\…` or `HKCU\…`): REG_SZ and REG_EXPAND_SZ as text (unexpanded), REG_DWORD as a
 * number, REG_MULTI_SZ as a list; other types and the unnamed default value are left out. Undefined when the
 * key does not exist. Windows only.
 */
export function readRegistryKey(key: string): Record<string, unknown> | undefined {
  const match = /^(HKLM|HKCU)\\(.+)$/.exec(key);
  if (!match) throw new Error('registry key must start with HKLM\\ or HKCU\\');
  const b = (bound ??= bind());
  const handle: unknown[] = [0];
  const opened = b.RegOpenKeyExW(
    HIVES[match[1] as 'HKLM' | 'HKCU'],
    match[2]!,
    0,
    KEY_READ | KEY_WOW64_64KEY,
    handle,
  );
  if (opened === ERROR_FILE_NOT_FOUND) return undefined;
  if (opened !== ERROR_SUCCESS) throw new RegistryError(opened);
  try {
    return enumerate(b, handle[0]);
  } finally {
    b.RegCloseKey(handle[0]);
  }
}

function enumerate(b: Bound, handle: unknown): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  const name = Buffer.alloc(MAX_NAME * 2);
  let data = Buffer.alloc(4096);
  for (let index = 0; ;) {
    const nameLength = [MAX_NAME];
    const type = [0];
    const dataLength = [data.length];
    const status = b.RegEnumValueW(handle, index, name, nameLength, null, type, data, dataLength);
    if (status === ERROR_NO_MORE_ITEMS) return values;
    if (status === ERROR_MORE_DATA && data.length < MAX_DATA) {
      data = Buffer.alloc(Math.min(MAX_DATA, Math.max(dataLength[0]!, data.length * 2)));
      continue; // the same value again, with room for it
    }
    if (status !== ERROR_SUCCESS) throw new RegistryError(status);
    const valueName = name.toString('utf16le', 0, nameLength[0]! * 2);
    const value = decode(type[0]!, data.subarray(0, dataLength[0]!));
    if (valueName !== '' && value !== undefined) values[valueName] = value;
    index += 1;
  }
}

function decode(type: number, bytes: Buffer): unknown {
  switch (type) {
    case REG.sz:
    case REG.expandSz:
      return bytes.toString('utf16le').replace(/\0+$/, '');
    case REG.dword:
      return bytes.length >= 4 ? bytes.readUInt32LE(0) : undefined;
    case REG.multiSz:
      return bytes
        .toString('utf16le')
        .split('\0')
        .filter((item) => item !== '');
    default:
      return undefined;
  }
}

type Bound = ReturnType<typeof bind>;
let bound: Bound | undefined;

function bind() {
  const koffi = require('koffi') as typeof Koffi;
  const advapi32 = koffi.load('advapi32.dll');
  const a = (p: string) => advapi32.func(stdcall(p));
  return {
    RegOpenKeyExW: a(
      'int32_t RegOpenKeyExW(intptr_t key, const char16_t *subkey, uint32_t options, uint32_t access, _Out_ void **result)',
    ) as (key: number, subkey: string, options: number, access: number, result: unknown[]) => number,
    RegEnumValueW: a(
      'int32_t RegEnumValueW(void *key, uint32_t index, _Out_ uint16_t *name, _Inout_ uint32_t *nameLength, void *reserved, _Out_ uint32_t *type, _Out_ uint8_t *data, _Inout_ uint32_t *dataLength)',
    ) as (
      key: unknown,
      index: number,
      name: Buffer,
      nameLength: number[],
      reserved: null,
      type: number[],
      data: Buffer,
      dataLength: number[],
    ) => number,
    RegCloseKey: a('int32_t RegCloseKey(void *key)') as (key: unknown) => number,
  };
}
