// SPDX-License-Identifier: GPL-3.0-or-later
#include "ViewState.h"

namespace memprof::views {

ViewState::ViewState(QObject* parent) : QObject(parent)
{
    qRegisterMetaType<RunRange>();
}

void ViewState::setFilter(const QRegularExpression& filter)
{
    if (filter == filter_)
        return;
    filter_ = filter;
    emit filterChanged(filter_);
}

void ViewState::setHumanReadable(bool humanReadable)
{
    if (humanReadable == humanReadable_)
        return;
    humanReadable_ = humanReadable;
    emit humanReadableChanged(humanReadable_);
}

void ViewState::selectLocation(LocationId location)
{
    selectedLocation_ = location;
    emit locationSelected(location);
}

void ViewState::forgetSelection()
{
    selectedLocation_.reset();
    emit selectionForgotten();
}

void ViewState::selectFrame(std::optional<FrameId> frame)
{
    if (frame == selectedFrame_)
        return;
    selectedFrame_ = frame;
    emit frameSelected(selectedFrame_);
}

void ViewState::setRange(RunRange range)
{
    if (range == range_)
        return;
    range_ = range;
    emit rangeChanged(range_);
}

void ViewState::setHeldScope(itemmodels::HeldModel::Scope scope)
{
    if (scope == heldScope_)
        return;
    heldScope_ = scope;
    emit heldScopeChanged(heldScope_);
}

void ViewState::setView(StackView view)
{
    if (view == view_)
        return;
    view_ = view;
    emit viewChanged(view_);
}

void ViewState::setFlameZoomPath(std::vector<std::string> path)
{
    if (path == flameZoomPath_)
        return;
    flameZoomPath_ = std::move(path);
    emit flameZoomPathChanged();
}

void ViewState::setFlameSearch(const QString& text, bool regularExpression)
{
    if (text == flameSearch_ && regularExpression == flameSearchIsRegularExpression_)
        return;
    flameSearch_ = text;
    flameSearchIsRegularExpression_ = regularExpression;
    emit flameSearchChanged(flameSearch_, flameSearchIsRegularExpression_);
}

void ViewState::resetForProfile()
{
    selectedFrame_.reset();
    range_ = {};
}

} // namespace memprof::views
