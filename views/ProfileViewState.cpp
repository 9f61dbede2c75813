// SPDX-License-Identifier: GPL-3.0-or-later
#include "ProfileViewState.h"

namespace memprof::views {

ProfileViewState::ProfileViewState(QObject* parent)
    : QObject(parent)
{
    qRegisterMetaType<EventWindow>();
}

void ProfileViewState::setFilter(const QRegularExpression& filter)
{
    if (filter == filter_)
        return;
    filter_ = filter;
    emit filterChanged(filter_);
}

void ProfileViewState::setHumanReadable(bool humanReadable)
{
    if (humanReadable == humanReadable_)
        return;
    humanReadable_ = humanReadable;
    emit humanReadableChanged(humanReadable_);
}

void ProfileViewState::selectLocation(LocationId location)
{
    selectedLocation_ = location;
    emit locationSelected(location);
}

void ProfileViewState::setWindow(EventWindow window)
{
    if (window == window_)
        return;
    window_ = window;
    emit windowChanged(window_);
}

void ProfileViewState::setHeldScope(itemmodels::HeldModel::Scope scope)
{
    if (scope == heldScope_)
        return;
    heldScope_ = scope;
    emit heldScopeChanged(heldScope_);
}

void ProfileViewState::forgetSelection()
{
    selectedLocation_.reset();
    emit selectionForgotten();
}

} // namespace memprof::views
