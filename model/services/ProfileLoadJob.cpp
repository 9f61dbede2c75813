// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/services/ProfileLoadJob.h"

#include "model/services/LoadMessages.h"

namespace memprof::services {

ProfileLoadJob::ProfileLoadJob(QString path, DocumentReader read, QObject* parent)
    : DecodeJob(parent), path_(std::move(path)), read_(std::move(read))
{
    qRegisterMetaType<DocumentPtr>();
}

ProfileLoadJob::~ProfileLoadJob()
{
    stopWorker();
}

void ProfileLoadJob::start()
{
    startWorker(QStringLiteral("profile loader"), QThread::InheritPriority,
                [this, path = path_, read = read_, interval = partialInterval_,
                 followed = followed_](DecodeControl& control) {
                    if (followed)
                        control.follow = &following_;
                    control.progress = [this](std::uint64_t bytesRead, std::uint64_t totalBytes) {
                        emit progress(bytesRead, totalBytes);
                    };
                    PartialReports partials;
                    if (interval) {
                        partials.interval = *interval;
                        partials.report = [this](DocumentPtr document) { emit partial(std::move(document)); };
                    }
                    DocumentPtr document = read(path, control, partials);
                    switch (document->status().end) {
                    case DecodeEnd::Cancelled:
                        emit cancelled();
                        return;
                    case DecodeEnd::Failed:
                        emit failed(describeFailure(document->status()));
                        return;
                    case DecodeEnd::Complete:
                    case DecodeEnd::Truncated:
                    case DecodeEnd::Reading: // no reader ends so
                        emit finished(std::move(document));
                        return;
                    }
                });
}

} // namespace memprof::services
