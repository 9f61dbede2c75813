// SPDX-License-Identifier: GPL-3.0-or-later
// The leak summary: what still holds memory, ranked by held bytes, with the
// scope switch (accurate live blocks, the reference's heap summary, for a
// window the blocks live at its end, and the leak suspects) and one line
// saying how the chosen scope counts. When a window is first set it shows
// the window's survivors; the scopes about the window's end are offered
// only for a window. It follows the page's
// filter, size units and selected location (by name: the summary merges a
// name's identities), and sets the page's held scope.
#pragma once

#include "model/memprofile/Profile.h"

#include <QWidget>

#include <memory>

class QComboBox;
class QLabel;

namespace memprof::itemmodels {
class HeldModel;
}

namespace memprof::views {

class CostTableView;
class ViewState;

class HeldPane : public QWidget {
    Q_OBJECT
public:
    HeldPane(itemmodels::HeldModel* model, ViewState* state, QWidget* parent = nullptr);

    void setProfile(std::shared_ptr<const Profile> profile);

    CostTableView* table() const { return table_; }
    QComboBox* scopeBox() const { return scope_; }

private:
    void applyScope(int index);
    void offerWindowScopes(bool windowed);
    void showExplanation(const QString& text);
    void showLocation(LocationId location);

    itemmodels::HeldModel* model_;
    ViewState* state_;
    std::shared_ptr<const Profile> profile_;
    bool windowed_ = false;
    QComboBox* scope_;
    QLabel* explanation_;
    CostTableView* table_;
};

} // namespace memprof::views
