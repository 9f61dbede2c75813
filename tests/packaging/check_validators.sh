#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The installed desktop file and AppStream metainfo pass the freedesktop validators.
# Usage: check_validators.sh PREFIX APP_ID
set -eu
prefix=$1 app_id=$2
status=0

desktop="$prefix/share/applications/$app_id.desktop"
# desktop-file-validate exits 0 on hints and warnings too: any output is a failure.
if ! out=$(desktop-file-validate "$desktop" 2>&1) || [ -n "$out" ]; then
    echo "FAIL: desktop-file-validate $desktop:" >&2
    echo "$out" >&2
    status=1
fi

metainfo="$prefix/share/metainfo/$app_id.metainfo.xml"
if ! appstreamcli validate --no-net "$metainfo"; then
    echo "FAIL: appstreamcli validate --no-net $metainfo" >&2
    status=1
fi

[ $status = 0 ] && echo "validators OK"
exit $status
