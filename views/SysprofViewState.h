// SPDX-License-Identifier: GPL-3.0-or-later
// What a sysprof page shows, held in one place: the stack view (Lua chains,
// host chains, the reference's merge), the selected function, the sample
// range the panes count, and where the flame graph is zoomed and what it
// searches. The page has one; its panes change it only through the page and
// show what it says, so a change is made here once and flows one way.
#pragma once

#include "model/sysprofile/SysprofProfile.h"

#include <QObject>
#include <QString>

#include <optional>
#include <string>
#include <vector>

namespace memprof::views {

class SysprofViewState : public QObject {
    Q_OBJECT
public:
    explicit SysprofViewState(QObject* parent = nullptr);

    StackView view() const { return view_; }
    std::optional<FrameId> selectedFrame() const { return selectedFrame_; }
    // The samples the panes count: the whole run unless a range was chosen.
    SampleRange sampleRange() const { return sampleRange_; }
    // The flame graph's zoom as the names of the frames from the root's
    // child down: a new count or view numbers frames anew, the names stay.
    const std::vector<std::string>& flameZoomPath() const { return flameZoomPath_; }
    const QString& flameSearch() const { return flameSearch_; }
    bool flameSearchIsRegularExpression() const { return flameSearchIsRegularExpression_; }

    // Each setter signals only a change.
    void setView(StackView view);
    void selectFrame(std::optional<FrameId> frame);
    void setSampleRange(SampleRange range);
    void setFlameZoomPath(std::vector<std::string> path);
    void setFlameSearch(const QString& text, bool regularExpression);
    // Another profile (or the dump reloaded): the whole run, nothing
    // selected, without signals (the page shows the profile anew). The view,
    // the search and the zoom are the user's and stay: the zoom goes as far
    // down its path as the new profile's frames do.
    void resetForProfile();

signals:
    void viewChanged(memprof::StackView view);
    void frameSelected(std::optional<memprof::FrameId> frame);
    void sampleRangeChanged(memprof::SampleRange range);
    void flameZoomPathChanged();
    void flameSearchChanged(const QString& text, bool regularExpression);

private:
    StackView view_ = StackView::Lua;
    std::optional<FrameId> selectedFrame_;
    SampleRange sampleRange_;
    std::vector<std::string> flameZoomPath_;
    QString flameSearch_;
    bool flameSearchIsRegularExpression_ = false;
};

} // namespace memprof::views
