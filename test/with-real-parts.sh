#!/usr/bin/env bash
# Runs inside `dbus-run-session` (see test/run.sh): unlocks a throw-away gnome-keyring, starts PulseAudio
# with a virtual microphone and an Xvfb display, then runs the test suites. Everything stops on exit.
set -euo pipefail
printf 'ci-pass' | gnome-keyring-daemon --unlock --components=secrets >/dev/null
export REAL_KEYCHAIN=1

pulseaudio --daemonize=yes --exit-idle-time=-1 -n --load=module-native-protocol-unix \
  --load="module-null-sink sink_name=virt_spk" >/dev/null 2>&1
for _ in $(seq 50); do pactl info >/dev/null 2>&1 && break; sleep 0.1; done
pactl load-module module-remap-source master=virt_spk.monitor source_name=virt_mic source_properties=device.description=virt_mic >/dev/null
pactl set-default-source virt_mic
export REAL_AUDIO=1 VIRTUAL_SPEAKER=virt_spk

# -displayfd picks a free display number, so two test runs on one machine never share a screen.
exec 5> "$TEST_TMP/xvfb-display"
Xvfb -displayfd 5 -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 &
XVFB_PID=$!
exec 5>&-
for _ in $(seq 100); do [ -s "$TEST_TMP/xvfb-display" ] && break; sleep 0.05; done
export DISPLAY=":$(head -n1 "$TEST_TMP/xvfb-display")" REAL_DISPLAY=1
cleanup() { kill "$XVFB_PID" 2>/dev/null || true; pulseaudio --kill 2>/dev/null || true; }
trap cleanup EXIT

export CHROMIUM_PATH=${CHROMIUM_PATH:-/usr/bin/chromium}
if [ $# -gt 0 ]; then
  npx vitest run "$@"
  exit
fi
# npm test: the unit group (two files at a time), then the desktop group (one file at a time, on this
# display and sound server) beside the e2e group (one headless Chromium at a time, with stand-ins for the
# microphone, keychain and clipboard): they share no display, sound server, keychain item, port or file, and
# both mostly wait on real time. The desktop group's output is kept in a file and printed after.
unit=0
npx vitest run --project unit || unit=$?
desktop_log="$TEST_TMP/desktop.log"
npx vitest run --project desktop >"$desktop_log" 2>&1 &
desktop=$!
e2e=0
npx vitest run --project e2e || e2e=$?
status=0
wait "$desktop" || status=$?
cat "$desktop_log"
if [ "$unit" != 0 ] || [ "$status" != 0 ] || [ "$e2e" != 0 ]; then
  echo "test: failed (unit group exit $unit, desktop group exit $status, e2e group exit $e2e)" >&2
  exit 1
fi
