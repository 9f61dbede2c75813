// SPDX-License-Identifier: GPL-3.0-or-later
#include "ComparisonWindow.h"

#include "PageActions.h"
#include "ProfileDocuments.h"
#include "WindowPlacement.h"
#include "model/services/LoadMessages.h"
#include "views/DiffSummaryHeader.h"
#include "views/LoadingPage.h"

#include <QCloseEvent>
#include <QFileInfo>
#include <QPushButton>
#include <QStackedWidget>

namespace memprof::app {

ComparisonWindow::ComparisonWindow(QWidget* opener)
    : opener_(opener), pages_(new QStackedWidget(this)), loadingPage_(new views::LoadingPage(pages_))
{
    setAttribute(Qt::WA_DeleteOnClose);
    loadingPage_->setObjectName(QStringLiteral("loadingPage"));
    pages_->addWidget(loadingPage_);
    setCentralWidget(pages_);
    connect(loadingPage_, &views::LoadingPage::cancelRequested, this, &ComparisonWindow::cancelLoad);
    resize(defaultWindowSize(this));
}

ComparisonWindow::~ComparisonWindow() = default;

void ComparisonWindow::setComparisonPage(QWidget* page)
{
    comparisonPage_ = page;
    pages_->addWidget(page);
}

bool ComparisonWindow::isLoading() const
{
    return job_ && job_->isRunning();
}

QWidget* ComparisonWindow::currentPage() const
{
    return pages_->currentWidget();
}

bool ComparisonWindow::beginLoad(const QString& basePath, const QString& newPath, bool baseGiven)
{
    basePath_ = QFileInfo(basePath).absoluteFilePath();
    newPath_ = QFileInfo(newPath).absoluteFilePath();
    for (const QString& path : {basePath_, newPath_}) {
        if (path == basePath_ && baseGiven)
            continue;
        if (const QString problem = services::checkDumpFile(path); !problem.isEmpty()) {
            fail(path, problem);
            return false;
        }
    }
    const auto [baseName, newName] = views::distinctFileNames(basePath, newPath);
    setWindowTitle(tr("%1 against %2 — Memprof Viewer").arg(newName, baseName));
    loadingPage_->start(newPath, baseGiven ? newName : tr("%1 and %2").arg(baseName, newName));
    pages_->setCurrentWidget(loadingPage_);
    return true;
}

void ComparisonWindow::compare(const QString& basePath, const QString& newPath)
{
    compareWith(nullptr, basePath, newPath);
}

void ComparisonWindow::compareWith(services::DocumentPtr base, const QString& basePath, const QString& newPath)
{
    if (!beginLoad(basePath, newPath, base != nullptr))
        return;
    job_ = std::make_unique<services::ProfilePairLoadJob>(kind(), std::move(base), basePath_, newPath_, &readDocument);
    connect(job_.get(), &services::ProfilePairLoadJob::progress, loadingPage_, &views::LoadingPage::setProgress);
    connect(job_.get(), &services::ProfilePairLoadJob::loaded, this, &ComparisonWindow::onLoaded);
    connect(job_.get(), &services::ProfilePairLoadJob::stopped, this, &ComparisonWindow::onStopped);
    job_->start();
}

void ComparisonWindow::cancelLoad()
{
    if (job_)
        job_->cancel();
    loadingPage_->cancelButton()->setEnabled(false);
}

void ComparisonWindow::onLoaded(const services::DocumentPtr& base, const services::DocumentPtr& current)
{
    job_.release()->deleteLater(); // it is emitting the loaded signal
    showDocuments(base, current);
    pages_->setCurrentWidget(comparisonPage_);
    emit loadFinished(true);
}

void ComparisonWindow::onStopped(const QString& path, const QString& message)
{
    job_.release()->deleteLater(); // it is emitting this signal
    if (!message.isEmpty()) {
        fail(path, message);
        return;
    }
    emit loadFinished(false);
    close();
}

void ComparisonWindow::fail(const QString& path, const QString& message)
{
    // The comparison cannot be shown: say why on the window it came from.
    showLoadError(opener_.data(), tr("Cannot Compare the Dumps"), path, message);
    emit loadFinished(false);
    close();
}

void ComparisonWindow::closeEvent(QCloseEvent* event)
{
    job_.reset(); // stop loads still running before the window goes
    QMainWindow::closeEvent(event);
}

} // namespace memprof::app
