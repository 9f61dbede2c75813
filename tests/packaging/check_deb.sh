#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# `cpack -G DEB` builds a .deb that holds the binaries and the desktop
# integration under /usr, depends on the Debian runtime packages (Qt 6,
# QCustomPlot for Qt 6) and refreshes the MIME and desktop databases.
# Usage: check_deb.sh CPACK BUILD_DIR OUT_DIR APP_ID VERSION
set -eu
cpack=$1 build=$2 out=$3 app_id=$4 version=$5
status=0
fail() { echo "FAIL: $*" >&2; status=1; }

rm -rf "$out"
mkdir -p "$out"
"$cpack" -G DEB --config "$build/CPackConfig.cmake" -B "$out" > "$out/cpack.log" 2>&1 || {
    cat "$out/cpack.log" >&2
    echo "FAIL: cpack -G DEB failed" >&2
    exit 1
}
set -- "$out"/memprof-viewer_*.deb
[ -f "$1" ] || { cat "$out/cpack.log" >&2; echo "FAIL: no memprof-viewer_*.deb in $out" >&2; exit 1; }
deb=$1
echo "built $deb"

dpkg-deb -c "$deb" | awk '{ print $6 }' | sed 's|^\./|/|' > "$out/contents.txt"
for path in \
    /usr/bin/memprof-viewer \
    /usr/bin/memprof-report \
    /usr/bin/memprof-record \
    "/usr/share/applications/$app_id.desktop" \
    "/usr/share/mime/packages/$app_id.xml" \
    "/usr/share/icons/hicolor/scalable/apps/$app_id.svg" \
    /usr/share/icons/hicolor/scalable/mimetypes/application-x-luajit-memprof.svg \
    "/usr/share/metainfo/$app_id.metainfo.xml" \
    /usr/share/memprof-viewer/sample/medium.bin \
    /usr/share/doc/memprof-viewer/copyright; do
    grep -qx "$path" "$out/contents.txt" || fail "$path is not in the package"
done
# Nothing outside /usr, and no generated caches (they belong to the system).
if grep -v '^/usr' "$out/contents.txt" | grep -qv '^/$'; then
    fail "files outside /usr: $(grep -v '^/usr' "$out/contents.txt" | grep -v '^/$' | tr '\n' ' ')"
fi
if grep -Eq 'mime\.cache|mimeinfo\.cache|icon-theme\.cache|/share/mime/(globs|magic|types)' "$out/contents.txt"; then
    fail "the package ships a generated cache"
fi

field() { dpkg-deb -f "$deb" "$1"; }
[ "$(field Package)" = memprof-viewer ] || fail "Package is '$(field Package)'"
[ "$(field Version)" = "$version" ] || fail "Version is '$(field Version)', expected '$version'"
depends=$(field Depends)
echo "Depends: $depends"
# Each runtime package must be named, as a whole package name in the list.
for package in libqt6core6 libqt6widgets6 libqt6svg6 libqcustomplot2.1-qt6 libstdc++6 libc6; do
    echo "$depends" | tr ',' '\n' | sed 's/^ *//; s/ .*//' | grep -qx "$package" \
        || fail "Depends does not name $package"
done

# The maintainer scripts refresh the databases.
dpkg-deb -e "$deb" "$out/control"
for script in postinst postrm; do
    [ -x "$out/control/$script" ] || { fail "no executable $script"; continue; }
    for tool in update-mime-database update-desktop-database; do
        grep -q "$tool" "$out/control/$script" || fail "$script does not run $tool"
    done
done

[ $status = 0 ] && echo "deb OK"
exit $status
