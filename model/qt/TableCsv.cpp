// SPDX-License-Identifier: GPL-3.0-or-later
#include "TableCsv.h"

#include "model/CsvExport.h"
#include "model/qt/ModelRoles.h"

namespace memprof::qt {

namespace {
std::string rawField(const QVariant& value)
{
    if (value.typeId() == QMetaType::Double)
        return QString::number(value.toDouble(), 'g', 10).toStdString();
    return value.toString().toStdString();
}
} // namespace

std::string tableToCsv(const QAbstractItemModel& model, const QList<int>& columns)
{
    std::string csv;
    std::vector<std::string> fields;
    for (int column : columns) {
        QVariant header = model.headerData(column, Qt::Horizontal, CsvHeaderRole);
        if (!header.isValid())
            header = model.headerData(column, Qt::Horizontal, Qt::DisplayRole);
        fields.push_back(header.toString().toStdString());
    }
    csv += csvRecord(fields);
    for (int row = 0; row < model.rowCount(); ++row) {
        fields.clear();
        for (int column : columns)
            fields.push_back(rawField(model.index(row, column).data(SortRole)));
        csv += csvRecord(fields);
    }
    return csv;
}

QString rowsToTabSeparated(const QAbstractItemModel& model, const QList<int>& rows, const QList<int>& columns)
{
    // Tabs and line breaks inside a field would break the table apart.
    auto clean = [](QString text) { return text.replace(u'\t', u' ').replace(u'\n', u' '); };
    QStringList lines;
    QStringList fields;
    for (int column : columns)
        fields << clean(model.headerData(column, Qt::Horizontal, Qt::DisplayRole).toString());
    lines << fields.join(u'\t');
    for (int row : rows) {
        fields.clear();
        for (int column : columns)
            fields << clean(model.index(row, column).data(Qt::DisplayRole).toString());
        lines << fields.join(u'\t');
    }
    return lines.join(u'\n') + u'\n';
}

} // namespace memprof::qt
