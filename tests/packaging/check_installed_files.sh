#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The install tree has every file in its place, and the desktop file, icon,
# metainfo and MIME package agree on one application id and one MIME type.
# Usage: check_installed_files.sh PREFIX APP_ID
set -eu
prefix=$1 app_id=$2
mime_type=application/x-luajit-memprof
status=0
fail() { echo "FAIL: $*" >&2; status=1; }

for exe in bin/memprof-viewer bin/memprof-report bin/memprof-record; do
    [ -x "$prefix/$exe" ] || fail "$exe is not installed (or not executable)"
done
for file in \
    "share/applications/$app_id.desktop" \
    "share/mime/packages/$app_id.xml" \
    "share/icons/hicolor/scalable/apps/$app_id.svg" \
    "share/icons/hicolor/scalable/mimetypes/application-x-luajit-memprof.svg" \
    "share/metainfo/$app_id.metainfo.xml" \
    "share/memprof-viewer/sample/medium.bin" \
    "share/memprof-viewer/sample/medium.lua" \
    "share/doc/memprof-viewer/copyright"; do
    [ -s "$prefix/$file" ] || fail "$file is missing or empty"
done

desktop="$prefix/share/applications/$app_id.desktop"
key() { sed -n "s/^$1=//p" "$desktop"; }
[ "$(key Icon)" = "$app_id" ] || fail "desktop Icon is '$(key Icon)', expected '$app_id'"
[ "$(key Exec)" = "memprof-viewer %F" ] || fail "desktop Exec is '$(key Exec)', expected 'memprof-viewer %F'"
[ "$(key MimeType)" = "$mime_type;" ] || fail "desktop MimeType is '$(key MimeType)', expected '$mime_type;'"
[ "$(key Name)" = "Memprof Viewer" ] || fail "desktop Name is '$(key Name)'"
[ "$(key GenericName)" = "Memory Profile Viewer" ] || fail "desktop GenericName is '$(key GenericName)'"
[ "$(key Categories)" = "Development;Profiling;" ] || fail "desktop Categories is '$(key Categories)'"

metainfo="$prefix/share/metainfo/$app_id.metainfo.xml"
grep -q "<id>$app_id</id>" "$metainfo" || fail "metainfo id is not $app_id"
grep -q "<launchable type=\"desktop-id\">$app_id.desktop</launchable>" "$metainfo" \
    || fail "metainfo launchable does not name $app_id.desktop"
grep -q "<mediatype>$mime_type</mediatype>" "$metainfo" || fail "metainfo does not provide $mime_type"

# The MIME database built from the package: the type, its one glob, no *.bin.
grep -q "^$mime_type\$" "$prefix/share/mime/types" || fail "$mime_type is not in the MIME database"
grep -q ":$mime_type:\*\.memprof\$" "$prefix/share/mime/globs2" || fail "*.memprof does not map to $mime_type"
if grep -q '\*\.bin' "$prefix/share/mime/globs2"; then fail "a *.bin glob is installed"; fi
grep -q "^$mime_type:application-x-luajit-memprof\$" "$prefix/share/mime/icons" \
    || fail "the MIME type's icon is not application-x-luajit-memprof"

# update-desktop-database registered the viewer for the type.
grep -q "^$mime_type=$app_id.desktop;" "$prefix/share/applications/mimeinfo.cache" \
    || fail "mimeinfo.cache does not list $app_id.desktop for $mime_type"

[ $status = 0 ] && echo "install tree OK"
exit $status
