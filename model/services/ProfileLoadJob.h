// SPDX-License-Identifier: GPL-3.0-or-later
// Reads a profile document on a worker thread, whatever its kind: a dump
// opened (the reader tells the kind by the content) or a range of a loaded
// document's run counted again. Progress by bytes read, cancellation
// through the decoder's atomic stop flag, and one ending: finished with the
// document (complete or truncated), failed with the user's message, or
// cancelled. One job, one read.
#pragma once

#include "model/services/DecodeJob.h"
#include "model/services/ProfileDocument.h"
#include "model/services/ProfilePointers.h"

#include <QString>

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <optional>

namespace memprof::services {

// What a read shows before it ends: every `interval` of reading, a
// document of what was read so far (its status Reading) goes to `report`,
// on a worker thread. Without `report` a reader shows nothing before its
// end; a kind that cannot show a part ignores it.
struct PartialReports {
    std::chrono::milliseconds interval{500};
    std::function<void(DocumentPtr)> report;
};

// Reads the dump at `path` into a document, on the worker; the returned
// document's status says how the read ended.
using DocumentReader =
    std::function<DocumentPtr(const QString& path, DecodeControl& control, const PartialReports& partial)>;

class ProfileLoadJob : public DecodeJob {
    Q_OBJECT
public:
    ProfileLoadJob(QString path, DocumentReader read, QObject* parent = nullptr);
    // Cancels a running load and waits for the worker to stop.
    ~ProfileLoadJob() override;

    const QString& path() const { return path_; }
    // Before start(): the read shows what it read so far, every `interval`
    // (partial); a read quicker than that shows nothing before finished.
    void showPartials(std::chrono::milliseconds interval) { partialInterval_ = interval; }
    // Before start(): the file is followed as it grows (a profiler still
    // writing it, DecodeControl::follow) until the dump's end is read or
    // stopFollowing() is called; what was read by then is the document.
    void follow() { following_.store(true, std::memory_order_release); followed_ = true; }
    // Ends the following: the read takes what the file holds now and ends
    // there (a dump cut short unless its end was written).
    void stopFollowing() { following_.store(false, std::memory_order_release); }
    bool isFollowing() const { return followed_ && following_.load(std::memory_order_acquire) && isRunning(); }
    void start();

signals:
    // Emitted on the worker thread, delivered queued: bytes consumed, total.
    void progress(quint64 bytesRead, quint64 totalBytes);
    // Every read ends with one of these three, delivered queued to
    // receivers on the GUI thread. A truncated dump is finished: its
    // document's status says where it ends.
    void finished(memprof::services::DocumentPtr document);
    // With showPartials: what was read so far (its status Reading), before
    // the ending, delivered queued in order, none after the ending.
    void partial(memprof::services::DocumentPtr document);
    void failed(const QString& message);
    void cancelled();

private:
    QString path_;
    DocumentReader read_;
    std::optional<std::chrono::milliseconds> partialInterval_;
    std::atomic<bool> following_{false};
    bool followed_ = false;
};

} // namespace memprof::services

Q_DECLARE_METATYPE(memprof::services::DocumentPtr)
