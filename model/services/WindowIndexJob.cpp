// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/services/WindowIndexJob.h"

#include "model/memprofile/ProfileLoader.h"
#include "model/support/BackgroundPriority.h"

#include <QFile>

namespace memprof::services {

WindowIndexJob::WindowIndexJob(QString path, std::uint64_t runEventCount, std::shared_ptr<WindowIndexSlot> slot,
                               QObject* parent)
    : DecodeJob(parent), path_(std::move(path)), runEventCount_(runEventCount), slot_(std::move(slot))
{}

WindowIndexJob::~WindowIndexJob()
{
    stopWorker();
}

void WindowIndexJob::start()
{
    const std::string path = QFile::encodeName(path_).toStdString();
    // A background priority: the build mostly uses time the user's own
    // work (a window's re-count, the panes) leaves over.
    startWorker(QStringLiteral("memprof window index"), QThread::InheritPriority,
                [this, path, runEventCount = runEventCount_, slot = slot_](DecodeControl& control) {
                    lowerThisThreadsPriority();
                    auto built = std::make_shared<WindowIndex>();
                    bool matches = false;
                    {
                        // The whole profile decoded beside the index is a
                        // second copy of the page's: gone before the index
                        // is kept.
                        const Profile indexed = loadProfileWithIndex(path, *built, control);
                        const bool read =
                            indexed.status.end == DecodeEnd::Complete || indexed.status.end == DecodeEnd::Truncated;
                        matches = read && indexed.totals.eventCount == runEventCount;
                    }
                    emit finished(matches && slot->setIndexIfEmpty(std::move(built)));
                });
}

} // namespace memprof::services
