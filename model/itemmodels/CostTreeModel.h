// SPDX-License-Identifier: GPL-3.0-or-later
// The common part of the cost trees (the by-function tree of one profile,
// and of two compared): columns of a kind with the tables' header roles, the
// human-readable switch, the file -> function -> line structure as an item
// model, and where each node leads in the source pane. CostTreeModelOf<Tree>
// adapts any tree of nodes with kind, label, parent, children, location and
// function (FunctionTree, FunctionTreeDiff); subclasses add the cost cells.
#pragma once

#include "model/memprofile/FunctionTree.h"
#include "model/itemmodels/CostTableModel.h"
#include "model/itemmodels/ModelRoles.h"

#include <QAbstractItemModel>

#include <memory>
#include <vector>

namespace memprof::itemmodels {

class CostTreeModel : public QAbstractItemModel {
    Q_OBJECT
public:
    using Column = CostTableModel::Column;

    // Where selecting a node leads: a line selects its location; a function
    // shows its chunk at the line it was defined; a file shows its chunk; a
    // group (INTERNAL, C functions) explains itself through its first line.
    struct NodeTarget {
        enum class Kind { None, Location, Chunk, Explanation };
        Kind kind = Kind::None;
        LocationId location = 0;             // Location, Explanation
        std::int32_t function = kNoFunction; // Chunk
        int line = 0;                        // Chunk: linedefined, 0 for a whole file
    };

    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    void setHumanReadable(bool humanReadable);
    bool humanReadable() const { return humanReadable_; }
    const Column& column(int section) const { return columns_[static_cast<std::size_t>(section)]; }

    virtual NodeTarget targetOf(const QModelIndex& index) const = 0;
    // The line node of a location (column 0), invalid if there is none.
    virtual QModelIndex indexOfLocation(LocationId location) const = 0;

protected:
    explicit CostTreeModel(std::vector<Column> columns, QObject* parent = nullptr);

    // What a node is, for its tool tip: the group explanations, a
    // function's definition line.
    QString describeNode(FrameKind kind, const std::string& label, std::int32_t function) const;
    // A node's name as shown: a function node (labelled chunk:linedefined,
    // like a line) reads "function at chunk:N" or "main chunk of chunk";
    // other nodes show their label.
    static QString nodeName(FrameKind kind, const std::string& label);
    // The source profile (whose locations and functions nodes point at).
    std::shared_ptr<const Profile> profile_;

    // Every cell below `parent` is displayed anew (the words changed).
    void emitDisplayChanged(const QModelIndex& parent);

private:
    std::vector<Column> columns_;
    bool humanReadable_ = true;
};

template <typename Tree>
class CostTreeModelOf : public CostTreeModel {
public:
    using Node = typename decltype(Tree::nodes)::value_type;

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override
    {
        if (row < 0 || column < 0 || column >= columnCount() || (parent.isValid() && parent.column() != 0))
            return {};
        const std::vector<std::int32_t>& siblings = parent.isValid() ? nodeOf(parent).children : tree_.roots;
        if (row >= static_cast<int>(siblings.size()))
            return {};
        return createIndex(row, column, static_cast<quintptr>(siblings[static_cast<std::size_t>(row)]));
    }

    QModelIndex parent(const QModelIndex& child) const override
    {
        if (!child.isValid())
            return {};
        return indexOfNode(nodeOf(child).parent, 0);
    }

    int rowCount(const QModelIndex& parent = {}) const override
    {
        if (!parent.isValid())
            return static_cast<int>(tree_.roots.size());
        return parent.column() == 0 ? static_cast<int>(nodeOf(parent).children.size()) : 0;
    }

    const Tree& tree() const { return tree_; }
    // The node behind an index of this model, or nullptr.
    const Node* nodeAt(const QModelIndex& index) const
    {
        return index.isValid() && index.model() == this ? &nodeOf(index) : nullptr;
    }

    NodeTarget targetOf(const QModelIndex& index) const override
    {
        const Node* node = nodeAt(index);
        NodeTarget target;
        if (!node || !profile_)
            return target;
        switch (node->kind) {
        case FrameKind::Line:
            if (node->location >= 0) {
                target.kind = NodeTarget::Kind::Location;
                target.location = static_cast<LocationId>(node->location);
            }
            return target;
        case FrameKind::Lua:
        case FrameKind::File:
            if (node->function == kNoFunction)
                return target;
            target.kind = NodeTarget::Kind::Chunk;
            target.function = node->function;
            if (node->kind == FrameKind::Lua)
                target.line = static_cast<int>(profile_->functions[static_cast<std::size_t>(node->function)].linedefined);
            return target;
        case FrameKind::Group:
        default: { // the tree's nodes are files, functions, lines and groups
            const Node* first = node;
            while (!first->children.empty())
                first = &tree_.nodes[static_cast<std::size_t>(first->children.front())];
            if (first->kind == FrameKind::Line && first->location >= 0) {
                target.kind = NodeTarget::Kind::Explanation;
                target.location = static_cast<LocationId>(first->location);
            }
            return target;
        }
        }
        return target;
    }

    QModelIndex indexOfLocation(LocationId location) const override
    {
        if (location >= lineNodeOf_.size())
            return {};
        return indexOfNode(lineNodeOf_[location], 0);
    }

protected:
    using CostTreeModel::CostTreeModel;

    // Call between beginResetModel and endResetModel.
    void setTree(Tree tree, std::shared_ptr<const Profile> profile)
    {
        tree_ = std::move(tree);
        profile_ = std::move(profile);
        rowInParent_.assign(tree_.nodes.size(), 0);
        for (std::size_t r = 0; r < tree_.roots.size(); ++r)
            rowInParent_[static_cast<std::size_t>(tree_.roots[r])] = static_cast<int>(r);
        for (const Node& node : tree_.nodes)
            for (std::size_t r = 0; r < node.children.size(); ++r)
                rowInParent_[static_cast<std::size_t>(node.children[r])] = static_cast<int>(r);
        lineNodeOf_.assign(profile_ ? profile_->locations.size() : 0, kNoNode);
        for (std::size_t n = tree_.nodes.size(); n-- > 0;) // the first node of a location wins
            if (tree_.nodes[n].kind == FrameKind::Line && tree_.nodes[n].location >= 0)
                lineNodeOf_[static_cast<std::size_t>(tree_.nodes[n].location)] = static_cast<std::int32_t>(n);
    }

    const Node& nodeOf(const QModelIndex& index) const { return tree_.nodes[static_cast<std::size_t>(index.internalId())]; }

    QModelIndex indexOfNode(std::int32_t node, int column) const
    {
        if (node == kNoNode)
            return {};
        return createIndex(rowInParent_[static_cast<std::size_t>(node)], column, static_cast<quintptr>(node));
    }

    // The roles every tree answers alike: alignment, the location of a
    // line node, the function of a file or function node.
    QVariant structureData(const QModelIndex& index, int role) const
    {
        const Node& node = nodeOf(index);
        switch (role) {
        case Qt::TextAlignmentRole:
            return column(index.column()).kind == CostKind::Text ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                                                                  : QVariant(Qt::AlignRight | Qt::AlignVCenter);
        case LocationIdRole:
            if (node.kind == FrameKind::Line && node.location >= 0)
                return QVariant::fromValue(static_cast<uint>(node.location));
            return {};
        case FunctionIndexRole:
            if ((node.kind == FrameKind::Lua || node.kind == FrameKind::File) && node.function != kNoFunction)
                return node.function;
            return {};
        default:
            return {};
        }
    }

    Tree tree_;

private:
    std::vector<int> rowInParent_;         // by node
    std::vector<std::int32_t> lineNodeOf_; // by location id, kNoNode if none
};

} // namespace memprof::itemmodels
