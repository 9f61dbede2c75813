// SPDX-License-Identifier: GPL-3.0-or-later
#include "MergedMemprofDocument.h"

#include "MemprofDocument.h"
#include "model/dump/DumpKind.h"
#include "model/export/ExportFormat.h"
#include "model/export/ProfileExportFile.h"
#include "model/memprofile/ProfileLoader.h"
#include "model/merge/InstanceNames.h"
#include "model/merge/MergeLoad.h"
#include "model/services/FunctionNames.h"
#include "views/ProfilePage.h"
#include "views/RangeCounter.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QMessageBox>

namespace memprof::app {

namespace {
QString tr(const char* text)
{
    return QCoreApplication::translate("MergedMemprofDocument", text);
}

// The dumps' names (instanceNames): those called by their paths, when two
// share a file name, are called from the folder all the dumps are in
// ("node1/heap.bin", not the whole absolute path the window reads).
std::vector<std::string> namesOf(const std::vector<std::string>& files)
{
    std::vector<std::string> names = instanceNames(files);
    std::string common = files.front().substr(0, files.front().rfind('/') + 1);
    for (const std::string& file : files)
        while (!common.empty() && file.compare(0, common.size(), common) != 0)
            common.erase(common.size() < 2 ? 0 : common.rfind('/', common.size() - 2) + 1);
    for (std::string& name : names)
        if (!common.empty() && name.compare(0, common.size(), common) == 0)
            name.erase(0, common.size());
    return names;
}

// A merge refused before any dump is decoded, with why.
services::DocumentPtr refused(const QStringList& paths, const std::vector<std::string>& names, const QString& why,
                              DecodeEnd end = DecodeEnd::Failed)
{
    auto profile = std::make_shared<Profile>();
    profile->status.end = end;
    profile->status.error.message = why.toStdString();
    return std::make_shared<MergedMemprofDocument>(paths, names, profile, std::make_shared<MemprofBreakdown>(), profile,
                                                   std::nullopt);
}

// The dumps not of memory profiles: none, or why they cannot be merged.
QString otherKinds(const QStringList& paths, const std::vector<std::string>& files, const DecodeControl& control,
                   bool* cancelled)
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
    if (!sysprof)
        return {};
    if (memprof)
        return tr("%1 is a CPU profile (sysprof) and %2 a memory profile (memprof): only dumps of one kind "
                  "open as one profile.")
            .arg(paths[*sysprof], paths[*memprof]);
    return tr("%1 is a CPU profile (sysprof): the viewer opens memory profiles (memprof) as one profile; "
              "memprof-report --merge reports CPU profiles merged.")
        .arg(paths[*sysprof]);
}
} // namespace

MergedMemprofDocument::MergedMemprofDocument(QStringList paths, std::vector<std::string> names,
                                             services::ProfilePtr profile, BreakdownPtr breakdown,
                                             services::ProfilePtr whole, std::optional<InstanceId> instance)
    : ProfileDocument(paths.value(instance ? static_cast<qsizetype>(*instance) : 0)),
      paths_(std::move(paths)),
      names_(std::move(names)),
      profile_(std::move(profile)),
      breakdown_(std::move(breakdown)),
      whole_(std::move(whole)),
      instance_(instance)
{}

services::DocumentPtr MergedMemprofDocument::read(const QStringList& paths, DecodeControl& control)
{
    std::vector<std::string> files;
    for (const QString& path : paths)
        files.push_back(QFile::encodeName(path).toStdString());
    const std::vector<std::string> names = namesOf(files);
    bool cancelled = false;
    if (const QString why = otherKinds(paths, files, control, &cancelled); !why.isEmpty() || cancelled)
        return refused(paths, names, why, cancelled ? DecodeEnd::Cancelled : DecodeEnd::Failed);

    // Decoded side by side, each folded in as soon as read, and dropped;
    // the progress counts the dumps read.
    const auto count = static_cast<std::uint64_t>(files.size());
    MergedMemprof merged =
        loadMergedMemprof(files, names, control, mergeWorkers(), [&](std::size_t dump, const DecodeStatus&) {
            if (control.progress)
                control.progress(dump + 1, count);
        });
    if (merged.profile.status.end == DecodeEnd::Cancelled)
        return refused(paths, names, {}, DecodeEnd::Cancelled);
    auto profile = std::make_shared<Profile>(std::move(merged.profile));
    auto breakdown = std::make_shared<const MemprofBreakdown>(std::move(merged.breakdown));
    // None read: the first one's reason, named.
    if (profile->status.end == DecodeEnd::Failed && !breakdown->instances.empty())
        profile->status.error.message = breakdown->instances.front().name + ": " + profile->status.error.message;
    return std::make_shared<MergedMemprofDocument>(paths, names, profile, breakdown, profile, std::nullopt);
}

std::unique_ptr<services::ProfileLoadJob> MergedMemprofDocument::loadJob(const QStringList& paths)
{
    return std::make_unique<services::ProfileLoadJob>(
        paths.value(0), [paths](const QString&, DecodeControl& control, const services::PartialReports&) {
            return read(paths, control);
        });
}

std::unique_ptr<services::ProfileLoadJob> MergedMemprofDocument::readInstance(InstanceId instance) const
{
    const auto index = static_cast<qsizetype>(instance);
    return std::make_unique<services::ProfileLoadJob>(
        paths_.value(index), [paths = paths_, name = names_[instance], whole = whole_, instance](
                                 const QString& path, DecodeControl& control, const services::PartialReports&) {
            // The merge of this dump alone: its names and aliases as the
            // merge gives them (no load address), so its rows read like
            // the merge's.
            MemprofMerge merge({name});
            merge.add(0, loadProfile(QFile::encodeName(path).toStdString(), control));
            auto profile = std::make_shared<const Profile>(merge.takeProfile());
            return std::make_shared<MergedMemprofDocument>(
                paths, std::vector<std::string>{}, profile,
                std::make_shared<const MemprofBreakdown>(merge.takeBreakdown()), whole, instance);
        });
}

QString MergedMemprofDocument::title() const
{
    if (instance_)
        return tr("%1, one of the dumps merged").arg(QString::fromStdString(breakdown_->instances.empty()
                                                                               ? std::string()
                                                                               : breakdown_->instances.front().name));
    qsizetype merged = 0;
    for (const MergedInstance& instance : breakdown_->instances)
        merged += instance.merged ? 1 : 0;
    const auto all = static_cast<qsizetype>(breakdown_->instances.size());
    return merged == all ? tr("%1 dumps merged").arg(all) : tr("%1 of %2 dumps merged").arg(merged).arg(all);
}

QString MergedMemprofDocument::warning() const
{
    QStringList problems;
    for (const MergedInstance& instance : breakdown_->instances) {
        const QString name = QString::fromStdString(instance.name);
        if (!instance.merged)
            problems << tr("%1 could not be read and is left out (%2)")
                            .arg(name, QString::fromStdString(describeStatus(instance.status)));
        else if (instance.status.end == DecodeEnd::Truncated)
            problems << tr("%1 is cut short (%2)").arg(name, QString::fromStdString(describeStatus(instance.status)));
    }
    return problems.join(QStringLiteral("; "));
}

QString MergedMemprofDocument::countText() const
{
    return tr("%L1 events").arg(profile_->totals.eventCount);
}

QString MergedMemprofDocument::emptyMessage() const
{
    return profile_->totals.eventCount == 0 ? tr("These profiles have no events: nothing was allocated while they ran.")
                                            : QString();
}

std::unique_ptr<services::ProfileLoadJob> MergedMemprofDocument::countRange(RunRange) const
{
    return std::make_unique<services::ProfileLoadJob>(
        path(), [paths = paths_, names = names_](const QString&, DecodeControl&, const services::PartialReports&) {
            return refused(paths, names,
                           tr("A range of a run cannot be counted in dumps merged: each dump's events are its own "
                              "run, with no common clock."));
        });
}

QString MergedMemprofDocument::writeExport(ExportFormat format, const QString& outPath,
                                           const services::ExportSettings& settings, DecodeControl& control,
                                           qint64* bytes) const
{
    if (!exportsMerged(format))
        return tr("Dumps merged export to pprof (each sample labelled with its dump), speedscope (a profile per "
                  "dump) or folded stacks (the dump as each stack's root frame). DHAT describes one process's heap "
                  "over its run, and the dumps share no clock.");
    const FunctionNameTable names = services::readFunctionNames(
        services::luaFunctionsOf(*profile_), QFileInfo(path()).absolutePath(), settings.sourceFolders, control);
    if (control.stop && control.stop->load(std::memory_order_relaxed))
        return tr("The export was cancelled.");
    const std::string written = mergedExportBytes(*profile_, *breakdown_, format, &names);
    QString error;
    if (!writeExportFile(outPath, written, &error))
        return error;
    *bytes = static_cast<qint64>(written.size());
    return {};
}

QWidget* MergedMemprofDocument::makePage(const services::PageHooks& hooks, QWidget* parent) const
{
    return MemprofDocument::makeProfilePage(hooks, parent);
}

bool MergedMemprofDocument::showOn(QWidget* widget, const ProfileDocument* previous) const
{
    auto* page = static_cast<views::ProfilePage*>(widget);
    // One dump of the merge the page shows, or the merge again: the page
    // keeps the merge.
    if (page->isMerged() && page->wholeRunProfile() == whole_.get()) {
        page->showInstanceCounts(profile_, breakdown_, instance_);
        return true;
    }
    const auto* before = dynamic_cast<const MergedMemprofDocument*>(previous);
    const bool reloaded = before && before->paths_ == paths_;
    page->rangeCounter()->setDocument(shared_from_this());
    page->setProfile(profile_, path(), reloaded, std::make_shared<services::WindowIndexSlot>());
    page->showMerged(
        breakdown_, title(),
        [self = std::static_pointer_cast<const MergedMemprofDocument>(shared_from_this())](InstanceId instance) {
            return self->readInstance(instance);
        },
        warning());
    return reloaded;
}

services::DocumentPtr MergedMemprofDocument::shownOn(const QWidget* widget) const
{
    const auto* page = static_cast<const views::ProfilePage*>(widget);
    // The merge, or the one dump shown alone (a merge of that one).
    return std::make_shared<MergedMemprofDocument>(paths_, names_, page->sharedProfile(), page->shownBreakdown(),
                                                   whole_, page->shownInstance());
}

void MergedMemprofDocument::setSourceFolders(QWidget* page, const QStringList& folders) const
{
    static_cast<views::ProfilePage*>(page)->setSourceFolders(folders);
}

QString MergedMemprofDocument::whyNotCompared() const
{
    // The comparison reads both sides as one dump each (its windows are
    // counted in BASE's run, which a merge has not).
    return tr("Dumps merged are not compared in the viewer: compare two dumps, or the reports of "
              "memprof-report --merge on each set.");
}

QMainWindow* MergedMemprofDocument::compareWith(const QString&, QWidget* opener) const
{
    QMessageBox::information(opener, tr("Compare With"), whyNotCompared());
    return nullptr;
}

} // namespace memprof::app
