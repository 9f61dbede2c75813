// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/services/ProfilePairLoadJob.h"

#include "model/services/LoadMessages.h"

namespace memprof::services {

namespace {

// The status of a dump of the other profiler than the pair's.
DecodeStatus otherProfiler(DecodeStatus status, DumpKind expected)
{
    status.end = DecodeEnd::Failed;
    status.error = {DecodeErrorKind::OtherProfiler, 0,
                    expected == DumpKind::Memprof
                        ? "sysprof samples ('ljp') follow the symbol table, not memprof events ('ljm')"
                        : "memprof events ('ljm') follow the symbol table, not sysprof samples ('ljp')"};
    return status;
}

} // namespace

ProfilePairLoadJob::ProfilePairLoadJob(DumpKind kind, DocumentPtr base, const std::array<QStringList, 2>& paths,
                                       const SideReader& read, QObject* parent)
    : PairJob(parent), kind_(kind), paths_{paths[Base].value(0), paths[New].value(0)}, documents_{std::move(base), nullptr}
{
    for (Side side : {Base, New})
        if (!documents_[side])
            reads_[side] = read(paths[side]);
    setBaseGiven(documents_[Base] != nullptr);
}

ProfilePairLoadJob::ProfilePairLoadJob(const std::array<DocumentPtr, 2>& documents,
                                       const std::array<RunRange, 2>& ranges, QObject* parent)
    : PairJob(parent), kind_(documents[Base]->kind()), paths_{documents[Base]->path(), documents[New]->path()}
{
    for (Side side : {Base, New}) {
        if (ranges[side].isWholeRun())
            documents_[side] = documents[side];
        else
            reads_[side] = documents[side]->countRange(ranges[side]);
    }
    setBaseGiven(documents_[Base] != nullptr);
}

ProfilePairLoadJob::~ProfilePairLoadJob() = default;

void ProfilePairLoadJob::start()
{
    for (Side side : {Base, New}) {
        if (!reads_[side])
            continue;
        auto* job = setSide(side, std::move(reads_[side]));
        connect(job, &ProfileLoadJob::finished, this,
                [this, side](DocumentPtr document) { onSideRead(side, document); });
        connect(job, &ProfileLoadJob::failed, this,
                [this, side](const QString& message) { onSideStopped(side, message); });
        connect(job, &ProfileLoadJob::cancelled, this, [this, side] { onSideStopped(side, {}); });
        job->start();
    }
}

void ProfilePairLoadJob::onSideRead(Side side, DocumentPtr document)
{
    if (document->kind() != kind_) {
        onSideStopped(side, describeFailure(otherProfiler(document->status(), kind_)));
        return;
    }
    if (!endSide(side))
        return;
    documents_[side] = std::move(document);
    if (documents_[Base] && documents_[New])
        emit loaded(documents_[Base], documents_[New]);
}

void ProfilePairLoadJob::onSideStopped(Side side, const QString& message)
{
    if (!endSide(side))
        return;
    stopSides();
    emit stopped(paths_[side], message);
}

} // namespace memprof::services
