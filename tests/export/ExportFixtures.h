// SPDX-License-Identifier: GPL-3.0-or-later
// The dumps every export test reads, and the figures exports must add up to.
#pragma once

#include "model/profile/Profile.h"
#include "model/profile/ProfileRanking.h"

#include <QDir>
#include <QProcess>
#include <QString>
#include <QStringList>
#include <QTest>

#include <cstdint>

namespace test {

// Every fixture dump of both format versions.
inline QStringList exportFixtures()
{
    QStringList paths;
    for (const char* version : {"v1", "v3"}) {
        const QDir dir(QStringLiteral(MEMPROF_TEST_DATA "/") + QLatin1String(version));
        for (const QString& name : dir.entryList({QStringLiteral("*.bin")}, QDir::Files, QDir::Name))
            paths << dir.filePath(name);
    }
    return paths;
}

// One data row per fixture, in a "dump" column.
inline void addFixtureRows()
{
    QTest::addColumn<QString>("dump");
    for (const QString& path : exportFixtures())
        QTest::newRow(qPrintable(path.section('/', -2))) << path;
}

// The profile's own figures, from its rows (the report's tables).
struct ProfileFigures {
    std::int64_t allocEvents = 0; // allocations + reallocations
    std::int64_t allocBytes = 0;
    std::int64_t heldBlocks = 0;  // --csv=live
    std::int64_t heldBytes = 0;
};

inline ProfileFigures figuresOf(const memprof::Profile& profile)
{
    ProfileFigures figures;
    for (memprof::EventKind kind : {memprof::EventKind::Alloc, memprof::EventKind::Realloc}) {
        for (const memprof::LocationRow& row : profile.rows(kind)) {
            figures.allocEvents += static_cast<std::int64_t>(row.eventCount);
            figures.allocBytes += static_cast<std::int64_t>(row.allocatedBytes);
        }
    }
    for (const memprof::HeldByName& row : memprof::rankHeldByName(profile)) {
        figures.heldBlocks += static_cast<std::int64_t>(row.blockCount);
        figures.heldBytes += static_cast<std::int64_t>(row.heldBytes);
    }
    return figures;
}

struct ToolRun {
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

inline ToolRun runTool(const QString& program, const QStringList& args,
                       const QProcessEnvironment& environment = QProcessEnvironment::systemEnvironment())
{
    QProcess process;
    process.setProcessEnvironment(environment);
    process.start(program, args);
    if (!process.waitForFinished(120000))
        qFatal("%s did not finish", qPrintable(program));
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1, process.readAllStandardOutput(),
            process.readAllStandardError()};
}

} // namespace test
