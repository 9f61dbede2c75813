// SPDX-License-Identifier: GPL-3.0-or-later
#include "LastUsedTable.h"

#include "CostTableView.h"

#include <QApplication>
#include <QTabWidget>

namespace memprof::views {

CostTableView* tableInFront(const QTabWidget* tabs, const QList<CostTableView*>& tables)
{
    const QWidget* current = tabs->currentWidget();
    if (!current)
        return nullptr;
    for (CostTableView* table : tables)
        if (table == current)
            return table;
    for (CostTableView* table : tables)
        if (current->isAncestorOf(table))
            return table;
    return nullptr;
}

LastUsedTable::LastUsedTable(QTabWidget* tabs, QList<CostTableView*> tables, QObject* parent)
    : QObject(parent), tables_(std::move(tables)), table_(tables_.value(0))
{
    connect(tabs, &QTabWidget::currentChanged, this, [this, tabs] { setTable(tableInFront(tabs, tables_)); });
    connect(qApp, &QApplication::focusChanged, this, [this](QWidget*, QWidget* now) { onFocusChanged(now); });
}

void LastUsedTable::setTable(CostTableView* table)
{
    if (tables_.contains(table))
        table_ = table;
}

void LastUsedTable::onFocusChanged(QWidget* now)
{
    // The focus may be on a table's viewport or header.
    for (QWidget* w = now; w; w = w->parentWidget()) {
        if (auto* table = qobject_cast<CostTableView*>(w); table && tables_.contains(table)) {
            table_ = table;
            return;
        }
    }
}

} // namespace memprof::views
