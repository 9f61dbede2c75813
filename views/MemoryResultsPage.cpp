// SPDX-License-Identifier: GPL-3.0-or-later
#include "MemoryResultsPage.h"

#include "FunctionTreeView.h"
#include "SourcePane.h"
#include "model/itemmodels/CostTreeModel.h"
#include "model/itemmodels/ModelRoles.h"

#include <QSortFilterProxyModel>

#include <utility>

namespace memprof::views {

MemoryResultsPage::MemoryResultsPage(QWidget* parent) : ResultsPage(parent)
{}

void MemoryResultsPage::setSelectableProfile(std::shared_ptr<const Profile> profile)
{
    selectableProfile_ = std::move(profile);
    viewState()->forgetSelection();
}

void MemoryResultsPage::selectLocation(LocationId location)
{
    if (selectableProfile_ && location < selectableProfile_->locations.size())
        viewState()->selectLocation(location);
}

QString MemoryResultsPage::rowChunk(const QModelIndex& index) const
{
    const Profile* profile = selectableProfile_.get();
    if (!profile)
        return {};
    std::int32_t function = kNoFunction;
    if (const QVariant id = index.data(itemmodels::LocationIdRole);
        id.isValid() && id.toUInt() < profile->locations.size())
        function = profile->locations[id.toUInt()].function;
    else if (const QVariant f = index.data(itemmodels::FunctionIndexRole); f.isValid())
        function = f.toInt();
    if (function < 0 || static_cast<std::size_t>(function) >= profile->functions.size())
        return {};
    return QString::fromStdString(
        profile->functions[static_cast<std::size_t>(function)].displayChunk(profile->aliases));
}

// A location's row selects it; a tree's function or file node shows its
// chunk (and selects no location).
std::function<void()> MemoryResultsPage::rowSource(const CostTableView* table, const QModelIndex& index)
{
    if (const auto* tree = qobject_cast<const FunctionTreeView*>(table); tree && tree->treeModel()) {
        const auto node = tree->treeModel()->targetOf(tree->proxyModel()->mapToSource(index));
        using Kind = itemmodels::CostTreeModel::NodeTarget::Kind;
        if (node.kind == Kind::Chunk && node.function != kNoFunction)
            return [this, function = node.function, line = node.line] {
                viewState()->forgetSelection();
                sourcePane()->showFunction(function, line);
            };
        if (node.kind == Kind::Location)
            return [this, location = node.location] { selectLocation(location); };
        return {};
    }
    if (const QVariant id = index.data(itemmodels::LocationIdRole); id.isValid())
        return [this, location = static_cast<LocationId>(id.toUInt())] { selectLocation(location); };
    return {};
}

} // namespace memprof::views
