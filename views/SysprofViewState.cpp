// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/SysprofViewState.h"

namespace memprof::views {

SysprofViewState::SysprofViewState(QObject* parent)
    : QObject(parent)
{
}

void SysprofViewState::setView(StackView view)
{
    if (view == view_)
        return;
    view_ = view;
    emit viewChanged(view_);
}

void SysprofViewState::selectFrame(std::optional<FrameId> frame)
{
    if (frame == selectedFrame_)
        return;
    selectedFrame_ = frame;
    emit frameSelected(selectedFrame_);
}

void SysprofViewState::setSampleRange(SampleRange range)
{
    if (range.first == sampleRange_.first && range.last == sampleRange_.last)
        return;
    sampleRange_ = range;
    emit sampleRangeChanged(sampleRange_);
}

void SysprofViewState::setFlameZoomPath(std::vector<std::string> path)
{
    if (path == flameZoomPath_)
        return;
    flameZoomPath_ = std::move(path);
    emit flameZoomPathChanged();
}

void SysprofViewState::setFlameSearch(const QString& text, bool regularExpression)
{
    if (text == flameSearch_ && regularExpression == flameSearchIsRegularExpression_)
        return;
    flameSearch_ = text;
    flameSearchIsRegularExpression_ = regularExpression;
    emit flameSearchChanged(flameSearch_, flameSearchIsRegularExpression_);
}

void SysprofViewState::resetForProfile()
{
    selectedFrame_.reset();
    sampleRange_ = {};
}

} // namespace memprof::views
