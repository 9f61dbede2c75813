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

void ComparisonWindow::placeBeside(QMainWindow* window, QWidget* opener)
{
    cascadeFrom(window, opener);
    window->show();
}

namespace {
QStringList absolutePaths(const QStringList& paths)
{
    QStringList absolute;
    for (const QString& path : paths)
        absolute << QFileInfo(path).absoluteFilePath();
    return absolute;
}
} // namespace

bool ComparisonWindow::beginLoad(const QStringList& basePaths, const QStringList& newPaths,
                                 const services::DocumentPtr& base)
{
    const QStringList bases = absolutePaths(basePaths);
    const QStringList news = absolutePaths(newPaths);
    basePath_ = bases.value(0);
    newPath_ = news.value(0);
    for (const QString& path : (base ? news : bases + news)) {
        if (const QString problem = services::checkDumpFile(path); !problem.isEmpty()) {
            fail(path, problem);
            return false;
        }
    }
    // A side merged is named as its window names it; one dump by its file
    // name, told apart from the other side's.
    const auto [baseFile, newFile] = views::distinctFileNames(basePath_, newPath_);
    const auto merged = [this](const QStringList& paths) {
        return tr("%n dumps merged", nullptr, static_cast<int>(paths.size()));
    };
    baseName_ = bases.size() > 1 ? merged(bases) : baseFile;
    newName_ = news.size() > 1 ? merged(news) : newFile;
    setWindowTitle(tr("%1 against %2 — Memprof Viewer").arg(newName_, baseName_));
    loadingPage_->start(newPath_, base ? newName_ : tr("%1 and %2").arg(baseName_, newName_));
    pages_->setCurrentWidget(loadingPage_);
    return true;
}

void ComparisonWindow::compare(const QStringList& basePaths, const QStringList& newPaths)
{
    if (!beginLoad(basePaths, newPaths, nullptr))
        return;
    startPair(nullptr, {absolutePaths(basePaths), absolutePaths(newPaths)});
}

void ComparisonWindow::compareWith(services::DocumentPtr base, const QStringList& newPaths)
{
    const QStringList basePaths = base->dumpPaths();
    if (!beginLoad(basePaths, newPaths, base))
        return;
    startPair(std::move(base), {basePaths, absolutePaths(newPaths)});
}

void ComparisonWindow::startPair(services::DocumentPtr base, const std::array<QStringList, 2>& paths)
{
    job_ = std::make_unique<services::ProfilePairLoadJob>(kind(), std::move(base), paths, &documentLoadJob);
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
