// SPDX-License-Identifier: GPL-3.0-or-later
// What every results page has alike, memory (memprof) and CPU (sysprof),
// one profile or two compared: the view state its panes follow, the filter
// field that sets its filter, the message bar, the tabs (Ctrl+PgDown and
// Ctrl+PgUp step through them), the source pane, the tables Export CSV can
// write, with the one used last, their row menu, and the count of the rows
// the filter lets through in the table in front. What a row names (its Lua
// chunk, its source) each kind of page answers for its own rows.
// A page owns its models and panes; its window keeps menus and settings.
#pragma once

#include "model/dump/DecodeStatus.h"

#include "CostTableView.h"
#include "ViewState.h"

#include <QHash>
#include <QWidget>

#include <functional>

class QTabWidget;
class QTimer;

namespace memprof::views {

class FilterField;
class LastUsedTable;
class MessageBar;
class ReadingBar;
class RowMenu;
class SourcePane;

class ResultsPage : public QWidget {
    Q_OBJECT
public:
    ViewState* viewState() const { return state_; }

    // The table Export CSV acts on: the one used last.
    CostTableView* activeTable() const;
    void setActiveTable(CostTableView* table);
    // A table's name in titles (translated) and in file names (not).
    QString titleOf(const CostTableView* table) const;
    QString fileNameOf(const CostTableView* table) const;

    void setSourceFolders(const QStringList& folders);
    void focusFilter();

    // The panes in tabs ("mainTabs").
    QTabWidget* tabs() const { return tabs_; }
    SourcePane* sourcePane() const { return sourcePane_; }
    FilterField* filterField() const { return filter_; }
    // Shown while the page shows a dump still being read: its progress and Cancel.
    ReadingBar* readingBar() const { return readingBar_; }
    // The reading bar for a page whose dump is still read (`status` Reading:
    // shown with its progress, Cancel enabled anew when the read starts) or
    // has ended (hidden). `wasReading`: the page showed this read before.
    void showReadingBar(const DecodeStatus& status, bool wasReading);

    // What the row menu offers for a row of the page's tables: the Lua
    // chunk the row belongs to ("@file.lua", an alias; empty for none),
    // for Filter to This File; and what Show Source does for it (nothing
    // when the row has no source to show).
    virtual QString rowChunk(const QModelIndex& index) const = 0;
    virtual std::function<void()> rowSource(const CostTableView* table, const QModelIndex& index) = 0;

signals:
    // The source pane offers to add a folder to search sources in.
    void addSourceFolderRequested();
    // A line for the window's status bar.
    void statusMessage(const QString& text);
    // The folders searched for sources changed (setSourceFolders).
    void sourceFoldersChanged();

protected:
    explicit ResultsPage(QWidget* parent = nullptr);

    // From the top: the reading bar, the message bar, the summary, the
    // filter, the panes.
    void layOut(QWidget* summary, QWidget* panes);
    MessageBar* messageBar() const { return messageBar_; }
    // A table Export CSV can write; the first one added is the active
    // table until another is used. Then, once: follow the use of them.
    // (It gets the row context menu too.)
    void addExportableTable(CostTableView* table, const QString& title, const QString& fileName);
    // The row context menu (Copy Row, Filter to This File, Show Source) for a table.
    void addRowMenu(CostTableView* table);
    void trackLastUsedTable();
    // `view` filters its rows by the view state's filter.
    void followFilter(CostTableView* view);

private:
    struct TableNames {
        QString title;
        QString fileName;
    };
    ViewState* state_;
    FilterField* filter_;
    MessageBar* messageBar_;
    ReadingBar* readingBar_;
    QTabWidget* tabs_;
    SourcePane* sourcePane_;
    QList<CostTableView*> exportable_;
    QHash<const CostTableView*, TableNames> names_;
    LastUsedTable* lastUsed_ = nullptr;
    RowMenu* rowMenu_;
    // The filter field counts the rows of the table in front, once the
    // proxies settled after a filter, a new profile or another tab.
    void updateMatchCount();
    QTimer* matchCount_;
};

} // namespace memprof::views
