// SPDX-License-Identifier: GPL-3.0-or-later
// How a page of either kind counts a range of the run it shows: through
// the document it shows (its countRange, a job off the GUI thread), never
// by a count of its own, so that what a kind counts and how is written once,
// in its document. Only the count asked for last is shown: a new one, or
// cancel(), stops the running one without waiting; it ends on its own and
// goes, and nothing of it (progress, result) reaches the page. The counted
// document puts itself on the page (showOn: a range of the run the page
// shows, which the page keeps).
#pragma once

#include "model/dump/RunRange.h"
#include "model/services/ProfileDocument.h"
#include "model/services/ProfileLoadJob.h"

#include <QObject>
#include <QPointer>

class QWidget;

namespace memprof::views {

class RangeCounter : public QObject {
    Q_OBJECT
public:
    // Counts for `page` (a child of it: deleting the page waits for the
    // running worker), where the counted documents are shown.
    explicit RangeCounter(QWidget* page);
    ~RangeCounter() override;

    // The document the page shows, whose run the ranges are of. A page is
    // given it before its profile: a reload counts its window again at once.
    void setDocument(services::DocumentPtr document);
    const services::DocumentPtr& document() const { return document_; }

    // Counts `range` of the document's run (the running count stops); false,
    // and nothing counted, when the page was given no document.
    bool count(RunRange range);
    void cancel();
    bool isCounting() const { return job_ != nullptr; }

signals:
    // The count asked for last: bytes of the dump read so far, of its total.
    void progress(quint64 bytesRead, quint64 totalBytes);
    // The count asked for last failed (`message` says why) or was stopped
    // (`message` empty: only a replaced count is, which says nothing).
    // Counted, it is on the page: no signal here.
    void failed(const QString& message);
    // A count ended and its worker is gone: the last one asked for (after
    // the signal above or its showing) or one replaced.
    void ended();

private:
    // The job ended; true when it was the count asked for last.
    bool end(services::ProfileLoadJob* job);

    QWidget* page_;
    services::DocumentPtr document_;
    QPointer<services::ProfileLoadJob> job_;
};

} // namespace memprof::views
