// SPDX-License-Identifier: GPL-3.0-or-later
#include "PageActions.h"

#include "ViewerSettings.h"
#include "model/itemmodels/TableCsv.h"
#include "views/CostTableView.h"
#include "views/FunctionTreeView.h"
#include "views/ResultsPage.h"
#include "views/ViewState.h"

#include <QAction>
#include <QCoreApplication>
#include <QDir>
#include <QFileDialog>
#include <QMainWindow>
#include <QMenu>
#include <QMessageBox>
#include <QSortFilterProxyModel>
#include <QStatusBar>

namespace memprof::app {

namespace {
// The strings' translation context.
struct PageActions {
    Q_DECLARE_TR_FUNCTIONS(memprof::app::PageActions)
};
} // namespace

void showLoadError(QWidget* parent, const QString& title, const QString& path, const QString& message)
{
    auto* box =
        new QMessageBox(QMessageBox::Critical, title,
                        PageActions::tr("Cannot open %1").arg(QDir::toNativeSeparators(path)), QMessageBox::Ok, parent);
    box->setObjectName(QStringLiteral("loadErrorBox"));
    box->setInformativeText(message);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

void chooseSourceFolder(QWidget* window, views::ResultsPage* page, const QString& startFolder)
{
    const QString folder =
        QFileDialog::getExistingDirectory(window, PageActions::tr("Add a Source Folder"), startFolder);
    if (folder.isEmpty())
        return;
    addSourceFolder(folder);
    page->setSourceFolders(sourceFolders());
}

bool exportActiveTable(const views::ResultsPage* page, const QString& path, QString* error)
{
    const views::CostTableView* table = page->activeTable();
    if (!table) {
        if (error)
            *error = PageActions::tr("There is no table to export.");
        return false;
    }
    return itemmodels::writeCsvFile(path, table->toCsv(), error);
}

void chooseAndExportActiveTable(QMainWindow* window, const views::ResultsPage* page, const QString& titleFormat,
                                const QString& folder, const QString& fileStem)
{
    const views::CostTableView* table = page->activeTable();
    if (!table)
        return;
    const QString suggested = QDir(folder).filePath(QStringLiteral("%1-%2.csv").arg(fileStem, page->fileNameOf(table)));
    // A tree is written whole, collapsed nodes too (as profilers export
    // their call trees): the dialog and the status bar say so.
    const bool wholeTree = qobject_cast<const views::FunctionTreeView*>(table) != nullptr;
    QString title = titleFormat.arg(page->titleOf(table));
    if (wholeTree)
        title = PageActions::tr("%1 (the whole tree, collapsed nodes included)").arg(title);
    const QString path = QFileDialog::getSaveFileName(window, title, suggested, PageActions::tr("CSV files (*.csv)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!exportActiveTable(page, path, &error)) {
        QMessageBox::critical(window, PageActions::tr("Export Failed"),
                              PageActions::tr("Cannot write %1:\n%2").arg(path, error));
        return;
    }
    window->statusBar()->showMessage(
        wholeTree ? PageActions::tr("Wrote %1: the whole tree, collapsed nodes included (depth first, filtered and "
                                    "sorted as shown)")
                        .arg(path)
                  : PageActions::tr("Wrote %1 (%2 rows)").arg(path).arg(table->proxyModel()->rowCount()),
        5000);
}

QAction* addFilterAction(QMenu* edit, views::ResultsPage* page)
{
    return addFilterAction(edit, page, [page] { return page; });
}

QAction* addFilterAction(QMenu* edit, QObject* context, std::function<views::ResultsPage*()> shownPage)
{
    QAction* find = edit->addAction(PageActions::tr("&Filter Locations"), context, [shownPage = std::move(shownPage)] {
        if (views::ResultsPage* page = shownPage())
            page->focusFilter();
    });
    find->setShortcut(QKeySequence::Find);
    return find;
}

QAction* addHumanReadableAction(QMenu* view, views::ResultsPage* page)
{
    views::ViewState* state = page->viewState();
    state->setHumanReadable(humanReadableSizes());
    QAction* action = view->addAction(PageActions::tr("&Human-Readable Sizes"));
    action->setCheckable(true);
    action->setChecked(state->humanReadable());
    action->setToolTip(PageActions::tr("KiB and MiB, or raw byte counts"));
    QObject::connect(action, &QAction::toggled, state, [state](bool on) {
        setHumanReadableSizes(on);
        state->setHumanReadable(on);
    });
    QObject::connect(state, &views::ViewState::humanReadableChanged, action, &QAction::setChecked);
    return action;
}

} // namespace memprof::app
