// SPDX-License-Identifier: GPL-3.0-or-later
// The common part of the cost trees (the by-function tree of one profile,
// and of two compared): columns of a kind with the tables' header roles, the
// human-readable switch, the file -> function -> line structure as an item
// model, and where each node leads in the source pane. CostTreeModelOf<Tree>
// adapts a by-function tree of any cost columns (FunctionFrameTree:
// FunctionTree, FunctionTreeDiff), an index's internal id its node id;
// subclasses add the cost cells.
#pragma once

#include "model/itemmodels/CostTableModel.h"
#include "model/itemmodels/ModelRoles.h"
#include "model/memprofile/FunctionTree.h"

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
        LocationId location = 0; // Location, Explanation
        std::int32_t function = kNoFunction; // Chunk
        int line = 0; // Chunk: linedefined, 0 for a whole file
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
    // How a node reads once the functions' names are read (FunctionLabel.h):
    // a line (`location` of `profile`) and a Lua function (`function`) by
    // the function's name, a file whose source was read by its path, other
    // nodes by nodeName. `location` and `function` are the frame's, or
    // where it points in another profile.
    static FunctionLabel nodeLabel(const Profile* profile, const FunctionFrame& frame, std::int32_t location,
                                   std::int32_t function, const FunctionNameTable* names);
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
    using Node = typename Tree::Node;

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override
    {
        if (row < 0 || column < 0 || column >= columnCount() || (parent.isValid() && parent.column() != 0))
            return {};
        const std::vector<StackNodeId>& siblings = parent.isValid() ? nodeOf(parent).children : tree_.roots();
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
            return static_cast<int>(tree_.roots().size());
        return parent.column() == 0 ? static_cast<int>(nodeOf(parent).children.size()) : 0;
    }

    const Tree& tree() const { return tree_; }
    // The node behind an index of this model, or nullptr.
    const Node* nodeAt(const QModelIndex& index) const
    {
        return index.isValid() && index.model() == this ? &nodeOf(index) : nullptr;
    }
    // What the node behind an index of this model stands for, or nullptr.
    const FunctionFrame* frameAt(const QModelIndex& index) const
    {
        return index.isValid() && index.model() == this ? &frameOf(index) : nullptr;
    }

    NodeTarget targetOf(const QModelIndex& index) const override
    {
        const FunctionFrame* frame = frameAt(index);
        NodeTarget target;
        if (!frame || !profile_)
            return target;
        switch (frame->kind) {
        case FrameKind::Line:
            if (frame->location >= 0) {
                target.kind = NodeTarget::Kind::Location;
                target.location = static_cast<LocationId>(frame->location);
            }
            return target;
        case FrameKind::Lua:
        case FrameKind::File:
            if (frame->function == kNoFunction)
                return target;
            target.kind = NodeTarget::Kind::Chunk;
            target.function = frame->function;
            if (frame->kind == FrameKind::Lua)
                target.line =
                    static_cast<int>(profile_->functions[static_cast<std::size_t>(frame->function)].linedefined);
            return target;
        case FrameKind::Group:
        default: { // the tree's nodes are files, functions, lines and groups
            auto first = static_cast<StackNodeId>(index.internalId());
            while (!tree_.node(first).children.empty())
                first = tree_.node(first).children.front();
            const FunctionFrame& line = tree_.frameOf(first);
            if (line.kind == FrameKind::Line && line.location >= 0) {
                target.kind = NodeTarget::Kind::Explanation;
                target.location = static_cast<LocationId>(line.location);
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
        rowInParent_.assign(tree_.size(), 0);
        for (std::size_t n = 0; n < tree_.size(); ++n) {
            const std::vector<StackNodeId>& children = tree_.node(static_cast<StackNodeId>(n)).children;
            for (std::size_t r = 0; r < children.size(); ++r)
                rowInParent_[static_cast<std::size_t>(children[r])] = static_cast<int>(r);
        }
        lineNodeOf_.assign(profile_ ? profile_->locations.size() : 0, kNoNode);
        for (auto n = static_cast<StackNodeId>(tree_.size()); n-- > 1;) { // the first node of a location wins
            const FunctionFrame& frame = tree_.frameOf(n);
            if (frame.kind == FrameKind::Line && frame.location >= 0)
                lineNodeOf_[static_cast<std::size_t>(frame.location)] = n;
        }
    }

    const Node& nodeOf(const QModelIndex& index) const
    {
        return tree_.node(static_cast<StackNodeId>(index.internalId()));
    }
    const FunctionFrame& frameOf(const QModelIndex& index) const
    {
        return tree_.frameOf(static_cast<StackNodeId>(index.internalId()));
    }

    // The root (the whole profile) is no row: its index is the invalid one.
    QModelIndex indexOfNode(StackNodeId node, int column) const
    {
        if (node <= kStackRoot)
            return {};
        return createIndex(rowInParent_[static_cast<std::size_t>(node)], column, static_cast<quintptr>(node));
    }

    // The roles every tree answers alike: alignment, the location of a
    // line node, the function of a file or function node.
    QVariant structureData(const QModelIndex& index, int role) const
    {
        const FunctionFrame& frame = frameOf(index);
        switch (role) {
        case Qt::TextAlignmentRole:
            return column(index.column()).kind == CostKind::Text ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                                                                 : QVariant(Qt::AlignRight | Qt::AlignVCenter);
        case LocationIdRole:
            if (frame.kind == FrameKind::Line && frame.location >= 0)
                return QVariant::fromValue(static_cast<uint>(frame.location));
            return {};
        case FunctionIndexRole:
            if ((frame.kind == FrameKind::Lua || frame.kind == FrameKind::File) && frame.function != kNoFunction)
                return frame.function;
            return {};
        default:
            return {};
        }
    }

    Tree tree_;

private:
    std::vector<int> rowInParent_; // by node
    std::vector<StackNodeId> lineNodeOf_; // by location id, kNoNode if none
};

} // namespace memprof::itemmodels
