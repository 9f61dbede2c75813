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
#pragma once

#include "model/memprofile/LocationHistory.h"
#include "model/memprofile/Profile.h"

#include <QPointer>
#include <QWidget>

#include <memory>
#include <string>
#include <vector>

class QComboBox;
class QLabel;
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

class ChartsPane : public QWidget {
    Q_OBJECT
public:
    // Without a view state the owner calls setSelectedLocation itself.
    explicit ChartsPane(views::ViewState* state = nullptr, QWidget* parent = nullptr);
    ~ChartsPane() override;

    // `dumpPath` is read again for a selected location's history; empty
    // disables the overlay.
    void setProfile(const memprof::Profile& profile, const QString& dumpPath);
    // The same dump counted over `windowed.window`: the top holders and the
    // sizes show it, the heap chart shades it.
    void setWindowedProfile(const memprof::Profile& windowed);
    // The line under the charts: the current chart's gestures.
    QString hintText() const;

    HeapChart* heapChart() const { return heapChart_; }
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
    QString windowText() const;
    void showHint();

    QTabWidget* tabs_ = nullptr;
    HeapChart* heapChart_ = nullptr;
    TopHoldersChart* topHoldersChart_ = nullptr;
    SizeHistogramChart* sizeHistogramChart_ = nullptr;
    QComboBox* measureBox_ = nullptr;
    QComboBox* scopeBox_ = nullptr;
    QLabel* status_ = nullptr;
    QLabel* hint_ = nullptr;

    QString dumpPath_;
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
