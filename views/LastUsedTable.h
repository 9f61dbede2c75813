// SPDX-License-Identifier: GPL-3.0-or-later
// The table Export CSV acts on: of a page's tables, the one used last, that
// is focused last or brought to the front of the page's tabs (itself or
// in a pane that holds it).
#pragma once

#include <QList>
#include <QObject>

class QTabWidget;
class QWidget;

namespace memprof::views {

class CostTableView;

// Of `tables`, the one in front: the current tab, or the first one in it.
CostTableView* tableInFront(const QTabWidget* tabs, const QList<CostTableView*>& tables);

class LastUsedTable : public QObject {
    Q_OBJECT
public:
    // `tables`: the page's tables that count, the first one used until
    // another is.
    LastUsedTable(QTabWidget* tabs, QList<CostTableView*> tables, QObject* parent = nullptr);

    CostTableView* table() const { return table_; }
    void setTable(CostTableView* table);

private:
    void onFocusChanged(QWidget* now);

    QList<CostTableView*> tables_;
    CostTableView* table_;
};

} // namespace memprof::views
