// SPDX-License-Identifier: GPL-3.0-or-later
#include "DiffWindow.h"

#include "DocumentProfiles.h"
#include "PageActions.h"
#include "ViewerSettings.h"
#include "WindowPlacement.h"
#include "model/services/LoadMessages.h"
#include "views/DiffSummaryHeader.h"
#include "views/LoadingPage.h"

#include <QAction>
#include <QCloseEvent>
#include <QFileInfo>
#include <QMenuBar>
#include <QPushButton>
#include <QStatusBar>

namespace memprof::app {

DiffWindow::DiffWindow(QWidget* opener) : ComparisonWindow(opener), page_(new views::ComparisonPage)
{
    setComparisonPage(page_);
    page_->setSourceFolders(sourceFolders());
    connect(page_, &views::ComparisonPage::statusMessage, this,
            [this](const QString& text) { statusBar()->showMessage(text); });
    connect(page_, &views::ComparisonPage::addSourceFolderRequested, this,
            [this] { chooseSourceFolder(this, page_, QFileInfo(newPath()).absolutePath()); });

    createMenus();
    setWindowTitle(tr("Compare Dumps — Memprof Viewer"));
}

DiffWindow::~DiffWindow() = default;

void DiffWindow::createMenus()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* exportCsv = file->addAction(tr("&Export CSV…"), this, &DiffWindow::chooseAndExport);
    exportCsv->setShortcut(Qt::CTRL | Qt::Key_E);
    exportCsv->setToolTip(tr("Writes the table used last, as shown (sorted and filtered), with raw numbers"));
    file->addSeparator();
    QAction* close = file->addAction(tr("&Close Window"), this, &QWidget::close);
    close->setShortcut(QKeySequence::Close);

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    addFilterAction(edit, page_);

    QMenu* view = menuBar()->addMenu(tr("&View"));
    addHumanReadableAction(view, page_);
}

void DiffWindow::showDocuments(const services::DocumentPtr& base, const services::DocumentPtr& current)
{
    // The pair job let through only memory profiles (one dump or a merge);
    // their windows, counted by them, are of their kind too.
    page_->setDocuments(base, current, &memprofProfileOf);
}

bool DiffWindow::exportCsv(const QString& path, QString* error)
{
    return exportActiveTable(page_, path, error);
}

void DiffWindow::chooseAndExport()
{
    if (!hasDiff())
        return;
    const QFileInfo current(newPath());
    const QString stem =
        QStringLiteral("%1-vs-%2").arg(current.completeBaseName(), QFileInfo(basePath()).completeBaseName());
    chooseAndExportActiveTable(this, page_, tr("Export %1 (NEW − BASE) as CSV"), current.absolutePath(), stem);
}

} // namespace memprof::app
