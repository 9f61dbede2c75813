// SPDX-License-Identifier: GPL-3.0-or-later
// A CPU profile (a sysprof dump) as a document: the whole run, or a sample
// range of it counted again (the dump decoded again; the documents of one
// load share the whole run's profile), shown on a
// SysprofPage and compared in a SysprofDiffWindow. Its export reads the
// dump again for what the viewer's load does not keep (the samples' order).
#pragma once

#include "model/services/ProfileDocument.h"
#include "model/services/ProfileLoadJob.h"
#include "model/services/ProfilePointers.h"

namespace memprof::app {

class SysprofDocument final : public services::ProfileDocument {
public:
    // `profile` counts `range` of the run whose whole profile is `whole`.
    SysprofDocument(QString path, services::SysprofPtr profile, services::SysprofPtr whole, RunRange range);
    // The whole run, read from `path` (the status says how the read ended);
    // with `partial`, the counts so far on the way (snapshots).
    static services::DocumentPtr read(const QString& path, DecodeControl& control,
                                      const services::PartialReports& partial = {});

    // The CPU profile page, as the window makes it before any document.
    static QWidget* makeSysprofPage(const services::PageHooks& hooks, QWidget* parent);

    const services::SysprofPtr& profile() const { return profile_; }

    DumpKind kind() const override { return DumpKind::Sysprof; }
    const DecodeStatus& status() const override { return profile_->status; }
    RunRange range() const override { return range_; }
    QString emptyMessage() const override;
    QString countText() const override;
    std::unique_ptr<services::ProfileLoadJob> countRange(RunRange range) const override;
    ExportSubject exportSubject() const override { return ExportSubject::Sysprof; }
    QString writeExport(ExportFormat format, const QString& outPath, const services::ExportSettings& settings,
                        DecodeControl& control, qint64* bytes) const override;
    QWidget* makePage(const services::PageHooks& hooks, QWidget* parent) const override;
    bool showOn(QWidget* page, const ProfileDocument* previous) const override;
    services::DocumentPtr shownOn(const QWidget* page) const override;
    void setSourceFolders(QWidget* page, const QStringList& folders) const override;
    QMainWindow* compareWith(const QStringList& newPaths, QWidget* opener) const override;

private:
    services::SysprofPtr profile_;
    services::SysprofPtr whole_;
    RunRange range_;
};

} // namespace memprof::app
