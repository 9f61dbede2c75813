// SPDX-License-Identifier: GPL-3.0-or-later
#include "DiffWindow.h"

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

DiffWindow::DiffWindow(QWidget* opener)
    : opener_(opener)
{
    setAttribute(Qt::WA_DeleteOnClose);
    pages_ = new QStackedWidget(this);
    loadingPage_ = new views::LoadingPage(pages_);
    loadingPage_->setObjectName(QStringLiteral("loadingPage"));
    page_ = new views::ComparisonPage(pages_);
    page_->setSourceFolders(sourceFolders());
    pages_->addWidget(loadingPage_);
    pages_->addWidget(page_);
    setCentralWidget(pages_);
    connect(loadingPage_, &views::LoadingPage::cancelRequested, this, &DiffWindow::cancelLoad);
    connect(page_, &views::ComparisonPage::statusMessage, this, [this](const QString& text) {
        statusBar()->showMessage(text);
    });
    connect(page_, &views::ComparisonPage::addSourceFolderRequested, this,
            [this] { chooseSourceFolder(this, page_, QFileInfo(newPath_).absolutePath()); });

    createMenus();
    setWindowTitle(tr("Compare Dumps — Memprof Viewer"));
    resize(defaultWindowSize(this));
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

bool DiffWindow::isLoading() const
{
    return job_ && job_->isRunning();
}

void DiffWindow::compare(const QString& basePath, const QString& newPath)
{
    compareWith(nullptr, basePath, newPath);
}

void DiffWindow::compareWith(services::ProfilePtr base, const QString& basePath, const QString& newPath)
{
    basePath_ = QFileInfo(basePath).absoluteFilePath();
    newPath_ = QFileInfo(newPath).absoluteFilePath();
    for (const QString& path : {basePath_, newPath_}) {
        if (path == basePath_ && base)
            continue;
        if (const QString problem = services::checkDumpFile(path); !problem.isEmpty()) {
            fail(path, problem);
            return;
        }
    }
    const auto [baseName, newName] = views::distinctFileNames(basePath, newPath);
    setWindowTitle(tr("%1 against %2 — Memprof Viewer").arg(newName, baseName));
    loadingPage_->start(newPath, base ? newName : tr("%1 and %2").arg(baseName, newName));
    pages_->setCurrentWidget(loadingPage_);
    job_ = std::make_unique<services::ProfilePairLoadJob>(std::move(base), basePath_, newPath_);
    connect(job_.get(), &services::ProfilePairLoadJob::progress, loadingPage_, &views::LoadingPage::setProgress);
    connect(job_.get(), &services::ProfilePairLoadJob::loaded, this, &DiffWindow::onLoaded);
    connect(job_.get(), &services::ProfilePairLoadJob::stopped, this, &DiffWindow::onStopped);
    job_->start();
}

void DiffWindow::cancelLoad()
{
    if (job_)
        job_->cancel();
    loadingPage_->cancelButton()->setEnabled(false);
}

void DiffWindow::onLoaded(services::ProfilePtr base, services::ProfilePtr current)
{
    job_.release()->deleteLater(); // it is emitting this signal
    page_->setProfiles(std::move(base), basePath_, std::move(current), newPath_);
    pages_->setCurrentWidget(page_);
    emit loadFinished(true);
}

void DiffWindow::onStopped(const QString& path, services::ProfilePtr profile)
{
    job_.release()->deleteLater();
    if (profile->status.end == DecodeEnd::Failed) {
        fail(path, services::describeFailure(profile->status));
        return;
    }
    emit loadFinished(false);
    close();
}

void DiffWindow::fail(const QString& path, const QString& message)
{
    // The comparison cannot be shown: say why on the window it came from.
    showLoadError(opener_.data(), tr("Cannot Compare the Dumps"), path, message);
    emit loadFinished(false);
    close();
}

bool DiffWindow::exportCsv(const QString& path, QString* error)
{
    return exportActiveTable(page_, path, error);
}

void DiffWindow::chooseAndExport()
{
    if (!hasDiff())
        return;
    const QFileInfo current(newPath_);
    const QString stem = QStringLiteral("%1-vs-%2").arg(current.completeBaseName(), QFileInfo(basePath_).completeBaseName());
    chooseAndExportActiveTable(this, page_, tr("Export %1 (NEW − BASE) as CSV"), current.absolutePath(), stem);
}

void DiffWindow::closeEvent(QCloseEvent* event)
{
    job_.reset(); // stop loads still running before the window goes
    QMainWindow::closeEvent(event);
}

} // namespace memprof::app
