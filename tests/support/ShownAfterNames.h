// SPDX-License-Identifier: GPL-3.0-or-later
// What a pane shows of a row once its model is given the functions' names:
// the names arrive after the rows are shown, so the model must change the
// rows in place (dataChanged), never reset them or their layout.
#pragma once

#include <QAbstractItemModel>
#include <QPersistentModelIndex>
#include <QSignalSpy>
#include <QString>

namespace memprof::test {

// What `index` shows once `apply` gives its model the names, or a text
// that says the model reset its rows or told no change.
template <class Apply>
QString shownAfterNames(QAbstractItemModel& model, const QPersistentModelIndex& index, Apply&& apply)
{
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    QSignalSpy layout(&model, &QAbstractItemModel::layoutChanged);
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    apply();
    if (reset.count() != 0 || layout.count() != 0 || changed.count() == 0 || !index.isValid())
        return QStringLiteral("<reset, or no change told>");
    return index.data().toString();
}

} // namespace memprof::test
