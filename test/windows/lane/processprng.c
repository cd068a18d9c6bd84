/*
 * Test-lane stand-in for Windows 10's bcryptprimitives.dll, which Wine 8.0 lacks: Rust's standard library
 * (inside @napi-rs/keyring's Windows binary) imports ProcessPrng from it, so the .node file fails to load
 * under Wine with "Module not found". This forwards to RtlGenRandom (advapi32 SystemFunction036), which
 * Wine has. Built by test/windows/lane/prepare.sh with Debian's x86_64-w64-mingw32-gcc and put beside the
 * keyring's .node file in the lane only: real Windows has the real DLL; never ship this.
 */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length) {
  while (length > 0) {
    ULONG chunk = length > 0x40000000 ? 0x40000000 : (ULONG)length;
    if (!SystemFunction036(data, chunk)) return FALSE;
    data += chunk;
    length -= chunk;
  }
  return TRUE;
}
