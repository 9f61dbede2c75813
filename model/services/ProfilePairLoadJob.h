// SPDX-License-Identifier: GPL-3.0-or-later
// Loads the two sides of a comparison, BASE and NEW, as documents, each on
// its own ProfileLoadJob (BASE may be loaded already; a side is one dump or
// several merged, as the reader given makes its job), or counts a range of
// each one's run through its document (a comparison page's windows). It
// ends once: with both documents, or with the first side that failed or was
// cancelled. Both dumps are of the kind compared (BASE's document's, or the
// one the comparison window shows): a dump of another kind stops the pair
// with why.
#pragma once

#include "model/services/PairJob.h"
#include "model/services/ProfileLoadJob.h"

#include <QStringList>

#include <array>
#include <functional>

namespace memprof::services {

class ProfilePairLoadJob : public PairJob {
    Q_OBJECT
public:
    // The job reading a side's dumps (one: that dump; several: merged).
    using SideReader = std::function<std::unique_ptr<ProfileLoadJob>(const QStringList& paths)>;
    // `base` is BASE's document when it is loaded already, else null;
    // `paths`: each side's dumps.
    ProfilePairLoadJob(DumpKind kind, DocumentPtr base, const std::array<QStringList, 2>& paths,
                       const SideReader& read, QObject* parent = nullptr);
    // Counts `ranges` of the runs of `documents` (BASE, NEW) through each
    // document's countRange; a side whose range is the whole run is its
    // document as given, not counted.
    ProfilePairLoadJob(const std::array<DocumentPtr, 2>& documents, const std::array<RunRange, 2>& ranges,
                       QObject* parent = nullptr);
    ~ProfilePairLoadJob() override;

    // The side's first dump (its only one, unless merged).
    const QString& path(Side side) const { return paths_[side]; }
    void start();

signals:
    // Both dumps read (complete or truncated), both of the kind compared.
    void loaded(memprof::services::DocumentPtr base, memprof::services::DocumentPtr current);
    // The dump at `path` failed or is of another kind (`message` says
    // why), or was cancelled (`message` is empty).
    void stopped(const QString& path, const QString& message);

private:
    void onSideRead(Side side, DocumentPtr document);
    void onSideStopped(Side side, const QString& message);

    DumpKind kind_;
    std::array<QString, 2> paths_;
    std::array<DocumentPtr, 2> documents_;
    // The sides to read, started by start().
    std::array<std::unique_ptr<ProfileLoadJob>, 2> reads_;
};

} // namespace memprof::services
