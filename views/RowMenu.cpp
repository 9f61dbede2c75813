// SPDX-License-Identifier: GPL-3.0-or-later
#include "RowMenu.h"

#include "CostTableView.h"
#include "FilterField.h"
#include "FunctionTreeView.h"
#include "ProfileViewState.h"
#include "ResultsPage.h"
#include "SourcePane.h"
#include "model/itemmodels/CostTreeModel.h"
#include "model/itemmodels/DisplayText.h"
#include "model/itemmodels/FilterExpression.h"
#include "model/itemmodels/ModelRoles.h"
#include "model/itemmodels/TableCsv.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QLineEdit>
#include <QMenu>
#include <QSortFilterProxyModel>

namespace memprof::views {

RowMenu::RowMenu(ResultsPage* page, FilterField* filter, SourcePane* source)
    : QObject(page)
    , page_(page)
    , filter_(filter)
    , source_(source)
{
}

void RowMenu::attach(CostTableView* table)
{
    table->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(table, &QWidget::customContextMenuRequested, this, [this, table](const QPoint& pos) { popup(table, pos); });
}

QString RowMenu::chunkOf(const QModelIndex& index) const
{
    const Profile* profile = page_->selectableProfile();
    if (!profile || !index.isValid())
        return {};
    std::int32_t function = kNoFunction;
    if (const QVariant id = index.data(itemmodels::LocationIdRole); id.isValid() && id.toUInt() < profile->locations.size())
        function = profile->locations[id.toUInt()].function;
    else if (const QVariant f = index.data(itemmodels::FunctionIndexRole); f.isValid())
        function = f.toInt();
    if (function < 0 || static_cast<std::size_t>(function) >= profile->functions.size())
        return {};
    return QString::fromStdString(profile->functions[static_cast<std::size_t>(function)].displayChunk(profile->aliases));
}

RowMenu::SourceTarget RowMenu::sourceTargetOf(const CostTableView* table, const QModelIndex& index) const
{
    SourceTarget target;
    if (const auto* tree = qobject_cast<const FunctionTreeView*>(table); tree && tree->treeModel()) {
        const auto node = tree->treeModel()->targetOf(tree->proxyModel()->mapToSource(index));
        using Kind = itemmodels::CostTreeModel::NodeTarget::Kind;
        if (node.kind == Kind::Chunk) {
            target.function = node.function;
            target.line = node.line;
            return target;
        }
        if (node.kind == Kind::Location)
            target.location = node.location;
        return target;
    }
    if (const QVariant id = index.data(itemmodels::LocationIdRole); id.isValid())
        target.location = static_cast<LocationId>(id.toUInt());
    return target;
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
    QAction* filter = menu->addAction(chunk.isEmpty() ? tr("&Filter to This File") : tr("&Filter to %1").arg(shownChunk));
    filter->setObjectName(QStringLiteral("filterToFileAction"));
    filter->setEnabled(!chunk.isEmpty());
    if (chunk.isEmpty())
        filter->setToolTip(tr("This row is not in a Lua file"));
    connect(filter, &QAction::triggered, this, [this, chunk] { filterToFile(chunk); });

    const SourceTarget target = sourceTargetOf(table, index);
    QAction* source = menu->addAction(tr("Show &Source"));
    source->setObjectName(QStringLiteral("showSourceAction"));
    source->setEnabled(target.location || target.function != kNoFunction);
    connect(source, &QAction::triggered, this, [this, target] { showSource(target); });

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

void RowMenu::showSource(const SourceTarget& target)
{
    if (target.location) {
        page_->selectLocation(*target.location);
        return;
    }
    if (target.function != kNoFunction) {
        page_->viewState()->forgetSelection();
        source_->showFunction(target.function, target.line);
    }
}

} // namespace memprof::views
