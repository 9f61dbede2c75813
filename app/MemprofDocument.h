// SPDX-License-Identifier: GPL-3.0-or-later
// A memory profile (a memprof dump) as a document: the whole run's Profile,
// or an event window of it counted again (with the dump's window index, which
// the documents of one load share), shown on a ProfilePage and compared in a
// DiffWindow.
#pragma once

#include "model/services/ProfileDocument.h"
#include "model/services/ProfileLoadJob.h"
#include "model/services/ProfilePointers.h"
#include "model/services/WindowIndexSlot.h"

namespace memprof::views {
class ProfilePage;
}

namespace memprof::app {

class MemprofDocument final : public services::ProfileDocument {
public:
    // `profile` counts `range` of the run whose whole profile is `whole`.
    MemprofDocument(QString path, services::ProfilePtr profile, services::ProfilePtr whole,
                    std::shared_ptr<services::WindowIndexSlot> indexSlot, RunRange range);
    // The whole run, read from `path` (the status says how the read ended),
    // showing the counts so far on the way as `partial` asks.
    static services::DocumentPtr read(const QString& path, DecodeControl& control,
                                      const services::PartialReports& partial = {});
    // A dump that could not be read: `status` says where and why.
    static services::DocumentPtr broken(const QString& path, const DecodeStatus& status);
    // The memory profile page, as the window makes it before any document.
    static views::ProfilePage* makeProfilePage(const services::PageHooks& hooks, QWidget* parent);

    const services::ProfilePtr& profile() const { return profile_; }
    const services::ProfilePtr& wholeRun() const { return whole_; }

    DumpKind kind() const override { return DumpKind::Memprof; }
    const DecodeStatus& status() const override { return profile_->status; }
    RunRange range() const override { return range_; }
    QString emptyMessage() const override;
    QString countText() const override;
    std::unique_ptr<services::ProfileLoadJob> countRange(RunRange range) const override;
    ExportSubject exportSubject() const override { return ExportSubject::Memprof; }
    QString writeExport(ExportFormat format, const QString& outPath, const services::ExportSettings& settings,
                        DecodeControl& control, qint64* bytes) const override;
    QWidget* makePage(const services::PageHooks& hooks, QWidget* parent) const override;
    bool showOn(QWidget* page, const ProfileDocument* previous) const override;
    services::DocumentPtr shownOn(const QWidget* page) const override;
    void setSourceFolders(QWidget* page, const QStringList& folders) const override;
    QMainWindow* compareWith(const QStringList& newPaths, QWidget* opener) const override;

private:
    services::ProfilePtr profile_;
    services::ProfilePtr whole_;
    std::shared_ptr<services::WindowIndexSlot> indexSlot_;
    RunRange range_;
};

} // namespace memprof::app
