// SPDX-License-Identifier: GPL-3.0-or-later
// Counts a sample range of a sysprof dump on a worker thread: the dump is
// decoded again (symbols are met in stream order, so a range cannot skip
// what comes before it) and only the range's samples are aggregated. The
// result is delivered queued, like WindowCountJob's.
#pragma once

#include "model/services/DecodeJob.h"
#include "model/services/ProfilePointers.h"

#include <QString>

namespace memprof::services {

class SysprofRangeJob : public DecodeJob {
    Q_OBJECT
public:
    SysprofRangeJob(QString path, RunRange range, QObject* parent = nullptr);
    ~SysprofRangeJob() override;

    RunRange range() const { return range_; }
    void start();

signals:
    void progress(quint64 bytesRead, quint64 totalBytes);
    void finished(memprof::services::SysprofPtr profile);

private:
    QString path_;
    RunRange range_;
};

} // namespace memprof::services
