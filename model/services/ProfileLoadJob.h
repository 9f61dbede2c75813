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

#include <functional>
#include <memory>

namespace memprof::services {

// Reads the dump at `path` into a document, on the worker; the returned
// document's status says how the read ended.
using DocumentReader = std::function<DocumentPtr(const QString& path, DecodeControl& control)>;

class ProfileLoadJob : public DecodeJob {
    Q_OBJECT
public:
    ProfileLoadJob(QString path, DocumentReader read, QObject* parent = nullptr);
    // Cancels a running load and waits for the worker to stop.
    ~ProfileLoadJob() override;

    const QString& path() const { return path_; }
    void start();

signals:
    // Emitted on the worker thread, delivered queued: bytes consumed, total.
    void progress(quint64 bytesRead, quint64 totalBytes);
    // Every read ends with one of these three, delivered queued to
    // receivers on the GUI thread. A truncated dump is finished: its
    // document's status says where it ends.
    void finished(memprof::services::DocumentPtr document);
    void failed(const QString& message);
    void cancelled();

private:
    QString path_;
    DocumentReader read_;
};

} // namespace memprof::services

Q_DECLARE_METATYPE(memprof::services::DocumentPtr)
