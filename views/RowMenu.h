// SPDX-License-Identifier: GPL-3.0-or-later
// The context menu of a row in a page's tables and trees: Copy Row (as
// Ctrl+C copies, the visible columns tab-separated), Filter to This File
// (the page's filter set to the row's chunk, as a literal), Show Source
// (what the page shows for the row: its location or function selected, a
// function's or file's chunk). Each page has one; its tables are attached
// to it.
#pragma once

#include <QModelIndex>
#include <QObject>
#include <QString>

class QMenu;
class QPoint;

namespace memprof::views {

class CostTableView;
class FilterField;
class ResultsPage;

class RowMenu : public QObject {
    Q_OBJECT
public:
    RowMenu(ResultsPage* page, FilterField* filter);

    void attach(CostTableView* table);
    // Opens the menu of the row of `table` at `pos` (viewport coordinates);
    // nullptr if there is no row there. The menu (named "rowContextMenu",
    // a child of the table) deletes itself when closed.
    QMenu* popup(CostTableView* table, const QPoint& pos);

    // The chunk a row belongs to ("@file.lua", an alias), empty for rows
    // of no Lua chunk (INTERNAL, C functions).
    QString chunkOf(const QModelIndex& index) const;

private:
    void filterToFile(const QString& chunk);

    ResultsPage* page_;
    FilterField* filter_;
};

} // namespace memprof::views
