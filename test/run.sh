#!/usr/bin/env bash
# The project's test command (`npm test`). Tests use real parts: the OS keychain (gnome-keyring over
# D-Bus), a PulseAudio virtual microphone fed by espeak-ng, Debian's Chromium through Playwright and an
# X display (Xvfb). This script installs the Debian packages when it can (root + apt) and otherwise says
# exactly what is missing, then runs every test inside a throw-away D-Bus session with an unlocked keyring.
set -euo pipefail
cd "$(dirname "$0")/.."

PACKAGES=(gnome-keyring dbus dbus-x11 libsecret-tools pulseaudio pulseaudio-utils espeak-ng sox libasound2-plugins openssl
  chromium xvfb xdotool x11-utils fonts-dejavu-core openbox tk xclip libxtst6 rsyslog rsyslog-openssl at-spi2-core python3-gi gir1.2-gtk-3.0 redis-server
  podman runc podman-compose golang-github-containernetworking-plugin-dnsname)
COMMANDS=(gnome-keyring-daemon dbus-run-session secret-tool pulseaudio pactl espeak-ng sox chromium Xvfb xdotool
  openbox wish xclip xprop openssl rsyslogd redis-server podman runc podman-compose)

missing_commands() {
  local missing=()
  for c in "${COMMANDS[@]}"; do command -v "$c" >/dev/null 2>&1 || missing+=("$c"); done
  # The template-field tests: a GTK field (Python GObject bindings) read through AT-SPI (libatspi).
  [ -e /usr/lib/x86_64-linux-gnu/libatspi.so.0 ] || [ -n "$(ldconfig -p 2>/dev/null | grep libatspi.so.0)" ] || missing+=(libatspi)
  # The audit trail's tls:// syslog tests: rsyslog's OpenSSL stream driver.
  compgen -G '/usr/lib/*/rsyslog/lmnsd_ossl.so' >/dev/null || missing+=(rsyslog-openssl)
  /usr/bin/python3 -c "import gi; gi.require_version('Gtk', '3.0')" >/dev/null 2>&1 || missing+=(python3-gtk)
  # The compose file's broker reaches Redis by its service name: podman's CNI network needs the dnsname plugin
  # (without it the broker logs ENOTFOUND and never gets ready; a fresh machine had podman but not this).
  [ -e /usr/lib/cni/dnsname ] || missing+=(cni-dnsname)
  echo "${missing[@]:-}"
}

if [ -n "$(missing_commands)" ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "test: installing system packages: ${PACKAGES[*]}" >&2
    export DEBIAN_FRONTEND=noninteractive
    # One apt-get at a time: .ci/run runs the Windows lane (which installs its own) beside this.
    (
      flock 9
      apt-get update -qq >/dev/null
      apt-get install -y -qq --no-install-recommends "${PACKAGES[@]}" >/dev/null
    ) 9>/tmp/scribe-apt-install.lock
  fi
fi
still_missing=$(missing_commands)
if [ -n "$still_missing" ]; then
  echo "test: missing commands: $still_missing" >&2
  echo "test: install the Debian packages: ${PACKAGES[*]} (as root: apt-get install -y ...)" >&2
  exit 1
fi

# Everything a run writes (the tests' temp folders through TMPDIR, its HOME, the keyring) stays under one
# folder, removed when the run ends: repeated runs on one machine leave nothing behind (before, `exec` dropped
# this trap and every run left its folders in /tmp: 7.6 GB after a day here).
export TEST_TMP=$(mktemp -d)
trap 'rm -rf "$TEST_TMP"' EXIT
export HOME="$TEST_TMP/home" XDG_RUNTIME_DIR="$TEST_TMP/run" XDG_CONFIG_HOME="$TEST_TMP/home/.config"
export TMPDIR="$TEST_TMP/tmp"
mkdir -p "$HOME" "$XDG_RUNTIME_DIR" "$TMPDIR" && chmod 700 "$XDG_RUNTIME_DIR"

status=0
dbus-run-session -- bash test/with-real-parts.sh "$@" || status=$?
exit "$status"
