// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/itemmodels/CostTreeModel.h"
#include "model/itemmodels/DisplayText.h"

namespace memprof::itemmodels {

CostTreeModel::CostTreeModel(std::vector<Column> columns, QObject* parent)
    : QAbstractItemModel(parent), columns_(std::move(columns))
{}

int CostTreeModel::columnCount(const QModelIndex&) const
{
    return static_cast<int>(columns_.size());
}

QVariant CostTreeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= columnCount())
        return {};
    return CostTableModel::columnHeaderData(column(section), role);
}

void CostTreeModel::setHumanReadable(bool humanReadable)
{
    if (humanReadable == humanReadable_)
        return;
    humanReadable_ = humanReadable;
    emitDisplayChanged({});
}

void CostTreeModel::emitDisplayChanged(const QModelIndex& parent)
{
    const int rows = rowCount(parent);
    if (rows == 0)
        return;
    emit dataChanged(index(0, 0, parent), index(rows - 1, columnCount() - 1, parent), {Qt::DisplayRole});
    for (int r = 0; r < rows; ++r)
        emitDisplayChanged(index(r, 0, parent));
}

QString CostTreeModel::nodeName(FrameKind kind, const std::string& label)
{
    const QString text = displayText(QString::fromStdString(label));
    if (kind != FrameKind::Lua)
        return text;
    const auto colon = label.rfind(':');
    if (colon != std::string::npos && label.compare(colon, std::string::npos, ":0") == 0)
        return tr("main chunk of %1").arg(displayText(QString::fromStdString(label.substr(0, colon))));
    return tr("function at %1").arg(text);
}

FunctionLabel CostTreeModel::nodeLabel(const Profile* profile, const FunctionFrame& frame, std::int32_t location,
                                       std::int32_t function, const FunctionNameTable* names)
{
    const QString shown = nodeName(frame.kind, frame.label);
    if (!profile)
        return {shown, {}, {}};
    if (frame.kind == FrameKind::Line && location >= 0)
        return locationLabel(*profile, static_cast<LocationId>(location), shown, names);
    if (function < 0 || static_cast<std::size_t>(function) >= profile->functions.size())
        return {shown, {}, {}};
    const FunctionInfo& fn = profile->functions[static_cast<std::size_t>(function)];
    if (frame.kind == FrameKind::Lua)
        return luaFunctionLabel(fn.chunkname, fn.linedefined, frame.label, shown, names);
    // A file whose source was read reads as the source pane's title does,
    // by its path ("leak.lua", not the chunk name "@leak.lua").
    if (frame.kind == FrameKind::File && names && names->find(fn.chunkname, fn.linedefined) &&
        frame.label.size() > 1 && frame.label.front() == '@')
        return {displayText(QString::fromStdString(frame.label.substr(1))), {}, {}};
    return {shown, {}, {}};
}

QString CostTreeModel::describeNode(FrameKind kind, const std::string& name, std::int32_t function) const
{
    const QString label = nodeName(kind, name);
    switch (kind) {
    case FrameKind::Line:
        return label;
    case FrameKind::Lua:
        if (function == kNoFunction || !profile_)
            return label;
        if (profile_->functions[static_cast<std::size_t>(function)].linedefined == 0)
            return tr("%1\nthe chunk's top-level code, outside any function").arg(label);
        return tr("%1\nthe Lua function defined at line %2")
            .arg(label)
            .arg(profile_->functions[static_cast<std::size_t>(function)].linedefined);
    case FrameKind::File:
        return tr("%1\nevery function of this chunk").arg(label);
    case FrameKind::Group:
        if (name == kInternalGroup)
            return tr("INTERNAL: memory the LuaJIT runtime allocated or freed on its own behalf, outside any Lua line");
        if (name == kCGroup)
            return tr("C functions: memprof records their symbol or address, not a source line");
        return tr("%1: JIT traces whose start is not in the dump's symbol table").arg(label);
    default: // the tree's nodes are files, functions, lines and groups
        break;
    }
    return label;
}

} // namespace memprof::itemmodels
