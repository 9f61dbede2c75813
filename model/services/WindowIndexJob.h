// SPDX-License-Identifier: GPL-3.0-or-later
// Builds a loaded dump's window index (WindowRecount.h) on a worker thread
// at idle priority, while the user looks at the whole run: the first window
// then finds the index ready instead of decoding the whole dump again. The
// index goes into the page's slot only when its run is the one loaded (the
// same event count) and the slot is still empty; the second copy of the
// profile the build decodes is dropped at once. cancel() stops it early.
#pragma once

#include "model/services/DecodeJob.h"
#include "model/services/WindowIndexSlot.h"

#include <QString>

#include <cstdint>
#include <memory>

namespace memprof::services {

class WindowIndexJob : public DecodeJob {
    Q_OBJECT
public:
    WindowIndexJob(QString path, std::uint64_t runEventCount, std::shared_ptr<WindowIndexSlot> slot,
                   QObject* parent = nullptr);
    // Cancels a running build and waits for the worker to stop.
    ~WindowIndexJob() override;

    void start();

signals:
    // Every build ends here, delivered queued: `filled` when the slot got
    // this build's index (not when cancelled, failed, another run on disk,
    // or the slot filled by a window's re-count first).
    void finished(bool filled);

private:
    QString path_;
    std::uint64_t runEventCount_;
    std::shared_ptr<WindowIndexSlot> slot_;
};

} // namespace memprof::services
