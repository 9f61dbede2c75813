// SPDX-License-Identifier: GPL-3.0-or-later
#include "SysprofDiffWindow.h"

#include "PageActions.h"
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
    : opener_(opener)
    , pages_(new QStackedWidget(this))
    , loadingPage_(new views::LoadingPage(pages_))
    , page_(new views::SysprofComparisonPage(pages_))
{
    setAttribute(Qt::WA_DeleteOnClose);
    loadingPage_->setObjectName(QStringLiteral("loadingPage"));
    pages_->addWidget(loadingPage_);
    pages_->addWidget(page_);
    setCentralWidget(pages_);
    connect(loadingPage_, &views::LoadingPage::cancelRequested, this, &SysprofDiffWindow::cancelLoad);
    createMenus();
    setWindowTitle(tr("Compare CPU Profiles — Memprof Viewer"));
    resize(defaultWindowSize(this));
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

bool SysprofDiffWindow::isLoading() const
{
    return (jobs_[Base] && jobs_[Base]->isRunning()) || (jobs_[New] && jobs_[New]->isRunning());
}

QWidget* SysprofDiffWindow::currentPage() const
{
    return pages_->currentWidget();
}

void SysprofDiffWindow::compare(const QString& basePath, const QString& newPath)
{
    compareWith(nullptr, basePath, newPath);
}

void SysprofDiffWindow::compareWith(services::SysprofPtr base, const QString& basePath, const QString& newPath)
{
    paths_ = {QFileInfo(basePath).absoluteFilePath(), QFileInfo(newPath).absoluteFilePath()};
    profiles_ = {std::move(base), nullptr};
    for (const Side side : {Base, New}) {
        if (profiles_[side])
            continue;
        if (const QString problem = services::checkDumpFile(paths_[side]); !problem.isEmpty()) {
            fail(paths_[side], problem);
            return;
        }
    }
    const auto [baseName, newName] = views::distinctFileNames(basePath, newPath);
    setWindowTitle(tr("%1 against %2 — Memprof Viewer").arg(newName, baseName));
    loadingPage_->start(newPath, profiles_[Base] ? newName : tr("%1 and %2").arg(baseName, newName));
    pages_->setCurrentWidget(loadingPage_);
    for (const Side side : {Base, New})
        if (!profiles_[side])
            startSide(side);
}

void SysprofDiffWindow::startSide(Side side)
{
    auto& job = jobs_[side];
    job = std::make_unique<services::ProfileLoadJob>(paths_[side]);
    connect(job.get(), &services::ProfileLoadJob::progress, this, [this, side](quint64 bytesRead, quint64 totalBytes) {
        bytesRead_[side] = bytesRead;
        totalBytes_[side] = totalBytes;
        // One bar for both dumps once both sizes are known.
        if (profiles_[Base] || (totalBytes_[Base] > 0 && totalBytes_[New] > 0))
            loadingPage_->setProgress(bytesRead_[Base] + bytesRead_[New], totalBytes_[Base] + totalBytes_[New]);
    });
    connect(job.get(), &services::ProfileLoadJob::sysprofFinished, this,
            [this, side](services::SysprofPtr profile) { onSideLoaded(side, std::move(profile)); });
    // A memory profile on either side: comparisons are of dumps of one kind.
    connect(job.get(), &services::ProfileLoadJob::finished, this, [this, side](services::ProfilePtr profile) {
        if (!jobs_[side])
            return;
        if (profile->status.end == DecodeEnd::Cancelled) {
            auto cancelled = std::make_shared<SysprofProfile>();
            cancelled->status = profile->status;
            onSideLoaded(side, std::move(cancelled));
            return;
        }
        if (profile->status.end == DecodeEnd::Failed) {
            fail(paths_[side], services::describeFailure(profile->status));
            return;
        }
        fail(paths_[side], tr("This is a memory profile (memprof), not a CPU profile (sysprof): dumps are compared "
                              "with others of their kind."));
    });
    job->start();
}

void SysprofDiffWindow::onSideLoaded(Side side, services::SysprofPtr profile)
{
    if (!jobs_[side])
        return; // the pair ended already
    jobs_[side].release()->deleteLater(); // it is emitting this signal
    const DecodeEnd end = profile->status.end;
    if (end == DecodeEnd::Failed) {
        fail(paths_[side], services::describeFailure(profile->status));
        return;
    }
    if (end == DecodeEnd::Cancelled) {
        for (auto& job : jobs_)
            job.reset();
        emit loadFinished(false);
        close();
        return;
    }
    profiles_[side] = std::move(profile);
    if (!profiles_[Base] || !profiles_[New])
        return;
    page_->setProfiles(profiles_[Base], paths_[Base], profiles_[New], paths_[New]);
    pages_->setCurrentWidget(page_);
    emit loadFinished(true);
}

void SysprofDiffWindow::cancelLoad()
{
    for (auto& job : jobs_)
        if (job)
            job->cancel();
    loadingPage_->cancelButton()->setEnabled(false);
}

void SysprofDiffWindow::fail(const QString& path, const QString& message)
{
    for (auto& job : jobs_)
        if (job)
            job.release()->deleteLater();
    // The comparison cannot be shown: say why on the window it came from.
    showLoadError(opener_.data(), tr("Cannot Compare the Dumps"), path, message);
    emit loadFinished(false);
    close();
}

bool SysprofDiffWindow::exportCsv(const QString& path, QString* error)
{
    return itemmodels::writeCsvFile(path, page_->functionsView()->toCsv(), error);
}

void SysprofDiffWindow::chooseAndExport()
{
    if (pages_->currentWidget() != page_)
        return;
    const QFileInfo current(paths_[New]);
    const QString suggested = QDir(current.absolutePath())
                                  .filePath(QStringLiteral("%1-vs-%2-functions.csv")
                                                .arg(current.completeBaseName(), QFileInfo(paths_[Base]).completeBaseName()));
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

void SysprofDiffWindow::closeEvent(QCloseEvent* event)
{
    for (auto& job : jobs_)
        job.reset(); // stop loads still running before the window goes
    QMainWindow::closeEvent(event);
}

} // namespace memprof::app
