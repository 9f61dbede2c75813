// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/services/WindowCountJob.h"

#include "model/memprofile/ProfileLoader.h"
#include "model/memprofile/WindowRecount.h"

#include <QFile>

namespace memprof::services {

WindowCountJob::WindowCountJob(QString path, RunRange window, ProfilePtr whole,
                               std::shared_ptr<WindowIndexSlot> indexSlot, QObject* parent)
    : DecodeJob(parent),
      path_(std::move(path)),
      window_(window),
      whole_(std::move(whole)),
      indexSlot_(std::move(indexSlot))
{
    qRegisterMetaType<ProfilePtr>();
}

WindowCountJob::~WindowCountJob()
{
    stopWorker();
}

Profile WindowCountJob::count(const std::string& path, RunRange window, const ProfilePtr& whole,
                              const std::shared_ptr<WindowIndexSlot>& slot, DecodeControl& control,
                              std::uint64_t indexedRunEvents)
{
    if (!whole || !slot || whole->totals.eventCount < indexedRunEvents)
        return loadProfile(path, control, nullptr, window);
    std::shared_ptr<const WindowIndex> index = slot->index();
    if (!index) {
        auto built = std::make_shared<WindowIndex>();
        {
            Profile indexed = loadProfileWithIndex(path, *built, control);
            const bool read = indexed.status.end == DecodeEnd::Complete || indexed.status.end == DecodeEnd::Truncated;
            // Cancelled, failed, or another dump now: the page says which.
            if (!read || indexed.totals.eventCount != whole->totals.eventCount)
                return indexed;
            // `indexed`, a second copy of the whole profile, goes here:
            // before the count.
        }
        // The first index built is kept (a background build may have
        // filled the slot meanwhile).
        slot->setIndexIfEmpty(std::move(built));
        index = slot->index();
    }
    return recountWindow(path, *whole, *index, window, control);
}

void WindowCountJob::start()
{
    const std::string path = QFile::encodeName(path_).toStdString();
    startWorker(QStringLiteral("memprof window count"), QThread::InheritPriority,
                [this, path, window = window_, whole = whole_, slot = indexSlot_,
                 indexedRunEvents = indexedRunEvents_](DecodeControl& control) {
                    control.progress = [this](std::uint64_t bytesRead, std::uint64_t totalBytes) {
                        emit progress(bytesRead, totalBytes);
                    };
                    emit finished(
                        std::make_shared<const Profile>(count(path, window, whole, slot, control, indexedRunEvents)));
                });
}

} // namespace memprof::services
