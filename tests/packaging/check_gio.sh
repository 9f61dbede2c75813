#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# GLib (file managers built on it: Nautilus, Nemo, Thunar, Caja...) sees the
# installed MIME type and desktop file: real dumps are application/x-luajit-memprof
# by content, whatever their name, and the viewer is their default application.
# Usage: check_gio.sh PREFIX XDG_HOME TEST_DATA APP_ID
set -eu
prefix=$1 xdg_home=$2 data=$3 app_id=$4
mime_type=application/x-luajit-memprof

export XDG_DATA_DIRS="$prefix/share:/usr/share"
export XDG_DATA_HOME="$xdg_home/data"
export XDG_CONFIG_HOME="$xdg_home/config"
export PATH="$prefix/bin:$PATH"
export GIO_USE_VFS=local
export LC_ALL=C.UTF-8

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0
fail() { echo "FAIL: $*" >&2; status=1; }

content_type() {
    gio info -a standard::content-type "$1" | sed -n 's/^ *standard::content-type: //p'
}
expect_type() { # FILE TYPE
    actual=$(content_type "$1")
    if [ "$actual" = "$2" ]; then
        echo "ok: $(basename "$1") is $actual"
    else
        fail "$(basename "$1") is '$actual', expected '$2'"
    fi
}
expect_not_dump() { # FILE
    actual=$(content_type "$1")
    if [ -z "$actual" ] || [ "$actual" = "$mime_type" ]; then
        fail "$(basename "$1") is '$actual', expected another type"
    else
        echo "ok: $(basename "$1") is $actual"
    fi
}

# Real dumps, format 3 and format 1, under the names they get in practice.
cp "$data/v3/leak.bin" "$work/leak.bin"
cp "$data/v3/leak.bin" "$work/profile.bin"
cp "$data/v3/medium.bin" "$work/medium"
cp "$data/v1/leak.bin" "$work/v1-leak.bin"
cp "$data/v3/empty.bin" "$work/recording.memprof"
for dump in leak.bin profile.bin medium v1-leak.bin recording.memprof; do
    expect_type "$work/$dump" "$mime_type"
done

# Not dumps: text that starts with "ljs", a version byte out of range, the wrong case.
printf 'ljs is a short name for LuaJIT symbols\n' > "$work/ljs-notes.bin"
printf 'ljs is a short name for LuaJIT symbols\n' > "$work/ljs-notes"
printf 'ljs\004\000\000\000\000\001\002\003\377\376' > "$work/version4.bin"
cp "$data/corrupt/bad-magic-ljs.bin" "$work/bad-magic.bin"
expect_type "$work/ljs-notes.bin" text/plain
expect_type "$work/ljs-notes" text/plain
for other in version4.bin bad-magic.bin; do
    expect_not_dump "$work/$other"
done

# The viewer is the default application for the type.
mime_report=$(gio mime "$mime_type")
echo "$mime_report"
echo "$mime_report" | grep -q "^Default application for .*$mime_type.*: $app_id\.desktop\$" \
    || fail "gio mime $mime_type does not name $app_id.desktop as the default application"

[ $status = 0 ] && echo "gio OK"
exit $status
