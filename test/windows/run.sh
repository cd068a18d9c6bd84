#!/usr/bin/env bash
# The Windows lane (`npm run test:windows`): runs the Windows suite (test/windows/*.test.ts) under the
# official Windows build of Node in Wine, with Xvfb as Wine's display. From a clean clone on Debian it
# installs wine64/wine/xvfb/xdotool/mingw (root + apt), fetches the pinned Windows Node and the Windows
# builds of our native packages with `npm pack` (cached in $WINDOWS_LANE_CACHE, by default
# node_modules/.cache/windows-lane), makes a fresh private Wine prefix for the run (Windows 10, a user named
# "Zoë Müller-Ørsted"), bundles the tests and the CLI with esbuild and runs each test file with Node's test
# runner. Wine's Windows programs cannot write to a Linux pipe (EBADF), so every output goes to files,
# printed afterwards. Prints what was skipped and why; exits non-zero on any failure.
# While working on one test: WINDOWS_LANE_ONLY=<file regex> and WINDOWS_LANE_PATTERN=<test name regex>.
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD
WINE=/usr/lib/wine/wine64
WINESERVER=/usr/lib/wine/wineserver
PACKAGES=(wine64 wine xvfb xdotool gcc-mingw-w64-x86-64 pulseaudio pulseaudio-utils espeak-ng)
started=$(date +%s)

missing() {
  local m=()
  [ -x "$WINE" ] || m+=(wine64)
  for c in Xvfb xdotool x86_64-w64-mingw32-gcc; do command -v "$c" >/dev/null 2>&1 || m+=("$c"); done
  echo "${m[@]:-}"
}
if [ -n "$(missing)" ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "windows lane: installing ${PACKAGES[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  # One apt-get at a time: .ci/run runs `npm test` (test/run.sh installs its own) beside this lane.
  (
    flock 9
    apt-get install -y -qq --no-install-recommends "${PACKAGES[@]}" >/dev/null 2>&1 ||
      { apt-get update -qq >/dev/null && apt-get install -y -qq --no-install-recommends "${PACKAGES[@]}" >/dev/null; }
  ) 9>/tmp/scribe-apt-install.lock
fi
if [ -n "$(missing)" ]; then
  echo "windows lane: missing $(missing); install the Debian packages ${PACKAGES[*]}" >&2
  exit 1
fi

CACHE=${WINDOWS_LANE_CACHE:-$ROOT/node_modules/.cache/windows-lane}
RUN=$(mktemp -d "${TMPDIR:-/tmp}/windows-lane.XXXXXX")
export WINEPREFIX="$RUN/prefix" WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml="
# The Windows account name (Wine takes it from USER): a space and non-ASCII letters, as in real hospitals.
export USER="Zoë Müller-Ørsted" LOGNAME="Zoë Müller-Ørsted"
# Our own PulseAudio (below) lives here; Wine's winepulse finds it through this too.
export XDG_RUNTIME_DIR="$RUN/xdg"
mkdir -p -m 700 "$XDG_RUNTIME_DIR"
XVFB_PID=
DRIVER_PID=
PULSE=
cleanup() {
  "$WINESERVER" -k >/dev/null 2>&1 || true
  [ -n "$PULSE" ] && pulseaudio --kill >/dev/null 2>&1
  [ -n "$DRIVER_PID" ] && kill "$DRIVER_PID" 2>/dev/null
  [ -n "$XVFB_PID" ] && kill "$XVFB_PID" 2>/dev/null
  [ -n "${WINDOWS_LANE_KEEP:-}" ] && echo "windows lane: kept $RUN" >&2 || rm -rf "$RUN"
}
trap cleanup EXIT

bash test/windows/lane/prepare.sh "$RUN" "$CACHE"
node test/windows/lane/bundle.mjs "$RUN/app"
BUILD_OUT_DIR="$RUN/app/dist" node build.config.mjs
# The CLI's Windows folder (cli-package.test.ts copies it alone); its Windows binaries from the build's cache.
BUILD_OUT_DIR="$RUN/app/dist" node build.cli-packages.mjs --no-archive win32-x64
cp test/windows/lane/keepalive-shim.cjs "$RUN/app/"
echo "windows lane: laid out in $(($(date +%s) - started)) s" >&2

"$WINE" winecfg /v win10 >"$RUN/winecfg.log" 2>&1
"$WINESERVER" -w

# A display of our own: -displayfd has Xvfb take a free number itself, so the Linux suite's displays (npm
# test runs beside this lane in .ci/run) never race it for one.
exec 5>"$RUN/xvfb-display"
Xvfb -displayfd 5 -screen 0 1280x800x24 -nolisten tcp >"$RUN/xvfb.log" 2>&1 &
XVFB_PID=$!
exec 5>&-
for _ in $(seq 600); do [ -s "$RUN/xvfb-display" ] && break; sleep 0.05; done
export DISPLAY=":$(head -n1 "$RUN/xvfb-display")"
echo "windows lane: Wine prefix and display $DISPLAY ready after $(($(date +%s) - started)) s" >&2

# A virtual microphone fed by a virtual speaker, for the microphone test (skipped, saying so, without it).
if command -v pulseaudio >/dev/null && command -v pactl >/dev/null && command -v espeak-ng >/dev/null; then
  pulseaudio --daemonize=yes --exit-idle-time=-1 -n --load=module-native-protocol-unix \
    --load="module-null-sink sink_name=lane_spk" >/dev/null 2>&1 && PULSE=1
  for _ in $(seq 50); do pactl info >/dev/null 2>&1 && break; sleep 0.1; done
  pactl load-module module-remap-source master=lane_spk.monitor source_name=lane_mic \
    source_properties=device.description=lane_mic >/dev/null
  pactl set-default-source lane_mic
  espeak-ng -w "$RUN/speech.wav" "Blood pressure one forty over ninety. Recheck in two weeks."
  export WINDOWS_LANE_SPEECH_WAV="$RUN/speech.wav" WINDOWS_LANE_MIC=lane_mic
fi

# What the tests need from the Linux side: xdotool on our display (Wine cannot start Linux programs).
node test/windows/lane/x-driver.mjs >"$RUN/x-driver.port" 2>"$RUN/x-driver.log" &
DRIVER_PID=$!
for _ in $(seq 100); do [ -s "$RUN/x-driver.port" ] && break; sleep 0.05; done
export WINDOWS_LANE=1 WINDOWS_LANE_X_DRIVER=$(head -n1 "$RUN/x-driver.port") WINDOWS_LANE_OUT="$RUN/out"
mkdir -p "$RUN/out"
failed=()
for file in "$RUN"/app/tests/*.test.cjs; do
  name=$(basename "$file" .test.cjs)
  [ -n "${WINDOWS_LANE_ONLY:-}" ] && [[ ! "$name" =~ $WINDOWS_LANE_ONLY ]] && continue
  t0=$(date +%s)
  set +e
  # Wine's eventlog channel carries what its ReportEventW received (it keeps no log to read back).
  (cd "$RUN" && WINEDEBUG=-all,trace+eventlog,warn+eventlog,err+eventlog timeout 300 "$WINE" node/node.exe --require ./app/keepalive-shim.cjs \
    --test-reporter=spec --test-reporter-destination="out/$name.spec.txt" \
    --test-reporter=tap --test-reporter-destination="out/$name.tap" \
    ${WINDOWS_LANE_PATTERN:+--test-name-pattern="$WINDOWS_LANE_PATTERN"} \
    "app/tests/$name.test.cjs" >"out/$name.stdout" 2>"out/$name.stderr")
  code=$?
  set -e
  echo "── $name ($(($(date +%s) - t0)) s, exit $code)"
  cat "$RUN/out/$name.spec.txt" 2>/dev/null || true
  if [ "$code" != 0 ]; then
    failed+=("$name")
    echo "── $name: stdout"; cat "$RUN/out/$name.stdout"
    echo "── $name: stderr"; tail -n 60 "$RUN/out/$name.stderr"
  fi
done

echo "── skipped (and why)"
grep -h "# SKIP" "$RUN"/out/*.tap 2>/dev/null | sed 's/^ *//' || echo "nothing"
echo "windows lane: $(($(date +%s) - started)) s in all"
if [ ${#failed[@]} -gt 0 ]; then
  echo "windows lane: FAILED: ${failed[*]}" >&2
  exit 1
fi
echo "windows lane: passed"
