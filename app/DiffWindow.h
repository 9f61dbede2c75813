// SPDX-License-Identifier: GPL-3.0-or-later
// Two dumps compared: NEW - BASE per location name in the allocation,
// reallocation and free tables and in the held-at-the-end pane, both
// summaries and their changes in the header, the source of the selected
// location as NEW has it; the by-function tree of both, NEW - BASE per
// node. A window of its own (not a mode of MainWindow): a comparison has no
// single profile, and the main window's panes (Overrides, charts) are about
// one run. Both dumps load off the
// GUI thread with progress and Cancel.
#pragma once

#include "model/compare/ProfileDiff.h"
#include "model/qt/DiffTableModel.h"
#include "model/qt/FunctionTreeDiffModel.h"
#include "model/services/ProfileLoadJob.h"

#include <QMainWindow>
#include <QPointer>

#include <array>
#include <memory>

class QAction;
class QLabel;
class QStackedWidget;
class QTabWidget;

namespace memprof::views {
class CostTableView;
class DiffSummaryHeader;
class FilterField;
class FunctionTreeView;
class LoadingPage;
class MessageBar;
class SourcePane;
}

namespace memprof::app {

class DiffWindow : public QMainWindow {
    Q_OBJECT
public:
    using Table = qt::DiffTableModel::Table;

    // `opener`: the window the comparison was started from, which shows
    // the message if a dump cannot be read (this window closes then).
    explicit DiffWindow(QWidget* opener = nullptr);
    ~DiffWindow() override;

    // Loads both dumps, then shows NEW - BASE.
    void compare(const QString& basePath, const QString& newPath);
    // BASE is loaded already (the window this comparison was started from).
    void compareWith(qt::ProfilePtr base, const QString& basePath, const QString& newPath);
    void cancelLoad();

    bool isLoading() const;
    bool hasDiff() const { return diff_ != nullptr; }
    const ProfileDiff* diff() const { return diff_.get(); }
    const Profile* currentProfile() const { return profiles_[1].get(); }

    views::CostTableView* table(Table table) const { return tables_[static_cast<std::size_t>(table)]; }
    // The "By function" tab: the tree of both dumps, NEW - BASE per node.
    views::FunctionTreeView* functionTree() const { return functionTree_; }
    views::SourcePane* sourcePane() const { return sourcePane_; }
    views::FilterField* filterField() const { return filter_; }
    views::DiffSummaryHeader* summaryHeader() const { return summary_; }
    views::LoadingPage* loadingPage() const { return loadingPage_; }
    views::MessageBar* messageBar() const { return messageBar_; }
    QTabWidget* mainTabs() const { return tabs_; }
    QWidget* currentPage() const;
    QWidget* comparisonPage() const { return comparisonPage_; }

    // The table Export CSV acts on: the one used last (the tree included).
    views::CostTableView* activeTable() const { return activeTable_; }
    // Writes the active table as shown; false with `error` set on failure.
    bool exportCsv(const QString& path, QString* error = nullptr);

    // Selects a location of NEW in every table and the tree, and shows its source.
    void selectLocation(memprof::LocationId location);

signals:
    // Both loads ended; `shown` is true when the comparison is on screen.
    void loadFinished(bool shown);

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    QWidget* createComparisonPage();
    void createMenus();
    void startLoad(int side, const QString& path);
    void onLoaded(int side, qt::ProfilePtr profile);
    void showComparison();
    void fail(const QString& path, const QString& message);
    void setHumanReadable(bool humanReadable);
    void showRowStatus(views::CostTableView* table);
    void showTreeNodeStatus();
    void chooseAndExport();

    QPointer<QWidget> opener_;
    // Index 0: BASE, 1: NEW.
    std::array<QString, 2> paths_;
    std::array<qt::ProfilePtr, 2> profiles_;
    std::array<std::unique_ptr<qt::ProfileLoadJob>, 2> jobs_;
    std::array<quint64, 2> bytesRead_{};
    std::array<quint64, 2> totalBytes_{};
    std::shared_ptr<const ProfileDiff> diff_;

    std::array<qt::DiffTableModel*, 4> models_{};
    std::array<views::CostTableView*, 4> tables_{};
    qt::FunctionTreeDiffModel* treeModel_ = nullptr;
    views::FunctionTreeView* functionTree_ = nullptr;
    QStackedWidget* pages_ = nullptr;
    views::LoadingPage* loadingPage_ = nullptr;
    QWidget* comparisonPage_ = nullptr;
    views::MessageBar* messageBar_ = nullptr;
    views::DiffSummaryHeader* summary_ = nullptr;
    views::FilterField* filter_ = nullptr;
    QTabWidget* tabs_ = nullptr;
    views::SourcePane* sourcePane_ = nullptr;
    views::CostTableView* activeTable_ = nullptr;
    QAction* exportAction_ = nullptr;
    QAction* humanReadableAction_ = nullptr;
};

} // namespace memprof::app
