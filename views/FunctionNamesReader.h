// SPDX-License-Identifier: GPL-3.0-or-later
// When a page reads its functions' names (services/FunctionNamesJob.h):
// once per profile, off the GUI thread, after the page has painted it (the
// first paint never waits for a source file), and again when the source
// folders change. Both profilers' pages use it, and both comparisons (the
// functions of the two dumps read in one pass); they apply the names
// (namesRead) to their panes.
#pragma once

#include "model/services/FunctionNamesJob.h"

#include <QObject>
#include <QPointer>
#include <QString>
#include <QStringList>

#include <vector>

class QWidget;

namespace memprof::views {

class FunctionNamesReader : public QObject {
    Q_OBJECT
public:
    // Watches `page`'s paints; a child of it.
    explicit FunctionNamesReader(QWidget* page);

    // Reads the names of `functions` after the page's next paint (a new
    // profile: it is shown first); a read still running is cancelled.
    void readAfterPaint(std::vector<services::ChunkFunctions> functions, QString dumpFolder,
                        QStringList sourceFolders);
    // Two compared profiles' functions, merged (services::mergeFunctions):
    // a chunk's source is looked for next to NEW, then in the source
    // folders, then next to BASE.
    void readPairAfterPaint(const std::vector<services::ChunkFunctions>& base, const QString& baseFolder,
                            const std::vector<services::ChunkFunctions>& current, QString newFolder,
                            QStringList sourceFolders);
    // Reads them again at once (the source folders changed), for the
    // functions last given.
    void readAgain(QStringList sourceFolders);
    // Cancels any read; no names come until the next read.
    void cancel();
    bool isReading() const { return job_ != nullptr || waitingForPaint_; }

signals:
    void namesRead(memprof::services::FunctionNamesPtr names);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void start();

    QWidget* page_;
    std::vector<services::ChunkFunctions> functions_;
    QString dumpFolder_;
    QStringList sourceFolders_;
    QString otherDumpFolder_; // a comparison's BASE folder; empty otherwise
    bool waitingForPaint_ = false;
    unsigned generation_ = 0; // counts the reads asked for and cancelled
    QPointer<services::FunctionNamesJob> job_;
};

} // namespace memprof::views
