// SPDX-License-Identifier: GPL-3.0-or-later
// Reads the names of a profile's Lua functions from their sources
// (readFunctionNames) on a worker thread, at low priority, so that no pane
// reads a file while it paints and the first paint never waits for names.
// Either profiler: the job gets the functions (luaFunctionsOf), not the
// profile. One job, one pass; cancel() stops it early.
#pragma once

#include "model/services/DecodeJob.h"
#include "model/services/FunctionNames.h"

#include <QString>
#include <QStringList>

#include <memory>
#include <vector>

namespace memprof::services {

using FunctionNamesPtr = std::shared_ptr<const FunctionNameTable>;

class FunctionNamesJob : public DecodeJob {
    Q_OBJECT
public:
    FunctionNamesJob(std::vector<ChunkFunctions> functions, QString dumpFolder, QStringList sourceFolders,
                     QObject* parent = nullptr);
    // Cancels a running pass and waits for the worker to stop.
    ~FunctionNamesJob() override;

    void start();

signals:
    // Delivered queued, also after cancel (with the names found by then).
    void finished(memprof::services::FunctionNamesPtr names);

private:
    std::shared_ptr<const std::vector<ChunkFunctions>> functions_;
    QString dumpFolder_;
    QStringList sourceFolders_;
};

} // namespace memprof::services

Q_DECLARE_METATYPE(memprof::services::FunctionNamesPtr)
