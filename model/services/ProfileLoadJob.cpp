// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/services/ProfileLoadJob.h"

#include "model/decoder/DumpKind.h"
#include "model/profile/ProfileLoader.h"
#include "model/sysprofile/SysprofLoader.h"
#include "model/profile/WindowRecount.h"

#include <QFile>

namespace memprof::services {

ProfileLoadJob::ProfileLoadJob(QString path, QObject* parent)
    : ProfileLoadJob(std::move(path), EventWindow{}, parent)
{
}

ProfileLoadJob::ProfileLoadJob(QString path, EventWindow window, QObject* parent)
    : DecodeJob(parent)
    , path_(std::move(path))
    , window_(window)
{
    qRegisterMetaType<ProfilePtr>();
    qRegisterMetaType<SysprofPtr>();
}

ProfileLoadJob::ProfileLoadJob(QString path, EventWindow window, ProfilePtr whole,
                               std::shared_ptr<WindowIndexSlot> indexSlot, QObject* parent)
    : ProfileLoadJob(std::move(path), window, parent)
{
    whole_ = std::move(whole);
    indexSlot_ = std::move(indexSlot);
}

ProfileLoadJob::~ProfileLoadJob()
{
    stopWorker();
}

void ProfileLoadJob::start()
{
    const std::string path = QFile::encodeName(path_).toStdString();
    const auto load = [this, path, window = window_, whole = whole_, slot = indexSlot_,
                       indexedRunEvents = indexedRunEvents_](DecodeControl& control) {
        control.progress = [this](std::uint64_t bytesRead, std::uint64_t totalBytes) {
            emit progress(bytesRead, totalBytes);
        };
        // A window re-count is of a memprof dump already read.
        if (!whole) {
            const DumpProbe probe = probeDump(path);
            if (probe.kind == DumpKind::Sysprof) {
                emit sysprofFinished(
                    std::make_shared<const SysprofProfile>(loadSysprof(path, control, viewerSysprofOptions())));
                return;
            }
            // Broken before its kind shows: the probe's reason, not what the
            // memprof decoder makes of it.
            if (probe.broken()) {
                auto broken = std::make_shared<Profile>();
                broken->status = probe.status;
                emit finished(std::move(broken));
                return;
            }
        }
        if (!whole || !slot || whole->totals.eventCount < indexedRunEvents) {
            emit finished(std::make_shared<const Profile>(loadProfile(path, control, nullptr, window)));
            return;
        }
        std::shared_ptr<const WindowIndex> index = slot->index();
        if (!index) {
            auto built = std::make_shared<WindowIndex>();
            {
                Profile indexed = loadProfileWithIndex(path, *built, control);
                const bool read =
                    indexed.status.end == DecodeEnd::Complete || indexed.status.end == DecodeEnd::Truncated;
                if (!read || indexed.totals.eventCount != whole->totals.eventCount) {
                    // Cancelled, failed, or another dump now: the page says which.
                    emit finished(std::make_shared<const Profile>(std::move(indexed)));
                    return;
                }
                // `indexed`, a second copy of the whole profile, goes here:
                // before the count.
            }
            // The first index built is kept (a background build may have
            // filled the slot meanwhile).
            slot->setIndexIfEmpty(std::move(built));
            index = slot->index();
        }
        emit finished(std::make_shared<const Profile>(recountWindow(path, *whole, *index, window, control)));
    };
    startWorker(QStringLiteral("memprof loader"), QThread::InheritPriority, load);
}

} // namespace memprof::services
