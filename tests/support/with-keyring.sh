#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs a test (the command given) in a desktop session of its own with a
# keyring of its own: a session bus and GNOME's keyring daemon, unlocked,
# keeping its keyring in a temporary home. A test of remembering passwords
# never sees the keyring of the user who runs it.
set -eu
if ! command -v gnome-keyring-daemon >/dev/null || ! command -v dbus-run-session >/dev/null; then
    echo "with-keyring.sh: gnome-keyring-daemon and dbus-run-session are needed (make deps installs them)" >&2
    exit 1
fi
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
mkdir -m 700 "$home/run"
# An empty keyring, kept unencrypted, as the default one: without it the
# daemon asks a person (a window) for the password of a new one.
mkdir -p "$home/data/keyrings"
printf 'login' >"$home/data/keyrings/default"
printf '[keyring]\ndisplay-name=login\nctime=0\nmtime=0\nlock-on-idle=false\nlock-after=false\n' \
    >"$home/data/keyrings/login.keyring"
status=0
HOME="$home" XDG_DATA_HOME="$home/data" XDG_CONFIG_HOME="$home/config" XDG_CACHE_HOME="$home/cache" \
XDG_RUNTIME_DIR="$home/run" \
    dbus-run-session -- sh -c 'printf "" | gnome-keyring-daemon --unlock --components=secrets >/dev/null &&
                               exec "$@"' with-keyring "$@" || status=$?
exit $status
