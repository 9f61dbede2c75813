// SPDX-License-Identifier: GPL-3.0-or-later
// The leak summary: what still holds memory, ranked by held bytes, with the
// scope switch (accurate live blocks, or the reference's heap difference)
// and one line saying how the chosen scope counts.
#pragma once

#include <QWidget>

class QComboBox;
class QLabel;

namespace memprof::qt {
class LeakModel;
}

namespace memprof::views {

class CostTableView;

class LeakPane : public QWidget {
    Q_OBJECT
public:
    LeakPane(qt::LeakModel* model, QWidget* parent = nullptr);

    CostTableView* table() const { return table_; }
    QComboBox* scopeBox() const { return scope_; }

private:
    void applyScope(int index);

    qt::LeakModel* model_;
    QComboBox* scope_;
    QLabel* explanation_;
    CostTableView* table_;
};

} // namespace memprof::views
