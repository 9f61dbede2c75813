// SPDX-License-Identifier: GPL-3.0-or-later
#include "MemprofDocument.h"

#include "DiffWindow.h"
#include "WindowPlacement.h"
#include "model/export/ProfileExportFile.h"
#include "model/memprofile/ProfileLoader.h"
#include "model/services/FunctionNames.h"
#include "model/services/ProfileLoadJob.h"
#include "model/services/WindowCount.h"
#include "views/ProfilePage.h"
#include "views/RangeCounter.h"
#include "views/ViewState.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>

namespace memprof::app {

MemprofDocument::MemprofDocument(QString path, services::ProfilePtr profile, services::ProfilePtr whole,
                                 std::shared_ptr<services::WindowIndexSlot> indexSlot, RunRange range)
    : ProfileDocument(std::move(path)),
      profile_(std::move(profile)),
      whole_(std::move(whole)),
      indexSlot_(std::move(indexSlot)),
      range_(range)
{}

namespace {
services::DocumentPtr wholeRunDocument(const QString& path, Profile&& counted)
{
    auto profile = std::make_shared<const Profile>(std::move(counted));
    return std::make_shared<MemprofDocument>(path, profile, profile, std::make_shared<services::WindowIndexSlot>(),
                                             RunRange{});
}
} // namespace

services::DocumentPtr MemprofDocument::read(const QString& path, DecodeControl& control,
                                            const services::PartialReports& partial)
{
    const std::string file = QFile::encodeName(path).toStdString();
    if (!partial.report)
        return wholeRunDocument(path, loadProfile(file, control));
    // Each snapshot is a document of its own: the page shows it as a reload
    // of the one before (the same locations, more counted).
    ProfileSnapshots snapshots;
    snapshots.interval = partial.interval;
    snapshots.deliver = [&](Profile&& soFar) { partial.report(wholeRunDocument(path, std::move(soFar))); };
    return wholeRunDocument(path, loadProfile(file, control, snapshots));
}

services::DocumentPtr MemprofDocument::broken(const QString& path, const DecodeStatus& status)
{
    Profile profile;
    profile.status = status;
    return wholeRunDocument(path, std::move(profile));
}

QString MemprofDocument::countText() const
{
    return QCoreApplication::translate("MemprofDocument", "%L1 events").arg(profile_->totals.eventCount);
}

QString MemprofDocument::emptyMessage() const
{
    return profile_->totals.eventCount == 0
               ? QCoreApplication::translate("MemprofDocument",
                                             "This profile has no events: nothing was allocated while it ran.")
               : QString();
}

std::unique_ptr<services::ProfileLoadJob> MemprofDocument::countRange(RunRange range) const
{
    return std::make_unique<services::ProfileLoadJob>(
        path(), [whole = whole_, slot = indexSlot_, range](const QString& path, DecodeControl& control,
                                                             const services::PartialReports&) {
            auto counted = std::make_shared<const Profile>(
                services::countWindow(QFile::encodeName(path).toStdString(), range, whole, slot, control));
            return std::make_shared<MemprofDocument>(path, counted, whole, slot, range);
        });
}

QString MemprofDocument::writeExport(ExportFormat format, const QString& outPath, const services::ExportSettings& settings,
                                     DecodeControl& control, qint64* bytes) const
{
    // The counts are in memory: nothing is read again, but for DHAT's
    // block lifetimes (profileExportBytes), which `control` can stop, and
    // the sources, for the functions' names.
    const FunctionNameTable names = services::readFunctionNames(
        services::luaFunctionsOf(*profile_), QFileInfo(path()).absolutePath(), settings.sourceFolders, control);
    if (control.stop && control.stop->load(std::memory_order_relaxed))
        return QCoreApplication::translate("MemprofDocument", "The export was cancelled.");
    QString error;
    const std::optional<std::string> written =
        profileExportBytes(QFile::encodeName(path()).toStdString(), *profile_, format, &error, control, &names);
    if (!written || !writeExportFile(outPath, *written, &error))
        return error;
    *bytes = static_cast<qint64>(written->size());
    return {};
}

views::ProfilePage* MemprofDocument::makeProfilePage(const services::PageHooks& hooks, QWidget* parent)
{
    auto* page = new views::ProfilePage(parent);
    page->setSourceFolders(hooks.sourceFolders);
    QObject::connect(page, &views::ProfilePage::statusMessage, page, hooks.statusMessage);
    QObject::connect(page, &views::ProfilePage::addSourceFolderRequested, page, hooks.addSourceFolderRequested);
    return page;
}

QWidget* MemprofDocument::makePage(const services::PageHooks& hooks, QWidget* parent) const
{
    return makeProfilePage(hooks, parent);
}

bool MemprofDocument::showOn(QWidget* widget, const ProfileDocument* previous) const
{
    auto* page = static_cast<views::ProfilePage*>(widget);
    // A window of the run the page shows, counted by the page's document:
    // the page keeps the whole run, its sort orders and its selection.
    if (!range_.isWholeRun() && page->wholeRunProfile() == whole_.get()) {
        page->showWindowCounts(profile_);
        return true;
    }
    const auto* before = dynamic_cast<const MemprofDocument*>(previous);
    // A reload keeps the user's sort orders and the selection, by name:
    // ids may differ if the dump changed. A new dump starts from the
    // costliest rows.
    const bool reloaded = before && before->path() == path();
    const std::optional<LocationId> selected = page->viewState()->selectedLocation();
    const std::string selectedName = reloaded && selected ? before->profile_->nameOf(*selected) : std::string();
    // The page counts its windows through this document (with its index):
    // given before the profile, as a reload counts its window again at once.
    page->rangeCounter()->setDocument(shared_from_this());
    page->setProfile(profile_, path(), reloaded, indexSlot_);
    if (!selectedName.empty()) {
        for (LocationId id = 0; id < profile_->locations.size(); ++id) {
            if (profile_->nameOf(id) == selectedName) {
                page->viewState()->selectLocation(id);
                break;
            }
        }
    }
    return reloaded;
}

services::DocumentPtr MemprofDocument::shownOn(const QWidget* widget) const
{
    const auto* page = static_cast<const views::ProfilePage*>(widget);
    return std::make_shared<MemprofDocument>(path(), page->sharedProfile(), whole_, indexSlot_,
                                             page->viewState()->range());
}

void MemprofDocument::setSourceFolders(QWidget* page, const QStringList& folders) const
{
    static_cast<views::ProfilePage*>(page)->setSourceFolders(folders);
}

QMainWindow* MemprofDocument::compareWith(const QStringList& newPaths, QWidget* opener) const
{
    return ComparisonWindow::open<DiffWindow>(shared_from_this(), newPaths, opener);
}

} // namespace memprof::app
