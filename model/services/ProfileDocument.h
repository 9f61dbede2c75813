// SPDX-License-Identifier: GPL-3.0-or-later
// A loaded profile, whatever the profiler that wrote it: what the viewer's
// windows do with one (name it, count a range of its run, export it, show
// it on its page, compare it with a second dump of its kind) without asking
// which kind it is. One implementation per kind (app/MemprofDocument,
// app/SysprofDocument); a new kind of profile (many dumps merged, a dump
// still growing) is a new implementation, not a branch in every window.
//
// QObject-free: a document is an immutable value handed from the worker
// that loads it to the GUI thread and shared (read-only, by shared_ptr)
// between the window, its page and export workers; a QObject would tie it
// to one thread and forbid the sharing. What runs and reports over time
// (loading, counting a range, exporting) is a job, a QObject of its own.
//
// The page and the comparison window are widgets: this header names them
// only through forward declarations, so the services stay on Qt Core and
// the implementations, which make them, sit above the pages and windows.
#pragma once

#include "model/dump/DecodeControl.h"
#include "model/dump/DecodeStatus.h"
#include "model/dump/DumpKind.h"
#include "model/dump/RunRange.h"
#include "model/export/ExportFormat.h"

#include <QString>
#include <QStringList>

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>

class QMainWindow;
class QWidget;

namespace memprof::services {

class ProfileDocument;
class ProfileLoadJob;
using DocumentPtr = std::shared_ptr<const ProfileDocument>;

// What an export is asked for besides its format and file: the sampling
// interval a CPU profile was recorded with (its dump does not hold it;
// memprof-report's --interval), which gives the formats their times; the
// folders where Lua sources are found besides the dump's (the page's), for
// the functions' names.
struct ExportSettings {
    std::optional<std::uint64_t> samplingIntervalMs;
    QStringList sourceFolders;
};

// What a window gives the page a document makes: where the page's words go
// and how it asks for a source folder.
struct PageHooks {
    QStringList sourceFolders;
    std::function<void(const QString&)> statusMessage;
    std::function<void()> addSourceFolderRequested;
};

class ProfileDocument : public std::enable_shared_from_this<ProfileDocument> {
public:
    virtual ~ProfileDocument();

    // The dump read, absolute; the title's name for it.
    const QString& path() const { return path_; }
    // Every dump read: path() alone, or each dump of a merge.
    virtual QStringList dumpPaths() const { return {path_}; }
    virtual QString displayName() const;
    virtual DumpKind kind() const = 0;
    // How the read ended: complete or truncated (a document that failed or
    // was cancelled is never handed to a window).
    virtual const DecodeStatus& status() const = 0;
    // The stretch of the run counted: the whole run once loaded.
    virtual RunRange range() const = 0;
    // The status bar's word on a run with nothing in it; empty otherwise.
    virtual QString emptyMessage() const = 0;
    // What the run holds, counted: "1,234 events", "567 samples" (what a
    // dump still being read has in so far).
    virtual QString countText() const = 0;

    // A job reading this document again from what it was read from, for a
    // reload; null: the dump at path(), read as a dump is opened (a kind
    // that reads one file needs nothing more).
    virtual std::unique_ptr<ProfileLoadJob> readAgain() const { return nullptr; }

    // Why no range of this document's run is counted (dumps merged: their
    // runs have no common clock), which the pages and comparisons say in
    // place of a range bar; empty when one is.
    virtual QString whyNoRange() const { return {}; }
    // A job counting `range` of this document's run; its finished signal
    // carries the document of that range (the same dump, kind and path).
    virtual std::unique_ptr<ProfileLoadJob> countRange(RunRange range) const = 0;

    // The export formats of this kind (the save dialog's filters, the file
    // name's suffix).
    virtual ExportSubject exportSubject() const = 0;
    // Writes this document's range in `format` to `outPath`, whole or not at
    // all, as `settings` ask (what a kind has no use for it ignores); runs
    // on an export job's worker (`control` stops it). Empty when written,
    // `bytes` long; else why not.
    virtual QString writeExport(ExportFormat format, const QString& outPath, const ExportSettings& settings,
                                DecodeControl& control, qint64* bytes) const = 0;

    // The page that shows documents of this kind: one per window and kind,
    // made on the first such document and reused by the next ones.
    virtual QWidget* makePage(const PageHooks& hooks, QWidget* parent) const = 0;
    // Puts this document on `page` (made by a document of this kind);
    // `previous` is what the page showed before, the same dump on a reload.
    // True when the page kept the user's view of `previous` (a reload).
    virtual bool showOn(QWidget* page, const ProfileDocument* previous) const = 0;
    // The document `page` shows now: this one, or a range of its run the
    // user chose there.
    virtual DocumentPtr shownOn(const QWidget* page) const = 0;
    virtual void setSourceFolders(QWidget* page, const QStringList& folders) const = 0;

    // Why this document cannot be compared with a dump (the window's
    // Compare With is off and says so); empty when it can.
    virtual QString whyNotCompared() const { return {}; }
    // Opens a window comparing the dumps at `newPaths` (NEW: one dump, or
    // several merged) against this document (BASE); `opener` shows the
    // message if NEW cannot be read.
    virtual QMainWindow* compareWith(const QStringList& newPaths, QWidget* opener) const = 0;

protected:
    explicit ProfileDocument(QString path);

private:
    QString path_;
};

// What a comparison calls `document` in place of its file's name: the
// title of dumps merged ("3 dumps merged"); empty for one dump.
inline QString mergedName(const ProfileDocument& document)
{
    return document.dumpPaths().size() > 1 ? document.displayName() : QString();
}

} // namespace memprof::services
