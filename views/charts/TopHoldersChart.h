// SPDX-License-Identifier: GPL-3.0-or-later
// The locations holding the most bytes at the end, as horizontal bars: the
// accurate figure by name (memprof::rankHeldByName, the leak pane's default
// ranking), largest on top. Clicking a bar activates its location.
#pragma once

#include "ChartPlot.h"

#include "model/memprofile/Profile.h"

#include <string>
#include <vector>

namespace memprof::charts {

struct TopHolder {
    std::string name;
    std::uint64_t heldBytes = 0;
    std::uint64_t blockCount = 0;
    LocationId location = 0; // the identity under the name holding the most
    bool overflowed = false; // heldBytes passed 2^64-1: the label marks it

    ByteSum held() const { return {heldBytes, overflowed}; }
};

// The `count` largest holders at the end of the run, largest first.
std::vector<TopHolder> topHolders(const Profile& profile, std::size_t count);

class TopHoldersChart : public ChartPlot {
    Q_OBJECT
public:
    static constexpr std::size_t kBarCount = 20;

    explicit TopHoldersChart(QWidget* parent = nullptr);

    void setProfile(const Profile& profile);
    // Highlights the bar of the location's name, if it is among the holders.
    void setSelectedLocation(const std::string& name);
    const std::vector<TopHolder>& holders() const { return holders_; }
    void resetView() override;

    // The holder drawn at `pos` (widget coordinates), or -1.
    int holderAt(const QPointF& pos) const;

signals:
    void locationActivated(memprof::LocationId location);

protected:
    void applyColors() override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void rebuildBars();
    // The axis title and the value range the chart's width leaves room for:
    // the largest bar's figure beside it, the title whole.
    void fitToWidth();
    double fittedRange() const;
    int axisWidth() const;
    double keyOf(std::size_t rank) const { return static_cast<double>(holders_.size() - rank); }

    std::vector<TopHolder> holders_;
    std::string selectedName_;
    QCPBars* bars_ = nullptr;
    QCPBars* selectedBar_ = nullptr;
    std::vector<QCPItemText*> valueLabels_;
    QPointF pressPosition_;
    double fittedMaximum_ = 0; // the range resetView chose, kept on a resize
};

} // namespace memprof::charts
