// SPDX-License-Identifier: GPL-3.0-or-later
// What the viewer remembers between runs (QSettings): recent dumps, the
// source folders the user added, the units, the last folder opened, the
// window's layout, the hidden columns, the sort orders and the held pane's mode.
#pragma once

#include "views/record/RecordForm.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

class QWidget;

namespace memprof::app {

QStringList recentFiles();
void addRecentFile(const QString& path);
void removeRecentFile(const QString& path);

QStringList sourceFolders();
void addSourceFolder(const QString& folder);
void clearSourceFolders();

bool humanReadableSizes();
void setHumanReadableSizes(bool humanReadable);

QByteArray windowGeometry();
void setWindowGeometry(const QByteArray& geometry);
QByteArray splitterState(const QString& name);
void setSplitterState(const QString& name, const QByteArray& state);

// The columns the user chose to hide in the table or tree named `view` (its
// objectName); nothing if the user never changed its defaults.
std::optional<QList<int>> hiddenColumns(const QString& view);
void setHiddenColumns(const QString& view, const QList<int>& columns);

// A page's splitter sizes, the columns the user hid and the sorts the user
// chose in its tables, and its remembered choices (the held pane's mode), by
// their object names.
void restorePageLayout(QWidget* page);
void savePageLayout(const QWidget* page);
// Only the sorts the user chose, for a page that just showed another dump.
void restoreSortChoices(QWidget* page);

QString lastOpenFolder();
void setLastOpenFolder(const QString& folder);

// The Record dialog's choices (never a password).
views::RecordForm recordForm();
void setRecordForm(const views::RecordForm& form);

} // namespace memprof::app
