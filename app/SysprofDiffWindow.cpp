// SPDX-License-Identifier: GPL-3.0-or-later
#include "SysprofDiffWindow.h"

#include "PageActions.h"
#include "DocumentProfiles.h"
#include "WindowPlacement.h"
#include "model/itemmodels/TableCsv.h"
#include "model/services/LoadMessages.h"
#include "views/CostTableView.h"
#include "views/DiffSummaryHeader.h"
#include "views/FilterField.h"
#include "views/LoadingPage.h"
#include "views/SysprofComparisonPage.h"

#include <QAction>
#include <QCloseEvent>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QStackedWidget>
#include <QStatusBar>

namespace memprof::app {

SysprofDiffWindow::SysprofDiffWindow(QWidget* opener)
    : ComparisonWindow(opener), page_(new views::SysprofComparisonPage)
{
    setComparisonPage(page_);
    createMenus();
    setWindowTitle(tr("Compare CPU Profiles — Memprof Viewer"));
}

SysprofDiffWindow::~SysprofDiffWindow() = default;

void SysprofDiffWindow::createMenus()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* exportCsv = file->addAction(tr("&Export CSV…"), this, &SysprofDiffWindow::chooseAndExport);
    exportCsv->setShortcut(Qt::CTRL | Qt::Key_E);
    exportCsv->setToolTip(tr("Writes the table as shown (sorted and filtered), with raw numbers"));
    file->addSeparator();
    QAction* close = file->addAction(tr("&Close Window"), this, &QWidget::close);
    close->setShortcut(QKeySequence::Close);
    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    QAction* filter = edit->addAction(tr("&Filter Functions"), this, [this] {
        page_->filterField()->lineEdit()->setFocus(Qt::ShortcutFocusReason);
        page_->filterField()->lineEdit()->selectAll();
    });
    filter->setShortcut(QKeySequence::Find);
}

void SysprofDiffWindow::showDocuments(const services::DocumentPtr& base, const services::DocumentPtr& current)
{
    // The pair job let through only CPU profiles (one dump or a merge).
    page_->setProfiles(sysprofProfileOf(*base), basePath(), sysprofProfileOf(*current), newPath(),
                       {services::mergedName(*base), services::mergedName(*current)});
}

bool SysprofDiffWindow::exportCsv(const QString& path, QString* error)
{
    return itemmodels::writeCsvFile(path, page_->functionsView()->toCsv(), error);
}

void SysprofDiffWindow::chooseAndExport()
{
    if (currentPage() != page_)
        return;
    const QFileInfo current(newPath());
    const QString suggested =
        QDir(current.absolutePath())
            .filePath(QStringLiteral("%1-vs-%2-functions.csv")
                          .arg(current.completeBaseName(), QFileInfo(basePath()).completeBaseName()));
    const QString path = QFileDialog::getSaveFileName(this, tr("Export Functions (NEW − BASE) as CSV"), suggested,
                                                      tr("CSV files (*.csv)"));
    if (path.isEmpty())
        return;
    QString error;
    if (exportCsv(path, &error))
        statusBar()->showMessage(tr("Wrote %1").arg(QDir::toNativeSeparators(path)));
    else
        QMessageBox::warning(this, tr("Export CSV"), error);
}

} // namespace memprof::app
