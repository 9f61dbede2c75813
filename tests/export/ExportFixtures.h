// SPDX-License-Identifier: GPL-3.0-or-later
// The dumps every export test reads, and the figures exports must add up to.
#pragma once

#include "model/memprofile/Profile.h"
#include "model/memprofile/ProfileRanking.h"
#include "model/services/FunctionNames.h"

#include <QDir>
#include <QFileInfo>
#include <QProcess>
#include <QString>
#include <QStringList>
#include <QTest>

#include <cstdint>
#include <vector>

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
    std::int64_t heldBlocks = 0; // --csv=live
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

// The names memprof-report gives a profile's Lua functions without
// --source-dir: from the sources beside `dump`.
template <class AnyProfile>
memprof::FunctionNameTable namesBesideTheDump(const AnyProfile& profile, const QString& dump)
{
    return memprof::services::readFunctionNames(memprof::services::luaFunctionsOf(profile),
                                                QFileInfo(dump).absolutePath(), {});
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

// The columns of `go tool pprof -raw`'s Samples section, summed.
inline std::vector<std::int64_t> rawTotals(const QByteArray& raw, std::size_t columns)
{
    std::vector<std::int64_t> totals(columns, 0);
    bool inSamples = false;
    for (const QByteArray& line : raw.split('\n')) {
        if (line.startsWith("Samples:")) {
            inSamples = true;
            continue;
        }
        if (!inSamples)
            continue;
        if (line.startsWith("Locations"))
            break;
        const int colon = line.indexOf(':');
        if (colon < 0)
            continue; // the header naming the sample types
        const QList<QByteArray> values = line.left(colon).simplified().split(' ');
        if (static_cast<std::size_t>(values.size()) != columns)
            continue;
        for (std::size_t i = 0; i < columns; ++i)
            totals[i] += values[static_cast<int>(i)].toLongLong();
    }
    return totals;
}

} // namespace test
