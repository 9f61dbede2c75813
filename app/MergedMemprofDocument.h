// SPDX-License-Identifier: GPL-3.0-or-later
// Several memprof dumps (a cluster's processes) as one document: the merged
// Profile (MemprofMerge.h) and each dump's share of its rows, shown on the
// memory profile page with the Instances pane; or one of those dumps alone,
// read again when the user picks it there, the page keeping the merge.
//
// What a merge cannot answer it says (MergedDocument.h): the page shows no
// window bar (its heap chart stacks the dumps, each run stretched to the
// width: StackedHeap.h); it exports to the formats that keep the dump of
// each figure (pprof, speedscope, folded stacks); it is compared as a whole
// profile (DiffWindow, its window bar off).
#pragma once

#include "MergedDocument.h"
#include "model/merge/MemprofMerge.h"
#include "model/services/ProfileLoadJob.h"
#include "model/services/ProfilePointers.h"

#include <optional>
#include <string>
#include <vector>

namespace memprof::views {
class ProfilePage;
}

namespace memprof::app {

using BreakdownPtr = std::shared_ptr<const MemprofBreakdown>;

class MergedMemprofDocument final : public MergedDocument {
public:
    // `profile` and `breakdown`: the dumps at `paths` merged, or with
    // `instance` that one dump alone (a breakdown of that one); `whole`: the
    // merge of them all. `names` name the dumps (instanceNames).
    MergedMemprofDocument(QStringList paths, std::vector<std::string> names, services::ProfilePtr profile,
                          BreakdownPtr breakdown, services::ProfilePtr whole, std::optional<InstanceId> instance);

    // The dumps at `paths` read side by side and merged; `control`'s
    // progress counts the dumps read of all (not bytes). Failed, naming the
    // file, when the dumps are not all memprof dumps, or none can be read;
    // a dump that cannot be read among others is left out and named by
    // warning().
    static services::DocumentPtr read(const QStringList& paths, DecodeControl& control);

    const services::ProfilePtr& profile() const { return profile_; }
    const BreakdownPtr& breakdown() const { return breakdown_; }

    DumpKind kind() const override { return DumpKind::Memprof; }
    const DecodeStatus& status() const override { return profile_->status; }
    QString emptyMessage() const override;
    QString countText() const override;
    ExportSubject exportSubject() const override { return ExportSubject::Memprof; }
    QString writeExport(ExportFormat format, const QString& outPath, const services::ExportSettings& settings,
                        DecodeControl& control, qint64* bytes) const override;
    QWidget* makePage(const services::PageHooks& hooks, QWidget* parent) const override;
    bool showOn(QWidget* page, const ProfileDocument* previous) const override;
    services::DocumentPtr shownOn(const QWidget* page) const override;
    void setSourceFolders(QWidget* page, const QStringList& folders) const override;
    QMainWindow* compareWith(const QStringList& newPaths, QWidget* opener) const override;

protected:
    std::vector<DumpState> dumpStates() const override { return dumpStatesOf(breakdown_->instances); }
    services::DocumentPtr refused(const QString& why, DecodeEnd end) const override;

private:
    // A job reading the dump of `instance` alone.
    std::unique_ptr<services::ProfileLoadJob> readInstance(InstanceId instance) const;

    services::ProfilePtr profile_;
    BreakdownPtr breakdown_;
    services::ProfilePtr whole_;
};

} // namespace memprof::app
