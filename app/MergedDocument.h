// SPDX-License-Identifier: GPL-3.0-or-later
// What a document of several dumps merged (a cluster's processes) is,
// whatever their kind (MergedMemprofDocument, MergedSysprofDocument): the
// dumps' paths and names, the title "3 dumps merged", the warning naming
// the dumps left out or cut short, the reload (the dumps read and merged
// again), and the refusal of what a merge cannot answer: its dumps' runs
// have no common clock, so no range of a run is counted (countRange fails
// saying why, whyNoRange says it to the pages and comparisons). A merge is
// compared as a whole profile, rows matched by name.
#pragma once

#include "model/merge/InstanceNames.h"
#include "model/merge/MemprofMerge.h"
#include "model/services/ProfileDocument.h"
#include "model/services/ProfileLoadJob.h"

#include <QFile>

#include <optional>
#include <string>
#include <vector>

namespace memprof::app {

class MergedDocument : public services::ProfileDocument {
public:
    const QStringList& paths() const { return paths_; }
    const std::vector<std::string>& names() const { return names_; }
    // The one dump shown alone, or none: the merge.
    std::optional<InstanceId> instance() const { return instance_; }
    // The page's title: "3 dumps merged", "2 of 3 dumps merged", or
    // "a.bin, one of the dumps merged".
    QString title() const;
    // The dumps left out (could not be read) or cut short; empty for none.
    QString warning() const;

    QString displayName() const override { return title(); }
    QStringList dumpPaths() const override { return paths_; }
    RunRange range() const override { return {}; }
    QString whyNoRange() const override;
    std::unique_ptr<services::ProfileLoadJob> readAgain() const override;
    std::unique_ptr<services::ProfileLoadJob> countRange(RunRange range) const override;

    // Why the dumps at `paths` (`files`, encoded) are not all of `kind`
    // (they are of two kinds); empty when they are. `cancelled` is set when
    // `control`'s stop flag stopped the look.
    static QString otherKinds(const QStringList& paths, const std::vector<std::string>& files, DumpKind kind,
                              const DecodeControl& control, bool* cancelled);
    // Why an export to `format` is refused: a merge exports only to the
    // formats that keep each figure's dump.
    static QString exportRefused();

protected:
    MergedDocument(QStringList paths, std::vector<std::string> names, std::optional<InstanceId> instance);

    // The dumps at `paths`, all of `kind`, read side by side and merged by
    // `load(files, names, onRead)` (loadMergedMemprof's or
    // loadMergedSysprof's result), `control`'s progress counting the dumps
    // read; the document `make(paths, names, merged)`, or
    // `refuse(paths, names, why, end)` when they are of two kinds or the
    // read was cancelled. None read: the first one's reason, named.
    template <class Load, class Make, class Refuse>
    static services::DocumentPtr readMerge(const QStringList& paths, DumpKind kind, DecodeControl& control,
                                           Load&& load, Make&& make, Refuse&& refuse)
    {
        std::vector<std::string> files;
        for (const QString& path : paths)
            files.push_back(QFile::encodeName(path).toStdString());
        const std::vector<std::string> names = instanceNames(files);
        bool cancelled = false;
        if (const QString why = otherKinds(paths, files, kind, control, &cancelled); !why.isEmpty() || cancelled)
            return refuse(paths, names, why, cancelled ? DecodeEnd::Cancelled : DecodeEnd::Failed);
        const auto count = static_cast<std::uint64_t>(files.size());
        auto merged = load(files, names, [&control, count](std::size_t dump, const DecodeStatus&) {
            if (control.progress)
                control.progress(dump + 1, count);
        });
        if (merged.profile.status.end == DecodeEnd::Cancelled)
            return refuse(paths, names, {}, DecodeEnd::Cancelled);
        if (merged.profile.status.end == DecodeEnd::Failed && !merged.breakdown.instances.empty())
            merged.profile.status.error.message =
                merged.breakdown.instances.front().name + ": " + merged.profile.status.error.message;
        return make(paths, names, std::move(merged));
    }

    // A dump of the merge as its breakdown records it.
    struct DumpState {
        std::string name;
        DecodeStatus status;
        bool merged = false;
    };
    template <class Instances>
    static std::vector<DumpState> dumpStatesOf(const Instances& instances)
    {
        std::vector<DumpState> states;
        for (const auto& instance : instances)
            states.push_back({instance.name, instance.status, instance.merged});
        return states;
    }
    virtual std::vector<DumpState> dumpStates() const = 0;
    // A document of this kind that failed (or was cancelled: `end`) with `why`.
    virtual services::DocumentPtr refused(const QString& why, DecodeEnd end) const = 0;

private:
    QStringList paths_;
    std::vector<std::string> names_;
    std::optional<InstanceId> instance_;
};

} // namespace memprof::app
