// SPDX-License-Identifier: GPL-3.0-or-later
#include "SysprofDocument.h"

#include "SysprofDiffWindow.h"
#include "WindowPlacement.h"
#include "model/export/ProfileExportFile.h"
#include "model/export/SysprofExport.h"
#include "model/memprofile/ProfileLoader.h"
#include "model/report/DemangledNames.h"
#include "model/services/FunctionNames.h"
#include "model/services/ProfileLoadJob.h"
#include "model/sysprofile/SysprofLoader.h"
#include "views/RangeCounter.h"
#include "views/SysprofPage.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>

namespace memprof::app {

namespace {

// `range` of the run whose whole profile is `whole` (none: the whole run read now).
services::DocumentPtr readRange(const QString& path, RunRange range, services::SysprofPtr whole, DecodeControl& control)
{
    auto profile = std::make_shared<const SysprofProfile>(
        loadSysprof(QFile::encodeName(path).toStdString(), control, viewerSysprofOptions(range)));
    if (!whole)
        whole = profile;
    return std::make_shared<SysprofDocument>(path, std::move(profile), std::move(whole), range);
}

services::DocumentPtr wholeRunDocument(const QString& path, SysprofProfile&& counted)
{
    auto profile = std::make_shared<const SysprofProfile>(std::move(counted));
    return std::make_shared<SysprofDocument>(path, profile, profile, RunRange{});
}

} // namespace

SysprofDocument::SysprofDocument(QString path, services::SysprofPtr profile, services::SysprofPtr whole, RunRange range)
    : ProfileDocument(std::move(path)), profile_(std::move(profile)), whole_(std::move(whole)), range_(range)
{}

services::DocumentPtr SysprofDocument::read(const QString& path, DecodeControl& control,
                                            const services::PartialReports& partial)
{
    if (!partial.report)
        return readRange(path, RunRange{}, nullptr, control);
    // Each snapshot is a document of its own, its bottom-up trees built on
    // the loader's thread: the page shows it as a reload of the one before.
    SysprofSnapshots snapshots;
    snapshots.interval = partial.interval;
    snapshots.deliver = [&](SysprofProfile&& soFar) { partial.report(wholeRunDocument(path, std::move(soFar))); };
    return wholeRunDocument(
        path, loadSysprof(QFile::encodeName(path).toStdString(), control, viewerSysprofOptions(), snapshots));
}

QString SysprofDocument::countText() const
{
    return QCoreApplication::translate("SysprofDocument", "%L1 samples").arg(profile_->runSampleCount);
}

QString SysprofDocument::emptyMessage() const
{
    return profile_->sampleCount == 0
               ? QCoreApplication::translate("SysprofDocument",
                                             "This profile has no samples: the profiler stopped before its first tick.")
               : QString();
}

std::unique_ptr<services::ProfileLoadJob> SysprofDocument::countRange(RunRange range) const
{
    return std::make_unique<services::ProfileLoadJob>(
        path(), [range, whole = whole_](const QString& path, DecodeControl& control, const services::PartialReports&) {
            return readRange(path, range, whole, control);
        });
}

QString SysprofDocument::writeExport(ExportFormat format, const QString& outPath,
                                     const services::ExportSettings& settings, DecodeControl& control,
                                     qint64* bytes) const
{
    // The export's one call tree and, for the formats in time order, the
    // samples' order, which the viewer's load does not keep: the dump is
    // read again, its C++ symbols demangled as the viewer shows them.
    SysprofLoadOptions options;
    options.range = range_;
    options.keepSampleOrder = needsSampleOrder(format);
    options.views = onlyStackView(exportedStackView(format));
    SysprofProfile profile = loadSysprof(QFile::encodeName(path()).toStdString(), control, options);
    if (profile.status.end == DecodeEnd::Cancelled)
        return QCoreApplication::translate("SysprofDocument", "The export was cancelled.");
    if (profile.status.end == DecodeEnd::Failed)
        return QString::fromStdString(describeStatus(profile.status));
    demangleFrameNames(profile);
    // The functions' names, from their sources.
    const FunctionNameTable names = services::readFunctionNames(
        services::luaFunctionsOf(profile), QFileInfo(path()).absolutePath(), settings.sourceFolders, control);
    if (control.stop && control.stop->load(std::memory_order_relaxed))
        return QCoreApplication::translate("SysprofDocument", "The export was cancelled.");
    QString error;
    if (!writeExportFile(
            outPath,
            [&](std::ostream& out) {
                writeSysprofExport(out, profile, format, {settings.samplingIntervalMs, &names});
            },
            &error, bytes))
        return error;
    return {};
}

QWidget* SysprofDocument::makePage(const services::PageHooks& hooks, QWidget* parent) const
{
    return makeSysprofPage(hooks, parent);
}

QWidget* SysprofDocument::makeSysprofPage(const services::PageHooks& hooks, QWidget* parent)
{
    auto* page = new views::SysprofPage(parent);
    page->setObjectName(QStringLiteral("sysprofPage"));
    page->setSourceFolders(hooks.sourceFolders);
    QObject::connect(page, &views::SysprofPage::statusMessage, page, hooks.statusMessage);
    QObject::connect(page, &views::SysprofPage::addSourceFolderRequested, page, hooks.addSourceFolderRequested);
    return page;
}

bool SysprofDocument::showOn(QWidget* widget, const ProfileDocument* previous) const
{
    auto* page = static_cast<views::SysprofPage*>(widget);
    // A range of the run the page shows, counted by the page's document:
    // the page keeps the whole run, the view and the selected function.
    if (!range_.isWholeRun() && page->wholeRunProfile() == whole_) {
        page->showRangeCounts(profile_, range_);
        return true;
    }
    // The counts so far of a dump still read come as reloads of the ones
    // before: the view, the selected function and the sort orders kept.
    const auto* before = dynamic_cast<const SysprofDocument*>(previous);
    const bool reloaded = before && before->path() == path() && before->status().end == DecodeEnd::Reading;
    // The page counts its ranges through this document.
    page->rangeCounter()->setDocument(shared_from_this());
    page->setProfile(profile_, path(), reloaded);
    return reloaded;
}

services::DocumentPtr SysprofDocument::shownOn(const QWidget* widget) const
{
    const auto* page = static_cast<const views::SysprofPage*>(widget);
    return std::make_shared<SysprofDocument>(path(), page->profile(), page->wholeRunProfile(), page->range());
}

void SysprofDocument::setSourceFolders(QWidget* page, const QStringList& folders) const
{
    static_cast<views::SysprofPage*>(page)->setSourceFolders(folders);
}

QMainWindow* SysprofDocument::compareWith(const QStringList& newPaths, QWidget* opener) const
{
    return ComparisonWindow::open<SysprofDiffWindow>(shared_from_this(), newPaths, opener);
}

} // namespace memprof::app
