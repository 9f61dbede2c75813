// SPDX-License-Identifier: GPL-3.0-or-later
#include "ViewerSettings.h"

#include "views/CostTableView.h"

#include <QComboBox>
#include <QFileInfo>
#include <QSettings>
#include <QSplitter>

namespace memprof::app {

namespace {
constexpr int kMaxRecentFiles = 10;
const QString kRecentFiles = QStringLiteral("recentFiles");
const QString kSourceFolders = QStringLiteral("sourceFolders");
const QString kHumanReadable = QStringLiteral("view/humanReadableSizes");
const QString kLastOpenFolder = QStringLiteral("lastOpenFolder");
} // namespace

QStringList recentFiles()
{
    return QSettings().value(kRecentFiles).toStringList();
}

void addRecentFile(const QString& path)
{
    const QString absolute = QFileInfo(path).absoluteFilePath();
    QStringList files = recentFiles();
    files.removeAll(absolute);
    files.prepend(absolute);
    while (files.size() > kMaxRecentFiles)
        files.removeLast();
    QSettings().setValue(kRecentFiles, files);
}

void removeRecentFile(const QString& path)
{
    QStringList files = recentFiles();
    files.removeAll(QFileInfo(path).absoluteFilePath());
    QSettings().setValue(kRecentFiles, files);
}

QStringList sourceFolders()
{
    return QSettings().value(kSourceFolders).toStringList();
}

void addSourceFolder(const QString& folder)
{
    QStringList folders = sourceFolders();
    if (!folders.contains(folder))
        folders.append(folder);
    QSettings().setValue(kSourceFolders, folders);
}

void clearSourceFolders()
{
    QSettings().remove(kSourceFolders);
}

bool humanReadableSizes()
{
    return QSettings().value(kHumanReadable, true).toBool();
}

void setHumanReadableSizes(bool humanReadable)
{
    QSettings().setValue(kHumanReadable, humanReadable);
}

QByteArray windowGeometry()
{
    return QSettings().value(QStringLiteral("window/geometry")).toByteArray();
}

void setWindowGeometry(const QByteArray& geometry)
{
    QSettings().setValue(QStringLiteral("window/geometry"), geometry);
}

QByteArray splitterState(const QString& name)
{
    return QSettings().value(QStringLiteral("window/") + name).toByteArray();
}

void setSplitterState(const QString& name, const QByteArray& state)
{
    QSettings().setValue(QStringLiteral("window/") + name, state);
}

std::optional<QList<int>> hiddenColumns(const QString& view)
{
    const QVariant saved = QSettings().value(QStringLiteral("columns/hidden/") + view);
    if (!saved.isValid())
        return std::nullopt;
    QList<int> columns;
    for (const QVariant& column : saved.toList())
        columns.append(column.toInt());
    return columns;
}

void setHiddenColumns(const QString& view, const QList<int>& columns)
{
    QVariantList values;
    for (int column : columns)
        values.append(column);
    QSettings().setValue(QStringLiteral("columns/hidden/") + view, values);
}

QString lastOpenFolder()
{
    return QSettings().value(kLastOpenFolder).toString();
}

void setLastOpenFolder(const QString& folder)
{
    QSettings().setValue(kLastOpenFolder, folder);
}

views::RecordForm recordForm()
{
    QSettings settings;
    settings.beginGroup(QStringLiteral("record"));
    views::RecordForm form;
    form.attach = settings.value(QStringLiteral("attach"), false).toBool();
    form.kind = settings.value(QStringLiteral("kind")).toString() == QStringLiteral("cpu") ? record::ProfilerKind::Cpu
                                                                                         : record::ProfilerKind::Memory;
    const QString mode = settings.value(QStringLiteral("mode"), QStringLiteral("C")).toString();
    form.cpu.mode = mode.size() == 1 && QStringLiteral("DLC").contains(mode) ? mode.at(0).toLatin1() : 'C';
    form.cpu.intervalMs = std::max(1, settings.value(QStringLiteral("intervalMs"), 10).toInt());
    form.stopAfterSeconds = std::max(0, settings.value(QStringLiteral("stopAfterSeconds"), 0).toInt());
    form.program = settings.value(QStringLiteral("program")).toString();
    form.script = settings.value(QStringLiteral("script")).toString();
    form.arguments = settings.value(QStringLiteral("arguments")).toString();
    form.workingFolder = settings.value(QStringLiteral("workingFolder")).toString();
    form.addresses = settings.value(QStringLiteral("addresses")).toStringList();
    form.cluster = settings.value(QStringLiteral("cluster")).toStringList();
    form.user = settings.value(QStringLiteral("user")).toString();
    form.rememberPassword = settings.value(QStringLiteral("rememberPassword"), false).toBool();
    form.dumpFolder = settings.value(QStringLiteral("dumpFolder")).toString();
    return form;
}

void setRecordForm(const views::RecordForm& form)
{
    QSettings settings;
    settings.beginGroup(QStringLiteral("record"));
    settings.setValue(QStringLiteral("attach"), form.attach);
    settings.setValue(QStringLiteral("kind"),
                      form.kind == record::ProfilerKind::Cpu ? QStringLiteral("cpu") : QStringLiteral("memory"));
    settings.setValue(QStringLiteral("mode"), QString(QLatin1Char(form.cpu.mode)));
    settings.setValue(QStringLiteral("intervalMs"), form.cpu.intervalMs);
    settings.setValue(QStringLiteral("stopAfterSeconds"), form.stopAfterSeconds);
    settings.setValue(QStringLiteral("program"), form.program);
    settings.setValue(QStringLiteral("script"), form.script);
    settings.setValue(QStringLiteral("arguments"), form.arguments);
    settings.setValue(QStringLiteral("workingFolder"), form.workingFolder);
    settings.setValue(QStringLiteral("addresses"), form.addresses);
    settings.setValue(QStringLiteral("cluster"), form.cluster);
    settings.setValue(QStringLiteral("user"), form.user);
    settings.setValue(QStringLiteral("rememberPassword"), form.rememberPassword);
    settings.setValue(QStringLiteral("dumpFolder"), form.dumpFolder);
}

namespace {
// The tables and trees whose hidden columns the settings keep, by name.
QList<views::CostTableView*> rememberedViews(const QWidget* page)
{
    QList<views::CostTableView*> views = page->findChildren<views::CostTableView*>();
    views.removeIf([](const views::CostTableView* view) { return view->objectName().isEmpty(); });
    return views;
}
// The choices a user makes once and expects back (the held pane's mode):
// combo boxes marked with the "remembered" property.
QList<QComboBox*> rememberedChoices(const QWidget* page)
{
    QList<QComboBox*> choices = page->findChildren<QComboBox*>();
    choices.removeIf([](const QComboBox* choice) {
        return choice->objectName().isEmpty() || !choice->property("remembered").toBool();
    });
    return choices;
}
} // namespace

void restorePageLayout(QWidget* page)
{
    for (auto* splitter : page->findChildren<QSplitter*>())
        splitter->restoreState(splitterState(splitter->objectName()));
    for (auto* view : rememberedViews(page))
        if (const auto hidden = hiddenColumns(view->objectName()))
            view->chooseHiddenColumns(*hidden);
    restoreSortChoices(page);
    QSettings settings;
    for (auto* choice : rememberedChoices(page)) {
        const QVariant index = settings.value(QStringLiteral("choice/") + choice->objectName());
        if (index.isValid() && index.toInt() >= 0 && index.toInt() < choice->count())
            choice->setCurrentIndex(index.toInt());
    }
}

void restoreSortChoices(QWidget* page)
{
    QSettings settings;
    for (auto* view : rememberedViews(page)) {
        const QString key = QStringLiteral("sort/") + view->objectName();
        if (!settings.contains(key + QStringLiteral("/column")))
            continue;
        view->chooseSort(
            {settings.value(key + QStringLiteral("/column")).toInt(),
             settings.value(key + QStringLiteral("/descending")).toBool() ? Qt::DescendingOrder : Qt::AscendingOrder});
    }
}

void savePageLayout(const QWidget* page)
{
    for (auto* splitter : page->findChildren<QSplitter*>())
        setSplitterState(splitter->objectName(), splitter->saveState());
    QSettings settings;
    for (auto* view : rememberedViews(page)) {
        if (view->columnsChosen())
            setHiddenColumns(view->objectName(), view->hiddenColumns());
        if (const auto sort = view->sortChosen()) {
            const QString key = QStringLiteral("sort/") + view->objectName();
            settings.setValue(key + QStringLiteral("/column"), sort->column);
            settings.setValue(key + QStringLiteral("/descending"), sort->order == Qt::DescendingOrder);
        }
    }
    for (auto* choice : rememberedChoices(page))
        settings.setValue(QStringLiteral("choice/") + choice->objectName(), choice->currentIndex());
}

} // namespace memprof::app
