// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/FunctionNamesReader.h"

#include <QEvent>
#include <QTimer>
#include <QWidget>

namespace memprof::views {

FunctionNamesReader::FunctionNamesReader(QWidget* page) : QObject(page), page_(page)
{
    page_->installEventFilter(this);
}

void FunctionNamesReader::readAfterPaint(std::vector<services::ChunkFunctions> functions, QString dumpFolder,
                                         QStringList sourceFolders)
{
    cancel();
    functions_ = std::move(functions);
    dumpFolder_ = std::move(dumpFolder);
    otherDumpFolder_.clear();
    sourceFolders_ = std::move(sourceFolders);
    if (functions_.empty())
        return;
    waitingForPaint_ = true;
    page_->update();
}

void FunctionNamesReader::readPairAfterPaint(const std::vector<services::ChunkFunctions>& base,
                                             const QString& baseFolder,
                                             const std::vector<services::ChunkFunctions>& current,
                                             QString newFolder, QStringList sourceFolders)
{
    readAfterPaint(services::mergeFunctions(base, current), std::move(newFolder), std::move(sourceFolders));
    otherDumpFolder_ = baseFolder;
}

void FunctionNamesReader::readAgain(QStringList sourceFolders)
{
    sourceFolders_ = std::move(sourceFolders);
    // A profile not painted yet is read after its paint, with these folders.
    if (waitingForPaint_ || functions_.empty())
        return;
    cancel();
    start();
}

void FunctionNamesReader::cancel()
{
    waitingForPaint_ = false;
    ++generation_;
    if (job_)
        job_->cancel();
    job_ = nullptr;
}

bool FunctionNamesReader::eventFilter(QObject* watched, QEvent* event)
{
    // Once this paint is done: the worker starts from the event loop.
    if (watched == page_ && event->type() == QEvent::Paint && waitingForPaint_) {
        waitingForPaint_ = false;
        QTimer::singleShot(0, this, [this, generation = generation_] {
            if (!job_ && generation == generation_) // no other read meanwhile
                start();
        });
    }
    return QObject::eventFilter(watched, event);
}

void FunctionNamesReader::start()
{
    QStringList folders = sourceFolders_;
    if (!otherDumpFolder_.isEmpty() && otherDumpFolder_ != dumpFolder_)
        folders.append(otherDumpFolder_);
    auto* job = new services::FunctionNamesJob(functions_, dumpFolder_, folders, this);
    job_ = job;
    // Every read ends in finished, cancelled ones too: then the job goes.
    connect(job, &services::FunctionNamesJob::finished, this, [this, job](services::FunctionNamesPtr names) {
        job->deleteLater();
        if (job_ == job) {
            job_ = nullptr;
            emit namesRead(std::move(names));
        }
    });
    job->start();
}

} // namespace memprof::views
