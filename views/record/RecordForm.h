// SPDX-License-Identifier: GPL-3.0-or-later
// What the Record dialog remembers between recordings and runs: the last
// script and program, the instances recorded (most recent first) and those
// listed to be recorded together (a cluster), the
// profiler's options, whether a password is kept in the desktop keyring.
// Never the password itself.
#pragma once

#include "model/record/RemoteProfiler.h"

#include <QMetaType>
#include <QString>
#include <QStringList>

namespace memprof::views {

struct RecordForm {
    bool attach = false; // the target: a running Tarantool, else a script to run
    record::ProfilerKind kind = record::ProfilerKind::Memory;
    record::CpuProfilerOptions cpu;
    int stopAfterSeconds = 0; // 0: when the script ends or at Stop
    QString program;
    QString script;
    QString arguments; // as typed (split as a shell would)
    QString workingFolder;
    QStringList addresses; // every instance recorded, most recent first
    QStringList cluster; // the instances listed to be recorded together
    QString user;
    bool rememberPassword = false; // in the desktop keyring (record/PasswordKeyring.h)
    QString dumpFolder; // empty: the user's home
};

} // namespace memprof::views

Q_DECLARE_METATYPE(memprof::views::RecordForm)
