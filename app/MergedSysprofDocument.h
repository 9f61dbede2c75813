// SPDX-License-Identifier: GPL-3.0-or-later
// Several sysprof dumps (a cluster's processes) as one CPU profile: the
// merged SysprofProfile (SysprofMerge.h) and each dump's samples of its
// stacks, shown on the CPU page (its flame graph and trees over all the
// samples) with the Instances pane; or one of those dumps alone, read
// again when the user picks it there, the page keeping the merge.
//
// What a merge cannot answer it says (MergedDocument.h): the page shows no
// chart over a run (the samples' times are each dump's own) and counts no
// range; it exports to pprof (each sample labelled with its dump) and
// speedscope (a profile per dump); it is compared as a whole profile.
#pragma once

#include "MergedDocument.h"
#include "model/merge/SysprofMerge.h"
#include "model/services/ProfilePointers.h"

namespace memprof::app {

using SysprofBreakdownPtr = std::shared_ptr<const SysprofBreakdown>;

class MergedSysprofDocument final : public MergedDocument {
public:
    // `profile` and `breakdown`: the dumps at `paths` merged, or with
    // `instance` that one dump alone (a breakdown of that one); `whole`: the
    // merge of them all. `names` name the dumps.
    MergedSysprofDocument(QStringList paths, std::vector<std::string> names, services::SysprofPtr profile,
                          SysprofBreakdownPtr breakdown, services::SysprofPtr whole,
                          std::optional<InstanceId> instance);

    // The dumps at `paths` read side by side and merged; `control`'s
    // progress counts the dumps read. Failed, naming the file, when they are
    // not all sysprof dumps, or none can be read; a dump that cannot be read
    // among others is left out and named by warning().
    static services::DocumentPtr read(const QStringList& paths, DecodeControl& control);

    const services::SysprofPtr& profile() const { return profile_; }
    const SysprofBreakdownPtr& breakdown() const { return breakdown_; }

    DumpKind kind() const override { return DumpKind::Sysprof; }
    const DecodeStatus& status() const override { return profile_->status; }
    QString emptyMessage() const override;
    QString countText() const override;
    ExportSubject exportSubject() const override { return ExportSubject::Sysprof; }
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

    services::SysprofPtr profile_;
    SysprofBreakdownPtr breakdown_;
    services::SysprofPtr whole_;
};

} // namespace memprof::app
