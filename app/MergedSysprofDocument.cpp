// SPDX-License-Identifier: GPL-3.0-or-later
#include "MergedSysprofDocument.h"

#include "ComparisonWindow.h"
#include "SysprofDiffWindow.h"
#include "SysprofDocument.h"
#include "model/export/ExportFormat.h"
#include "model/export/ProfileExportFile.h"
#include "model/export/SysprofExport.h"
#include "model/merge/MergeLoad.h"
#include "model/report/DemangledNames.h"
#include "model/services/FunctionNames.h"
#include "views/RangeCounter.h"
#include "views/SysprofPage.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>

namespace memprof::app {

namespace {
QString trCpuMerge(const char* text)
{
    return QCoreApplication::translate("MergedSysprofDocument", text);
}

// A merge refused before any dump is decoded, with why.
services::DocumentPtr refusedCpuMerge(const QStringList& paths, const std::vector<std::string>& names, const QString& why,
                                   DecodeEnd end = DecodeEnd::Failed)
{
    auto profile = std::make_shared<SysprofProfile>();
    profile->status.end = end;
    profile->status.error.message = why.toStdString();
    return std::make_shared<MergedSysprofDocument>(paths, names, profile, std::make_shared<SysprofBreakdown>(),
                                                   profile, std::nullopt);
}
} // namespace

MergedSysprofDocument::MergedSysprofDocument(QStringList paths, std::vector<std::string> names,
                                             services::SysprofPtr profile, SysprofBreakdownPtr breakdown,
                                             services::SysprofPtr whole, std::optional<InstanceId> instance)
    : MergedDocument(std::move(paths), std::move(names), instance),
      profile_(std::move(profile)),
      breakdown_(std::move(breakdown)),
      whole_(std::move(whole))
{}

services::DocumentPtr MergedSysprofDocument::refused(const QString& why, DecodeEnd end) const
{
    return refusedCpuMerge(paths(), names(), why, end);
}

services::DocumentPtr MergedSysprofDocument::read(const QStringList& paths, DecodeControl& control)
{
    return readMerge(
        paths, DumpKind::Sysprof, control,
        [&control](const std::vector<std::string>& files, const std::vector<std::string>& names,
                   const DumpReadCallback& onRead) {
            return loadMergedSysprof(files, names, viewerSysprofOptions(), control, mergeWorkers(), onRead);
        },
        [](const QStringList& paths, const std::vector<std::string>& names, MergedSysprof&& merged) {
            auto profile = std::make_shared<const SysprofProfile>(std::move(merged.profile));
            return std::make_shared<MergedSysprofDocument>(
                paths, names, profile, std::make_shared<const SysprofBreakdown>(std::move(merged.breakdown)),
                profile, std::nullopt);
        },
        &refusedCpuMerge);
}

std::unique_ptr<services::ProfileLoadJob> MergedSysprofDocument::readInstance(InstanceId instance) const
{
    const auto index = static_cast<qsizetype>(instance);
    return std::make_unique<services::ProfileLoadJob>(
        paths().value(index), [paths = paths(), name = names()[instance], whole = whole_, instance](
                                  const QString& path, DecodeControl& control, const services::PartialReports&) {
            // The merge of this dump alone: its frames named as the merge
            // names them (no load address), so its rows read like the merge's.
            SysprofLoadOptions options = viewerSysprofOptions();
            options.bottomUpTrees = false;
            SysprofMerge merge({name}, options.views);
            merge.add(0, loadSysprof(QFile::encodeName(path).toStdString(), control, options));
            merge.finish();
            auto profile = std::make_shared<SysprofProfile>(merge.takeProfile());
            if (profile->status.end != DecodeEnd::Failed && profile->status.end != DecodeEnd::Cancelled)
                addBottomUpTrees(*profile, profile->builtViews);
            return std::make_shared<MergedSysprofDocument>(
                paths, std::vector<std::string>{}, profile,
                std::make_shared<const SysprofBreakdown>(merge.takeBreakdown()), whole, instance);
        });
}

QString MergedSysprofDocument::countText() const
{
    return trCpuMerge("%L1 samples").arg(profile_->sampleCount);
}

QString MergedSysprofDocument::emptyMessage() const
{
    return profile_->sampleCount == 0 ? trCpuMerge("These profiles have no samples: the profilers stopped before their first "
                                           "tick.")
                                      : QString();
}

QString MergedSysprofDocument::writeExport(ExportFormat format, const QString& outPath,
                                           const services::ExportSettings& settings, DecodeControl& control,
                                           qint64* bytes) const
{
    if (!exportsMerged(format))
        return exportRefused();
    // C++ symbols demangled as the viewer shows them.
    SysprofProfile profile = *profile_;
    demangleFrameNames(profile);
    const FunctionNameTable names = services::readFunctionNames(
        services::luaFunctionsOf(profile), QFileInfo(path()).absolutePath(), settings.sourceFolders, control);
    if (control.stop && control.stop->load(std::memory_order_relaxed))
        return trCpuMerge("The export was cancelled.");
    QString error;
    if (!writeExportFile(
            outPath,
            [&](std::ostream& out) {
                writeMergedSysprofExport(out, profile, *breakdown_, format, {settings.samplingIntervalMs, &names});
            },
            &error, bytes))
        return error;
    return {};
}

QWidget* MergedSysprofDocument::makePage(const services::PageHooks& hooks, QWidget* parent) const
{
    return SysprofDocument::makeSysprofPage(hooks, parent);
}

bool MergedSysprofDocument::showOn(QWidget* widget, const ProfileDocument* previous) const
{
    auto* page = static_cast<views::SysprofPage*>(widget);
    // One dump of the merge the page shows, or the merge again: the page
    // keeps the merge.
    if (page->isMerged() && page->wholeRunProfile() == whole_) {
        page->showInstanceCounts(profile_, breakdown_, instance());
        return true;
    }
    const auto* before = dynamic_cast<const MergedSysprofDocument*>(previous);
    const bool reloaded = before && before->paths() == paths();
    page->rangeCounter()->setDocument(shared_from_this());
    page->setProfile(profile_, path(), reloaded);
    page->showMerged(
        breakdown_, title(),
        [self = std::static_pointer_cast<const MergedSysprofDocument>(shared_from_this())](InstanceId instance) {
            return self->readInstance(instance);
        },
        warning());
    return reloaded;
}

services::DocumentPtr MergedSysprofDocument::shownOn(const QWidget* widget) const
{
    const auto* page = static_cast<const views::SysprofPage*>(widget);
    return std::make_shared<MergedSysprofDocument>(paths(), names(), page->profile(), page->shownBreakdown(), whole_,
                                                   page->shownInstance());
}

void MergedSysprofDocument::setSourceFolders(QWidget* page, const QStringList& folders) const
{
    static_cast<views::SysprofPage*>(page)->setSourceFolders(folders);
}

QMainWindow* MergedSysprofDocument::compareWith(const QStringList& newPaths, QWidget* opener) const
{
    return ComparisonWindow::open<SysprofDiffWindow>(shared_from_this(), newPaths, opener);
}

} // namespace memprof::app
