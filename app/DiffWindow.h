// SPDX-License-Identifier: GPL-3.0-or-later
// Two dumps compared, NEW - BASE: the menus, the page stack (the loading
// page, the comparison page) and the two-dump load. A window of its own
// (not a mode of MainWindow): a comparison has no single profile, and the
// main window's panes (Overrides, charts) are about one run. Both dumps load
// off the GUI thread with one progress and Cancel.
#pragma once

#include "model/compare/ProfileDiff.h"
#include "model/services/ProfilePairLoadJob.h"
#include "views/ComparisonPage.h"

#include <QMainWindow>
#include <QPointer>
#include <QStackedWidget>

#include <memory>

namespace memprof::views {
class LoadingPage;
}

namespace memprof::app {

class DiffWindow : public QMainWindow {
    Q_OBJECT
public:
    // `opener`: the window the comparison was started from, which shows
    // the message if a dump cannot be read (this window closes then).
    explicit DiffWindow(QWidget* opener = nullptr);
    ~DiffWindow() override;

    // Loads both dumps, then shows NEW - BASE.
    void compare(const QString& basePath, const QString& newPath);
    // BASE is loaded already (the window this comparison was started from).
    void compareWith(services::ProfilePtr base, const QString& basePath, const QString& newPath);
    void cancelLoad();

    bool isLoading() const;
    bool hasDiff() const { return page_->diff() != nullptr; }
    const ProfileDiff* diff() const { return page_->diff(); }
    const Profile* currentProfile() const { return page_->currentProfile(); }
    // The page in front: the loading or comparison page.
    QWidget* currentPage() const { return pages_->currentWidget(); }

    // The table Export CSV acts on: the one used last (the tree included).
    views::CostTableView* activeTable() const { return page_->activeTable(); }
    // Writes the active table as shown; false with `error` set on failure.
    bool exportCsv(const QString& path, QString* error = nullptr);

    // Selects a location of NEW in every table and the tree, and shows its source.
    void selectLocation(memprof::LocationId location) { page_->selectLocation(location); }

signals:
    // Both loads ended; `shown` is true when the comparison is on screen.
    void loadFinished(bool shown);

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    void createMenus();
    void onLoaded(services::ProfilePtr base, services::ProfilePtr current);
    void onStopped(const QString& path, services::ProfilePtr profile);
    void fail(const QString& path, const QString& message);
    void chooseAndExport();

    QPointer<QWidget> opener_;
    QString basePath_;
    QString newPath_;
    std::unique_ptr<services::ProfilePairLoadJob> job_;
    QStackedWidget* pages_ = nullptr;
    views::LoadingPage* loadingPage_ = nullptr;
    views::ComparisonPage* page_ = nullptr;
};

} // namespace memprof::app
