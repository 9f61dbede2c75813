// SPDX-License-Identifier: GPL-3.0-or-later
// The common part of the jobs that read a dump off the GUI thread: one
// worker thread per job, cancellation through the decoder's atomic stop
// flag. A subclass says what the worker does and which signal carries its
// result (delivered queued to receivers on the GUI thread).
#pragma once

#include "model/dump/DecodeControl.h"

#include <QObject>
#include <QThread>

#include <atomic>
#include <functional>

namespace memprof::services {

class DecodeJob : public QObject {
    Q_OBJECT
public:
    void cancel();
    bool isRunning() const;

protected:
    explicit DecodeJob(QObject* parent = nullptr);
    // Runs `work` once on a worker thread; its control carries the stop flag.
    void startWorker(const QString& threadName, QThread::Priority priority, std::function<void(DecodeControl&)> work);
    // Cancels and waits for the worker: a subclass's destructor calls it, so
    // that the worker never emits into a half-destroyed job.
    void stopWorker();

private:
    std::atomic<bool> stop_{false};
    QThread* thread_ = nullptr;
};

} // namespace memprof::services
