// SPDX-License-Identifier: GPL-3.0-or-later
// A window's widgets found by their object names, as the settings and
// --screenshot find them, for the window tests.
#pragma once

#include "model/itemmodels/DiffTableModel.h"
#include "model/memprofile/Profile.h"
#include "views/CostTableView.h"
#include "views/DiffSummaryHeader.h"
#include "views/FilterField.h"
#include "views/FunctionTreeView.h"
#include "views/LoadingPage.h"
#include "views/MessageBar.h"
#include "views/SourcePane.h"

#include <QTabWidget>
#include <QWidget>

namespace memprof::test {

// The widget named `name` in `window`; the test stops if there is none.
template <typename Widget = QWidget>
Widget* widgetNamed(const QWidget* window, const char* name)
{
    auto* widget = window->findChild<Widget*>(QString::fromLatin1(name));
    if (!widget)
        qFatal("the window has no %s named %s", Widget::staticMetaObject.className(), name);
    return widget;
}

inline views::CostTableView* eventTable(const QWidget* window, EventKind kind)
{
    return widgetNamed<views::CostTableView>(window, kind == EventKind::Alloc     ? "tableAllocations"
                                                     : kind == EventKind::Realloc ? "tableReallocations"
                                                                                  : "tableFrees");
}

inline views::CostTableView* diffTable(const QWidget* window, itemmodels::DiffTableModel::Table table)
{
    using Table = itemmodels::DiffTableModel::Table;
    return widgetNamed<views::CostTableView>(window, table == Table::Allocations     ? "diffTableAllocations"
                                                     : table == Table::Reallocations ? "diffTableReallocations"
                                                     : table == Table::Frees         ? "diffTableFrees"
                                                                                     : "diffTableHeld");
}

inline views::CostTableView* heldTable(const QWidget* w)
{
    return widgetNamed<views::CostTableView>(w, "heldTable");
}
inline views::CostTableView* overridesTable(const QWidget* w)
{
    return widgetNamed<views::CostTableView>(w, "overridesTable");
}
inline views::FunctionTreeView* functionTree(const QWidget* w)
{
    auto* tree = w->findChild<views::FunctionTreeView*>(QStringLiteral("functionTree"));
    return tree ? tree : widgetNamed<views::FunctionTreeView>(w, "diffFunctionTree");
}
inline QTabWidget* mainTabs(const QWidget* w)
{
    return widgetNamed<QTabWidget>(w, "mainTabs");
}
inline views::SourcePane* sourcePane(const QWidget* w)
{
    return widgetNamed<views::SourcePane>(w, "sourcePane");
}
inline views::FilterField* filterField(const QWidget* w)
{
    return widgetNamed<views::FilterField>(w, "filterField");
}
inline views::MessageBar* messageBar(const QWidget* w)
{
    return widgetNamed<views::MessageBar>(w, "messageBar");
}
inline views::LoadingPage* loadingPage(const QWidget* w)
{
    return widgetNamed<views::LoadingPage>(w, "loadingPage");
}
inline views::DiffSummaryHeader* diffSummaryHeader(const QWidget* w)
{
    return widgetNamed<views::DiffSummaryHeader>(w, "summaryHeader");
}
inline QWidget* startPage(const QWidget* w)
{
    return widgetNamed(w, "startPage");
}
inline QWidget* profilePage(const QWidget* w)
{
    return widgetNamed(w, "profilePage");
}
inline QWidget* comparisonPage(const QWidget* w)
{
    return widgetNamed(w, "comparisonPage");
}

} // namespace memprof::test
