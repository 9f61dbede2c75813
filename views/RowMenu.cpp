// SPDX-License-Identifier: GPL-3.0-or-later
#include "RowMenu.h"

#include "CostTableView.h"
#include "FilterField.h"
#include "ResultsPage.h"
#include "ViewState.h"
#include "model/itemmodels/DisplayText.h"
#include "model/itemmodels/FilterExpression.h"
#include "model/itemmodels/TableCsv.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QLineEdit>
#include <QMenu>
#include <QSortFilterProxyModel>

namespace memprof::views {

RowMenu::RowMenu(ResultsPage* page, FilterField* filter) : QObject(page), page_(page), filter_(filter)
{}

void RowMenu::attach(CostTableView* table)
{
    table->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(table, &QWidget::customContextMenuRequested, this, [this, table](const QPoint& pos) { popup(table, pos); });
}

QString RowMenu::chunkOf(const QModelIndex& index) const
{
    return index.isValid() ? page_->rowChunk(index) : QString();
}

QMenu* RowMenu::popup(CostTableView* table, const QPoint& pos)
{
    const QModelIndex index = table->indexAt(pos).siblingAtColumn(0);
    if (!index.isValid())
        return nullptr;
    auto* menu = new QMenu(table);
    menu->setObjectName(QStringLiteral("rowContextMenu"));
    menu->setAttribute(Qt::WA_DeleteOnClose);

    QAction* copy = menu->addAction(tr("&Copy Row"));
    copy->setObjectName(QStringLiteral("copyRowAction"));
    const QList<int> columns = table->visibleColumns();
    connect(copy, &QAction::triggered, this, [index = QPersistentModelIndex(index), columns] {
        if (index.isValid())
            QApplication::clipboard()->setText(itemmodels::rowsToTabSeparated({QModelIndex(index)}, columns));
    });

    const QString chunk = chunkOf(index);
    QString shownChunk = itemmodels::displayText(chunk);
    if (shownChunk.size() > 60) // a chunk named by its source text
        shownChunk = shownChunk.left(57) + QStringLiteral("…");
    QAction* filter =
        menu->addAction(chunk.isEmpty() ? tr("&Filter to This File") : tr("&Filter to %1").arg(shownChunk));
    filter->setObjectName(QStringLiteral("filterToFileAction"));
    filter->setEnabled(!chunk.isEmpty());
    if (chunk.isEmpty())
        filter->setToolTip(tr("This row is not in a Lua file"));
    connect(filter, &QAction::triggered, this, [this, chunk] { filterToFile(chunk); });

    const std::function<void()> show = page_->rowSource(table, index);
    QAction* source = menu->addAction(tr("Show &Source"));
    source->setObjectName(QStringLiteral("showSourceAction"));
    source->setEnabled(static_cast<bool>(show));
    if (show)
        connect(source, &QAction::triggered, this, show);

    menu->popup(table->viewport()->mapToGlobal(pos));
    return menu;
}

void RowMenu::filterToFile(const QString& chunk)
{
    // The filter field shows what the page filters by; the view state is
    // set at once (the field's own, later, expression is the same).
    filter_->regexBox()->setChecked(false);
    filter_->lineEdit()->setText(chunk);
    page_->viewState()->setFilter(itemmodels::filterExpression(chunk, itemmodels::FilterSyntax::Substring));
}

} // namespace memprof::views
