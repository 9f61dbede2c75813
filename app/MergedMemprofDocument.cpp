// SPDX-License-Identifier: GPL-3.0-or-later
#include "MergedMemprofDocument.h"

#include "DiffWindow.h"
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

namespace memprof::app {

namespace {
QString tr(const char* text)
{
    return QCoreApplication::translate("MergedMemprofDocument", text);
}

// A merge refused before any dump is decoded, with why.
services::DocumentPtr refusedMerge(const QStringList& paths, const std::vector<std::string>& names, const QString& why,
                              DecodeEnd end = DecodeEnd::Failed)
{
    auto profile = std::make_shared<Profile>();
    profile->status.end = end;
    profile->status.error.message = why.toStdString();
    return std::make_shared<MergedMemprofDocument>(paths, names, profile, std::make_shared<MemprofBreakdown>(), profile,
                                                   std::nullopt);
}

} // namespace

MergedMemprofDocument::MergedMemprofDocument(QStringList paths, std::vector<std::string> names,
                                             services::ProfilePtr profile, BreakdownPtr breakdown,
                                             services::ProfilePtr whole, std::optional<InstanceId> instance)
    : MergedDocument(std::move(paths), std::move(names), instance),
      profile_(std::move(profile)),
      breakdown_(std::move(breakdown)),
      whole_(std::move(whole))
{}

services::DocumentPtr MergedMemprofDocument::refused(const QString& why, DecodeEnd end) const
{
    return refusedMerge(paths(), names(), why, end);
}

services::DocumentPtr MergedMemprofDocument::read(const QStringList& paths, DecodeControl& control)
{
    // Decoded side by side, each folded in as soon as read, and dropped.
    return readMerge(
        paths, DumpKind::Memprof, control,
        [&control](const std::vector<std::string>& files, const std::vector<std::string>& names,
                   const DumpReadCallback& onRead) {
            return loadMergedMemprof(files, names, control, mergeWorkers(), onRead);
        },
        [](const QStringList& paths, const std::vector<std::string>& names, MergedMemprof&& merged) {
            auto profile = std::make_shared<const Profile>(std::move(merged.profile));
            return std::make_shared<MergedMemprofDocument>(
                paths, names, profile, std::make_shared<const MemprofBreakdown>(std::move(merged.breakdown)), profile,
                std::nullopt);
        },
        &refusedMerge);
}

std::unique_ptr<services::ProfileLoadJob> MergedMemprofDocument::readInstance(InstanceId instance) const
{
    const auto index = static_cast<qsizetype>(instance);
    return std::make_unique<services::ProfileLoadJob>(
        paths().value(index), [paths = paths(), name = names()[instance], whole = whole_, instance](
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

QString MergedMemprofDocument::countText() const
{
    return tr("%L1 events").arg(profile_->totals.eventCount);
}

QString MergedMemprofDocument::emptyMessage() const
{
    return profile_->totals.eventCount == 0 ? tr("These profiles have no events: nothing was allocated while they ran.")
                                            : QString();
}

QString MergedMemprofDocument::writeExport(ExportFormat format, const QString& outPath,
                                           const services::ExportSettings& settings, DecodeControl& control,
                                           qint64* bytes) const
{
    if (!exportsMerged(format))
        return exportRefused();
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
        page->showInstanceCounts(profile_, breakdown_, instance());
        return true;
    }
    const auto* before = dynamic_cast<const MergedMemprofDocument*>(previous);
    const bool reloaded = before && before->paths() == paths();
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
    return std::make_shared<MergedMemprofDocument>(paths(), names(), page->sharedProfile(), page->shownBreakdown(),
                                                   whole_, page->shownInstance());
}

void MergedMemprofDocument::setSourceFolders(QWidget* page, const QStringList& folders) const
{
    static_cast<views::ProfilePage*>(page)->setSourceFolders(folders);
}

QMainWindow* MergedMemprofDocument::compareWith(const QStringList& newPaths, QWidget* opener) const
{
    return ComparisonWindow::open<DiffWindow>(shared_from_this(), newPaths, opener);
}

} // namespace memprof::app
