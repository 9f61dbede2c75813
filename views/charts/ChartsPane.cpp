// SPDX-License-Identifier: GPL-3.0-or-later
#include "ChartsPane.h"

#include "ChartExport.h"
#include "HeapChart.h"
#include "SizeHistogramChart.h"
#include "StackedHeapChart.h"
#include "TopHoldersChart.h"

#include "model/itemmodels/DisplayText.h"
#include "model/memprofile/ProfileLoader.h"
#include "model/merge/StackedHeap.h"
#include "model/services/LocationHistoryJob.h"
#include "views/ViewState.h"

#include <QApplication>
#include <QComboBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QStackedWidget>
#include <QTabWidget>
#include <QToolButton>
#include <QVBoxLayout>

namespace memprof::charts {

ChartsPane::ChartsPane(views::ViewState* state, QWidget* parent) : QWidget(parent)
{
    heapChart_ = new HeapChart;
    stackedHeapChart_ = new StackedHeapChart;
    heapCharts_ = new QStackedWidget;
    heapCharts_->addWidget(heapChart_);
    heapCharts_->addWidget(stackedHeapChart_);
    topHoldersChart_ = new TopHoldersChart;
    sizeHistogramChart_ = new SizeHistogramChart;

    auto* sizesPage = new QWidget;
    auto* sizesLayout = new QVBoxLayout(sizesPage);
    sizesLayout->setContentsMargins(0, 0, 0, 0);
    auto* sizesControls = new QHBoxLayout;
    measureBox_ = new QComboBox;
    measureBox_->addItems({tr("Number of allocations"), tr("Bytes allocated")});
    scopeBox_ = new QComboBox;
    scopeBox_->addItems({tr("Whole profile"), tr("Selected location")});
    scopeBox_->setEnabled(false);
    sizesControls->addWidget(new QLabel(tr("Show:")));
    sizesControls->addWidget(measureBox_);
    sizesControls->addWidget(new QLabel(tr("for:")));
    sizesControls->addWidget(scopeBox_);
    sizesControls->addStretch();
    sizesLayout->addLayout(sizesControls);
    sizesLayout->addWidget(sizeHistogramChart_, 1);

    tabs_ = new QTabWidget;
    tabs_->setDocumentMode(true);
    tabs_->addTab(heapCharts_, tr("Heap over the run"));
    tabs_->addTab(topHoldersChart_, tr("Top holders"));
    tabs_->addTab(sizesPage, tr("Allocation sizes"));
    auto* exportButton = new QToolButton;
    exportButton->setText(tr("Export…"));
    exportButton->setToolTip(tr("Save this chart as PNG or PDF"));
    tabs_->setCornerWidget(exportButton, Qt::TopRightCorner);

    status_ = new QLabel;
    status_->setWordWrap(true);
    status_->setVisible(false);
    hint_ = new QLabel;
    hint_->setObjectName(QStringLiteral("chartHint"));
    hint_->setWordWrap(true);
    hint_->setEnabled(false);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(tabs_, 1);
    layout->addWidget(status_);
    layout->addWidget(hint_);
    showHint();
    connect(tabs_, &QTabWidget::currentChanged, this, &ChartsPane::showHint);

    connect(exportButton, &QToolButton::clicked, this, &ChartsPane::exportWithDialog);
    connect(measureBox_, &QComboBox::currentIndexChanged, this, [this](int index) {
        sizeHistogramChart_->setMeasure(index == 1 ? HistogramMeasure::Bytes : HistogramMeasure::Count);
        sizeHistogramChart_->replot();
    });
    connect(scopeBox_, &QComboBox::currentIndexChanged, this, &ChartsPane::showHistogram);
    connect(topHoldersChart_, &TopHoldersChart::locationActivated, this, &ChartsPane::locationActivated);
    if (state) {
        connect(state, &views::ViewState::locationSelected, this, &ChartsPane::setSelectedLocation);
        connect(state, &views::ViewState::selectionForgotten, this, &ChartsPane::forgetSelectedLocation);
        // A drag across the heap chart is a window for every pane; the
        // chart shades what the view state holds at once, before the counts
        // of the window arrive.
        connect(heapChart_, &HeapChart::windowSelected, state, &views::ViewState::setRange);
        connect(state, &views::ViewState::rangeChanged, this, [this](RunRange window) {
            heapChart_->setWindow(window);
            heapChart_->replot();
        });
    }
}

// The jobs are children: deleting them waits for their workers.
ChartsPane::~ChartsPane() = default;

void ChartsPane::setProfile(const Profile& profile, const QString& dumpPath)
{
    dumpPath_ = dumpPath;
    noHistoryWhy_ = dumpPath.isEmpty()
                        ? tr("The selected location's own curve needs the dump file; this profile has none.")
                        : QString();
    showRows(profile);
    heapCharts_->setCurrentWidget(heapChart_);
    tabs_->setTabToolTip(0, QString());
    heapChart_->setChoosingWindow(true);
    heapChart_->setTimeline(profile.timeline, profile.totals);
    heapChart_->setWindow(profile.window);
    heapChart_->replot();
    showHint();
}

void ChartsPane::setMergedProfile(const Profile& profile, const MemprofBreakdown& breakdown)
{
    dumpPath_.clear();
    noHistoryWhy_ = tr("A location's own curve reads its dump again: open one dump alone (File > Open) to see it.");
    showRows(profile);
    // A window is a range of one run, counted by the document of one dump.
    heapChart_->setChoosingWindow(false);
    StackedHeap stacked = stackHeap(breakdown);
    if (stacked.instances.size() == 1) {
        // One run: its own heap, over its events, its peak at its event.
        const InstanceId alone = stacked.instances.front();
        heapChart_->setTimeline(breakdown.timeline(alone), breakdown.instances[alone].totals);
        heapCharts_->setCurrentWidget(heapChart_);
        tabs_->setTabToolTip(0, QString());
        heapChart_->replot();
    } else {
        QStringList names;
        for (const InstanceId instance : stacked.instances)
            names << QString::fromStdString(breakdown.instances[instance].name);
        stackedHeapChart_->setStack(std::move(stacked), names);
        heapCharts_->setCurrentWidget(stackedHeapChart_);
        tabs_->setTabToolTip(0, tr("Each dump's live bytes over its own run, stacked. The runs have no common clock: "
                                   "each is stretched to the width, so the top edge is the dumps' sum at the same "
                                   "share of each run, not a measured moment."));
        stackedHeapChart_->replot();
    }
    showHint();
}

bool ChartsPane::showsStackedHeap() const
{
    return heapCharts_->currentWidget() == stackedHeapChart_;
}

void ChartsPane::showRows(const Profile& profile)
{
    cancelHistory();
    locationNames_.clear();
    locationNames_.reserve(profile.locations.size());
    for (const LocationInfo& info : profile.locations)
        locationNames_.push_back(info.name);
    profileSizes_ = profile.sizeHistogram;
    window_ = profile.window;
    eventCount_ = profile.totals.eventCount;
    hasProfile_ = true;
    hasSelection_ = false;
    historyPending_ = false;
    history_.reset();
    status_->setVisible(false);
    heapChart_->clearOverlay();
    topHoldersChart_->setProfile(profile);
    scopeBox_->setCurrentIndex(0);
    scopeBox_->setEnabled(false);
    showHistogram();
    topHoldersChart_->replot();
}

void ChartsPane::setWindowedProfile(const Profile& windowed)
{
    if (!hasProfile_ || windowed.locations.size() < locationNames_.size())
        return; // another dump's
    window_ = windowed.window;
    profileSizes_ = windowed.sizeHistogram;
    heapChart_->setWindow(window_);
    topHoldersChart_->setProfile(windowed);
    if (hasSelection_)
        topHoldersChart_->setSelectedLocation(locationNames_[selected_]);
    // The location's sizes are counted again for this window.
    if (hasSelection_ && (!history_ || history_->window != window_))
        readHistoryWhenShown();
    showHistogram();
    heapChart_->replot();
    topHoldersChart_->replot();
}

QString ChartsPane::hintText() const
{
    return hint_->text();
}

void ChartsPane::showHint()
{
    if (tabs_->currentIndex() == 0 && showsStackedHeap())
        hint_->setText(tr("Each run is stretched to the width (the dumps have no common clock): the top edge sums "
                          "the dumps at the same share of each run. No window is chosen in dumps merged; drag to "
                          "pan, wheel to zoom, double-click to reset."));
    else if (tabs_->currentIndex() == 0 && !heapChart_->isChoosingWindow())
        hint_->setText(tr("A dump of a merge shown alone counts no window: open it alone to choose one. Drag to "
                          "pan, wheel to zoom the horizontal axis, double-click to reset."));
    else if (tabs_->currentIndex() == 0)
        hint_->setText(
            tr("Drag across the chart to count only those events in every pane; Shift+drag to pan, "
               "wheel to zoom the horizontal axis, double-click to reset."));
    else
        hint_->setText(tr("Drag to pan, wheel to zoom the horizontal axis, double-click to reset."));
}

void ChartsPane::setSelectedLocation(LocationId location)
{
    if (!hasProfile_ || location >= locationNames_.size() || (hasSelection_ && location == selected_))
        return;
    selected_ = location;
    hasSelection_ = true;
    topHoldersChart_->setSelectedLocation(locationNames_[location]);
    topHoldersChart_->replot();
    readHistoryWhenShown();
}

void ChartsPane::forgetSelectedLocation()
{
    if (!hasSelection_)
        return;
    cancelHistory();
    hasSelection_ = false;
    historyPending_ = false;
    history_.reset();
    status_->setVisible(false);
    heapChart_->clearOverlay();
    topHoldersChart_->setSelectedLocation({});
    scopeBox_->setCurrentIndex(0);
    scopeBox_->setEnabled(false);
    showHistogram();
    heapChart_->replot();
    topHoldersChart_->replot();
}

// The pass reads the whole dump again: only for a pane someone looks at.
void ChartsPane::readHistoryWhenShown()
{
    historyPending_ = !isVisible();
    if (historyPending_)
        cancelHistory();
    else
        startHistory(selected_);
}

void ChartsPane::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    if (historyPending_ && hasSelection_) {
        historyPending_ = false;
        startHistory(selected_);
    }
}

ChartPlot* ChartsPane::currentChart() const
{
    switch (tabs_->currentIndex()) {
    case 0:
        return static_cast<ChartPlot*>(heapCharts_->currentWidget());
    case 1:
        return topHoldersChart_;
    default:
        return sizeHistogramChart_;
    }
}

void ChartsPane::setCurrentChart(int index)
{
    tabs_->setCurrentIndex(index);
}

QString ChartsPane::statusText() const
{
    return status_->isVisible() ? status_->text() : QString();
}

bool ChartsPane::exportCurrentChart(const QString& path, QString* error)
{
    ChartPlot* chart = currentChart();
    return exportChart(*chart, path, chartFormatFor(path), chart->width(), chart->height(), error);
}

void ChartsPane::exportWithDialog()
{
    QString filter;
    const QString path = QFileDialog::getSaveFileName(this, tr("Export chart"), QString(),
                                                      tr("PNG image (*.png);;PDF document (*.pdf)"), &filter);
    if (path.isEmpty())
        return;
    QString target = path;
    if (!target.endsWith(QStringLiteral(".png"), Qt::CaseInsensitive) &&
        !target.endsWith(QStringLiteral(".pdf"), Qt::CaseInsensitive))
        target += filter.contains(QStringLiteral("pdf")) ? QStringLiteral(".pdf") : QStringLiteral(".png");
    QString error;
    if (!exportCurrentChart(target, &error))
        QMessageBox::warning(this, tr("Export chart"), tr("The chart was not saved: %1").arg(error));
}

void ChartsPane::cancelHistory()
{
    if (!job_)
        return;
    // Its result is not wanted any more; it goes once its worker stopped.
    job_->disconnect(this);
    job_->cancel();
    connect(job_, &services::LocationHistoryJob::finished, job_, &QObject::deleteLater);
    if (!job_->isRunning())
        job_->deleteLater();
    job_ = nullptr;
}

void ChartsPane::startHistory(LocationId location)
{
    cancelHistory();
    history_.reset();
    heapChart_->clearOverlay();
    heapChart_->replot();
    if (!noHistoryWhy_.isEmpty()) {
        status_->setText(noHistoryWhy_);
        status_->setVisible(true);
        emit locationHistoryFinished(location);
        return;
    }
    status_->setText(tr("Reading the history of %1…")
                         .arg(itemmodels::displayText(QString::fromStdString(locationNames_[location]))));
    status_->setVisible(true);
    job_ = new services::LocationHistoryJob(dumpPath_, location, window_, this);
    connect(job_, &services::LocationHistoryJob::finished, this,
            [this, job = job_](services::LocationHistoryPtr history) {
                if (job)
                    job->deleteLater();
                if (job != job_)
                    return; // cancelled after it had finished
                job_ = nullptr;
                showHistory(std::move(history));
            });
    job_->start();
}

void ChartsPane::showHistory(std::shared_ptr<const LocationHistory> history)
{
    const LocationId location = history->location;
    if (!hasSelection_ || location != selected_ || history->window != window_)
        return;
    const QString name = itemmodels::displayText(QString::fromStdString(locationNames_[location]));
    if (history->status.end == DecodeEnd::Failed) {
        status_->setText(tr("Could not read the history of %1: %2")
                             .arg(name, QString::fromStdString(describeStatus(history->status))));
    } else if (history->eventCount != eventCount_) {
        status_->setText(tr("The dump changed on disk since it was loaded; reload it to see %1's curve.").arg(name));
    } else {
        history_ = std::move(history);
        status_->setVisible(false);
        heapChart_->setOverlay(history_->timeline, name);
        heapChart_->replot();
        scopeBox_->setEnabled(true);
        showHistogram();
    }
    emit locationHistoryFinished(location);
}

void ChartsPane::showHistogram()
{
    // A history read for another window (its new pass waits for the pane to
    // be shown) has no sizes of this one.
    if (scopeBox_->currentIndex() == 1 && history_ && history_->window == window_) {
        const QString name = itemmodels::displayText(QString::fromStdString(locationNames_[history_->location]));
        sizeHistogramChart_->setHistogram(history_->sizeHistogram,
                                          window_.covers(eventCount_) ? name : tr("%1, %2").arg(name, windowText()));
    } else {
        sizeHistogramChart_->setHistogram(profileSizes_, windowText());
    }
    sizeHistogramChart_->replot();
}

QString ChartsPane::windowText() const
{
    if (window_.covers(eventCount_))
        return tr("whole profile");
    return tr("events %1–%2")
        .arg(QLocale().toString(static_cast<qulonglong>(window_.first)),
             QLocale().toString(static_cast<qulonglong>(std::min(window_.last, eventCount_))));
}

} // namespace memprof::charts
