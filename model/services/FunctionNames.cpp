// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/services/FunctionNames.h"

#include "model/services/SourceLocator.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include <algorithm>
#include <map>

namespace memprof::services {

namespace {

QString namesTr(const char* text)
{
    return QCoreApplication::translate("FunctionNames", text);
}

// A name longer than this is not a name a person wrote (a minified or
// hostile line): the function is then named by its location.
constexpr qsizetype kLongestName = 200;

FunctionName nameOnLine(const QList<QStringView>& lines, std::uint64_t line, const std::string& chunk)
{
    const QString file = QString::fromStdString(chunkDisplayName(chunk));
    FunctionName named;
    if (line == 0) {
        named.kind = FunctionName::Kind::MainChunk;
        named.name = namesTr("main chunk of %1").arg(file).toStdString();
        return named;
    }
    if (line > static_cast<std::uint64_t>(lines.size())) {
        named.kind = FunctionName::Kind::SourceChanged;
        named.note = (lines.size() == 1 ? namesTr("%1 has %2 line, but the run saw a function defined on line %3: "
                                                  "the source has changed since the run.")
                                          : namesTr("%1 has %2 lines, but the run saw a function defined on line %3: "
                                                  "the source has changed since the run."))
                         .arg(file)
                         .arg(lines.size())
                         .arg(line)
                         .toStdString();
        return named;
    }
    const QStringView text = lines[static_cast<qsizetype>(line - 1)];
    if (const QString name = nameDefinedOn(text); !name.isEmpty() && name.size() <= kLongestName) {
        named.name = name.toStdString();
        return named;
    }
    static const QRegularExpression keyword(QStringLiteral(R"(\bfunction\b)"));
    if (keyword.match(text).hasMatch()) {
        named.kind = FunctionName::Kind::Unnamed;
        named.name = namesTr("function at %1:%2").arg(file).arg(line).toStdString();
        return named;
    }
    named.kind = FunctionName::Kind::SourceChanged;
    named.note = namesTr("line %1 of %2 defines no function: the source has changed since the run.")
                     .arg(line)
                     .arg(file)
                     .toStdString();
    return named;
}

// Definition lines by chunk name and alias.
using FunctionsByChunk = std::map<std::pair<std::string, std::string>, std::vector<std::uint64_t>>;

std::vector<ChunkFunctions> chunksOf(FunctionsByChunk&& byChunk)
{
    std::vector<ChunkFunctions> chunks;
    chunks.reserve(byChunk.size());
    for (auto& [key, lines] : byChunk) {
        std::sort(lines.begin(), lines.end());
        lines.erase(std::unique(lines.begin(), lines.end()), lines.end());
        chunks.push_back({key.first, key.second, std::move(lines)});
    }
    return chunks;
}

} // namespace

std::vector<ChunkFunctions> luaFunctionsOf(const Profile& profile)
{
    FunctionsByChunk byChunk;
    for (const FunctionInfo& fn : profile.functions) {
        if (fn.chunkname.empty())
            continue;
        const std::string aliasName =
            fn.aliasIndex >= 0 ? profile.aliases[static_cast<std::size_t>(fn.aliasIndex)].name : std::string();
        byChunk[{fn.chunkname, aliasName}].push_back(fn.linedefined);
    }
    return chunksOf(std::move(byChunk));
}

std::vector<ChunkFunctions> luaFunctionsOf(const SysprofProfile& profile)
{
    FunctionsByChunk byChunk;
    for (FrameId id = 0; id < profile.frames.size(); ++id) {
        const CallFrame& frame = profile.frames[id];
        if (frame.kind != FrameKind::Lua || frame.chunk.empty())
            continue;
        byChunk[{frame.chunk, frame.aliasName()}].push_back(frame.line);
    }
    return chunksOf(std::move(byChunk));
}

std::vector<ChunkFunctions> mergeFunctions(const std::vector<ChunkFunctions>& base,
                                           const std::vector<ChunkFunctions>& current)
{
    FunctionsByChunk byChunk;
    for (const std::vector<ChunkFunctions>* side : {&base, &current})
        for (const ChunkFunctions& chunk : *side) {
            std::vector<std::uint64_t>& lines = byChunk[{chunk.chunkname, chunk.aliasName}];
            lines.insert(lines.end(), chunk.lines.begin(), chunk.lines.end());
        }
    return chunksOf(std::move(byChunk));
}

QString nameDefinedOn(QStringView line)
{
    // `function NAME(`, local or not; NAME may be a field or a method.
    static const QRegularExpression statement(QStringLiteral(R"(^\s*(?:local\s+)?function\s+([A-Za-z_][\w.:]*)\s*\()"));
    // `NAME = function(`: a variable, a field, or a table constructor's key.
    static const QRegularExpression assignment(
        QStringLiteral(R"(^\s*(?:local\s+)?([A-Za-z_][\w.]*)\s*=\s*function\s*\()"));
    for (const QRegularExpression* form : {&statement, &assignment}) {
        const QRegularExpressionMatch match = form->match(line);
        if (match.hasMatch())
            return match.captured(1);
    }
    return {};
}

FunctionNameTable readFunctionNames(const std::vector<ChunkFunctions>& chunks, const QString& dumpFolder,
                                    const QStringList& sourceFolders, const DecodeControl& control)
{
    FunctionNameTable names;
    for (const ChunkFunctions& chunk : chunks) {
        if (control.stop && control.stop->load(std::memory_order_relaxed))
            break;
        // Files that need the user's yes first are not read for a name.
        const SourceView source = locateChunkSource(chunk.chunkname, chunk.aliasName, 0, dumpFolder, sourceFolders);
        if (source.kind != SourceView::Kind::File && source.kind != SourceView::Kind::StoredText)
            continue;
        const QList<QStringView> lines = QStringView(source.text).split(QLatin1Char('\n'));
        const std::string& shownChunk = chunk.aliasName.empty() ? chunk.chunkname : chunk.aliasName;
        for (const std::uint64_t line : chunk.lines)
            names.set(chunk.chunkname, line, nameOnLine(lines, line, shownChunk));
    }
    return names;
}

} // namespace memprof::services
