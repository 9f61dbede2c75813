// SPDX-License-Identifier: GPL-3.0-or-later
// What both windows do alike around their results page: say why a dump
// cannot be shown, ask for a source folder, write the table used last as
// CSV, and the Edit and View actions that set the page's view state.
#pragma once

#include <QString>

#include <functional>

class QAction;
class QMainWindow;
class QMenu;
class QObject;
class QWidget;

namespace memprof::views {
class ResultsPage;
}

namespace memprof::app {

// The message box (named "loadErrorBox") saying why `path` is not shown;
// it deletes itself when closed. `parent` may be null.
void showLoadError(QWidget* parent, const QString& title, const QString& path, const QString& message);

// Asks for a folder to search sources in, starting at `startFolder`; it is
// remembered, and the page searches it from then on.
void chooseSourceFolder(QWidget* window, views::ResultsPage* page, const QString& startFolder);

// Writes the page's table used last, as shown; false with `error` set.
bool exportActiveTable(const views::ResultsPage* page, const QString& path, QString* error = nullptr);
// Asks where to write it, suggesting `folder`/`fileStem`-<table>.csv, and
// says in the status bar what was written.
void chooseAndExportActiveTable(QMainWindow* window, const views::ResultsPage* page, const QString& titleFormat,
                                const QString& folder, const QString& fileStem);

// Edit > Filter Locations: focuses the page's filter.
QAction* addFilterAction(QMenu* edit, views::ResultsPage* page);
// The same for a window that shows one page of several: the one
// `shownPage` returns when the action is triggered (`context` owns it).
QAction* addFilterAction(QMenu* edit, QObject* context, std::function<views::ResultsPage*()> shownPage);
// View > Human-Readable Sizes: a setting, and the page's view state.
QAction* addHumanReadableAction(QMenu* view, views::ResultsPage* page);

} // namespace memprof::app
