// SPDX-License-Identifier: GPL-3.0-or-later
// The three charts in tabs, with export and the histogram's switches. The
// selected location's own history (its live bytes, its sizes) comes from a
// second decoding pass of the dump (a LocationHistoryJob), cancelled when
// the selection changes again, and deferred while the pane is hidden. In a
// page it follows the page's selected location and event window: the heap
// chart always shows the whole run with the window shaded (dragging across
// it sets the view state's window) and the selected location's curve drawn
// over the window; the top holders and the allocation sizes, the location's
// own too, count the window's events.
// For several dumps merged (setMergedProfile) the first tab stacks the
// dumps' heaps (StackedHeapChart); the other charts are sums over the
// merged rows and show the merge as they show one dump.
#pragma once

#include "model/memprofile/LocationHistory.h"
#include "model/memprofile/Profile.h"
#include "model/merge/MemprofMerge.h"

#include <QPointer>
#include <QWidget>

#include <memory>
#include <string>
#include <vector>

class QComboBox;
class QLabel;
class QStackedWidget;
class QTabWidget;

namespace memprof::services {
class LocationHistoryJob;
}

namespace memprof::views {
class ViewState;
}

namespace memprof::charts {

class ChartPlot;
class HeapChart;
class TopHoldersChart;
class SizeHistogramChart;
class StackedHeapChart;

class ChartsPane : public QWidget {
    Q_OBJECT
public:
    // Without a view state the owner calls setSelectedLocation itself.
    explicit ChartsPane(views::ViewState* state = nullptr, QWidget* parent = nullptr);
    ~ChartsPane() override;

    // `dumpPath` is read again for a selected location's history; empty
    // disables the overlay.
    void setProfile(const memprof::Profile& profile, const QString& dumpPath);
    // Several dumps merged (MemprofMerge.h), their rows in `profile`. Each
    // chart by what it means for dumps with no common clock:
    // - the heap over the run: `breakdown`'s dumps stacked on the share of
    //   each run (StackedHeapChart), or the one dump's own heap when only
    //   one is merged (a dump of a merge shown alone: one run, its events);
    //   no window is chosen (the page counts none);
    // - the top holders: a sum over the merged held rows, shown as is;
    // - the allocation sizes: the dumps' histograms summed, shown as is;
    // - a location's own curve and sizes: not drawn, they read one dump's
    //   run again (the status line says so).
    // (The VM states chart is sysprof's and has no place here.)
    void setMergedProfile(const memprof::Profile& profile, const MemprofBreakdown& breakdown);
    bool showsStackedHeap() const;
    // The same dump counted over `windowed.window`: the top holders and the
    // sizes show it, the heap chart shades it.
    void setWindowedProfile(const memprof::Profile& windowed);
    // The line under the charts: the current chart's gestures.
    QString hintText() const;

    HeapChart* heapChart() const { return heapChart_; }
    StackedHeapChart* stackedHeapChart() const { return stackedHeapChart_; }
    TopHoldersChart* topHoldersChart() const { return topHoldersChart_; }
    SizeHistogramChart* sizeHistogramChart() const { return sizeHistogramChart_; }
    ChartPlot* currentChart() const;
    void setCurrentChart(int index);
    // Writes the current chart (format by extension: .png or .pdf).
    bool exportCurrentChart(const QString& path, QString* error = nullptr);

public slots:
    void setSelectedLocation(memprof::LocationId location);
    // No location is selected (a function of the tree is): no overlay.
    void forgetSelectedLocation();

signals:
    void locationActivated(memprof::LocationId location);
    // The selected location's history is drawn (or failed: see statusText).
    void locationHistoryFinished(memprof::LocationId location);

public:
    QString statusText() const;

protected:
    void showEvent(QShowEvent* event) override;

private:
    void exportWithDialog();
    void readHistoryWhenShown();
    void startHistory(LocationId location);
    void cancelHistory();
    void showHistory(std::shared_ptr<const LocationHistory> history);
    void showHistogram();
    // The whole run's rows and sizes, the selection forgotten.
    void showRows(const Profile& profile);
    QString windowText() const;
    void showHint();

    QTabWidget* tabs_ = nullptr;
    QStackedWidget* heapCharts_ = nullptr; // the one dump's chart, or the stacked one
    HeapChart* heapChart_ = nullptr;
    StackedHeapChart* stackedHeapChart_ = nullptr;
    TopHoldersChart* topHoldersChart_ = nullptr;
    SizeHistogramChart* sizeHistogramChart_ = nullptr;
    QComboBox* measureBox_ = nullptr;
    QComboBox* scopeBox_ = nullptr;
    QLabel* status_ = nullptr;
    QLabel* hint_ = nullptr;

    QString dumpPath_;
    // Why no location's own curve is drawn (no dump file, a merge); empty
    // when one is.
    QString noHistoryWhy_;
    std::vector<std::string> locationNames_;
    SizeHistogram profileSizes_;
    RunRange window_;
    std::uint64_t eventCount_ = 0;
    bool hasProfile_ = false;
    LocationId selected_ = 0;
    bool hasSelection_ = false;
    bool historyPending_ = false; // selected while hidden: read when shown
    std::shared_ptr<const LocationHistory> history_;
    // The running pass; cancelled ones finish on their own and go.
    QPointer<services::LocationHistoryJob> job_;
};

} // namespace memprof::charts
