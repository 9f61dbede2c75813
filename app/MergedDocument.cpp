// SPDX-License-Identifier: GPL-3.0-or-later
#include "MergedDocument.h"

#include "ProfileDocuments.h"
#include "model/dump/DumpKind.h"
#include "model/merge/InstanceNames.h"

#include <QCoreApplication>

namespace memprof::app {

namespace {
QString trMerged(const char* text, int n = -1)
{
    return QCoreApplication::translate("MergedDocument", text, nullptr, n);
}
} // namespace

MergedDocument::MergedDocument(QStringList paths, std::vector<std::string> names, std::optional<InstanceId> instance)
    : ProfileDocument(paths.value(instance ? static_cast<qsizetype>(*instance) : 0)),
      paths_(std::move(paths)),
      names_(std::move(names)),
      instance_(instance)
{}

QString MergedDocument::otherKinds(const QStringList& paths, const std::vector<std::string>& files, DumpKind kind,
                                   const DecodeControl& control, bool* cancelled)
{
    std::optional<qsizetype> memprof;
    std::optional<qsizetype> sysprof;
    // The stop flag only: the progress counts dumps, not a probe's bytes.
    DecodeControl probing;
    probing.stop = control.stop;
    for (qsizetype i = 0; i < paths.size(); ++i) {
        const DumpProbe probe = probeDump(files[static_cast<std::size_t>(i)], probing);
        if (probe.status.end == DecodeEnd::Cancelled) {
            *cancelled = true;
            return {};
        }
        if (probe.kind == DumpKind::Memprof && !memprof)
            memprof = i;
        if (probe.kind == DumpKind::Sysprof && !sysprof)
            sysprof = i;
    }
    if ((kind == DumpKind::Memprof && !sysprof) || (kind == DumpKind::Sysprof && !memprof))
        return {};
    if (memprof && sysprof)
        return trMerged("%1 is a CPU profile (sysprof) and %2 a memory profile (memprof): only dumps of one kind "
                  "open as one profile.")
            .arg(paths[*sysprof], paths[*memprof]);
    return kind == DumpKind::Memprof ? trMerged("%1 is a CPU profile (sysprof), not a memory profile (memprof).").arg(paths[*sysprof])
                                     : trMerged("%1 is a memory profile (memprof), not a CPU profile (sysprof).").arg(paths[*memprof]);
}

QString MergedDocument::exportRefused()
{
    return trMerged("Dumps merged export to pprof (each sample labelled with its dump), speedscope (a profile per "
                    "dump) or folded stacks (the dump as each stack's root frame). DHAT and Chrome's trace describe "
                    "one process over its run, and the dumps share no clock.");
}

QString MergedDocument::title() const
{
    const std::vector<DumpState> dumps = dumpStates();
    if (instance_)
        return trMerged("%1, one of the dumps merged")
            .arg(QString::fromStdString(dumps.empty() ? std::string() : dumps.front().name));
    qsizetype merged = 0;
    for (const DumpState& dump : dumps)
        merged += dump.merged ? 1 : 0;
    const auto all = static_cast<qsizetype>(dumps.size());
    return merged == all ? trMerged("%1 dumps merged").arg(all) : trMerged("%1 of %2 dumps merged").arg(merged).arg(all);
}

QString MergedDocument::warning() const
{
    QStringList problems;
    for (const DumpState& dump : dumpStates()) {
        const QString name = QString::fromStdString(dump.name);
        if (!dump.merged)
            problems << trMerged("%1 could not be read and is left out (%2)")
                            .arg(name, QString::fromStdString(describeStatus(dump.status)));
        else if (dump.status.end == DecodeEnd::Truncated)
            problems << trMerged("%1 is cut short (%2)").arg(name, QString::fromStdString(describeStatus(dump.status)));
    }
    return problems.join(QStringLiteral("; "));
}

QString MergedDocument::whyNoRange() const
{
    return trMerged("No range of a run is counted in dumps merged: each dump is a run of its own, with no common "
                    "clock.");
}

std::unique_ptr<services::ProfileLoadJob> MergedDocument::readAgain() const
{
    return mergedLoadJob(paths_);
}

std::unique_ptr<services::ProfileLoadJob> MergedDocument::countRange(RunRange) const
{
    return std::make_unique<services::ProfileLoadJob>(
        path(),
        [self = std::static_pointer_cast<const MergedDocument>(shared_from_this())](
            const QString&, DecodeControl&, const services::PartialReports&) {
            return self->refused(self->whyNoRange(), DecodeEnd::Failed);
        });
}

} // namespace memprof::app
