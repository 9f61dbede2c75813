#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Test fixture: install the build into a fresh prefix and build the MIME and
# desktop-file databases there, as a package manager would under /usr.
# Usage: install_prefix.sh CMAKE BUILD_DIR PREFIX XDG_HOME
set -eu
cmake=$1 build=$2 prefix=$3 xdg_home=$4

rm -rf "$prefix" "$xdg_home"
# An empty per-user data/config home, so the user's own settings cannot change what is tested.
mkdir -p "$xdg_home/data" "$xdg_home/config"

"$cmake" --install "$build" --prefix "$prefix"

# Any warning from update-mime-database means the MIME package is malformed
# (the prefix is put in the search path, else it notes that it is not).
warnings=$(XDG_DATA_DIRS="$prefix/share:/usr/share" XDG_DATA_HOME="$xdg_home/data" \
           update-mime-database "$prefix/share/mime" 2>&1)
if [ -n "$warnings" ]; then
    echo "FAIL: update-mime-database complained about the MIME package:" >&2
    echo "$warnings" >&2
    exit 1
fi
update-desktop-database "$prefix/share/applications"
echo "installed into $prefix"
