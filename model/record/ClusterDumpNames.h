// SPDX-License-Identifier: GPL-3.0-or-later
// The file each instance of a cluster recording brings its dump into, in
// one folder: named after the instance's address, so the merged profile
// (which names each instance by its dump's file name) and a listing of the
// folder both say which instance is which. host:port gives host_port.bin,
// a console socket its file name (admin.sock.bin); sockets of one name in
// different folders get their folder's name in front, and what is still
// alike is numbered.
#pragma once

#include <QStringList>

namespace memprof::record {

QStringList clusterDumpNames(const QStringList& addresses);

} // namespace memprof::record
