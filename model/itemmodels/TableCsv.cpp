// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/itemmodels/TableCsv.h"

#include "model/itemmodels/ModelRoles.h"
#include "model/report/CsvExport.h"
#include "model/support/OutputFile.h"

#include <QFile>

namespace memprof::itemmodels {

namespace {
std::string rawField(const QVariant& value)
{
    if (value.typeId() == QMetaType::Double)
        return QString::number(value.toDouble(), 'g', 10).toStdString();
    return value.toString().toStdString();
}

bool isTree(const QAbstractItemModel& model)
{
    for (int row = 0; row < model.rowCount(); ++row)
        if (model.hasChildren(model.index(row, 0)))
            return true;
    return false;
}

void appendRows(const QAbstractItemModel& model, const QModelIndex& parent, int depth, bool tree,
                const QList<int>& columns, std::string& csv)
{
    std::vector<std::string> fields;
    for (int row = 0; row < model.rowCount(parent); ++row) {
        fields.clear();
        if (tree)
            fields.push_back(std::to_string(depth));
        for (int column : columns)
            fields.push_back(rawField(model.index(row, column, parent).data(SortRole)));
        csv += csvRecord(fields);
        if (tree)
            appendRows(model, model.index(row, 0, parent), depth + 1, tree, columns, csv);
    }
}
} // namespace

std::string tableToCsv(const QAbstractItemModel& model, const QList<int>& columns)
{
    std::string csv;
    std::vector<std::string> fields;
    const bool tree = isTree(model);
    if (tree)
        fields.push_back("depth");
    for (int column : columns) {
        QVariant header = model.headerData(column, Qt::Horizontal, CsvHeaderRole);
        if (!header.isValid())
            header = model.headerData(column, Qt::Horizontal, Qt::DisplayRole);
        fields.push_back(header.toString().toStdString());
    }
    csv += csvRecord(fields);
    appendRows(model, {}, 0, tree, columns, csv);
    return csv;
}

bool writeCsvFile(const QString& path, const std::string& csv, QString* error)
{
    const std::string cause = writeOutputFile(QFile::encodeName(path).toStdString(), csv);
    if (!cause.empty() && error)
        *error = QString::fromLocal8Bit(cause.c_str());
    return cause.empty();
}

QString rowsToTabSeparated(const QAbstractItemModel& model, const QList<int>& rows, const QList<int>& columns)
{
    QModelIndexList indexes;
    for (int row : rows)
        indexes << model.index(row, 0);
    return rowsToTabSeparated(indexes, columns);
}

QString rowsToTabSeparated(const QModelIndexList& rows, const QList<int>& columns)
{
    if (rows.isEmpty())
        return {};
    const QAbstractItemModel& model = *rows.first().model();
    // Tabs and line breaks inside a field would break the table apart.
    auto clean = [](QString text) { return text.replace(u'\t', u' ').replace(u'\n', u' '); };
    QStringList lines;
    QStringList fields;
    for (int column : columns)
        fields << clean(model.headerData(column, Qt::Horizontal, Qt::DisplayRole).toString());
    lines << fields.join(u'\t');
    for (const QModelIndex& row : rows) {
        fields.clear();
        for (int column : columns)
            fields << clean(row.siblingAtColumn(column).data(Qt::DisplayRole).toString());
        lines << fields.join(u'\t');
    }
    return lines.join(u'\n') + u'\n';
}

} // namespace memprof::itemmodels
