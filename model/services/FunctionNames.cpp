// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/services/FunctionNames.h"

#include "model/services/SourceLocator.h"

#include <QRegularExpression>

#include <map>

namespace memprof::services {

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

std::vector<QString> readFunctionNames(const Profile& profile, const QString& dumpFolder,
                                       const QStringList& sourceFolders, const DecodeControl& control)
{
    std::vector<QString> names(profile.functions.size());
    // The functions of each chunk, so that its source is read once.
    std::map<std::string_view, std::vector<std::int32_t>> byChunk;
    for (std::size_t f = 0; f < profile.functions.size(); ++f)
        if (profile.functions[f].linedefined > 0)
            byChunk[profile.functions[f].chunkname].push_back(static_cast<std::int32_t>(f));
    for (const auto& [chunk, functions] : byChunk) {
        if (control.stop && control.stop->load(std::memory_order_relaxed))
            break;
        // Files that need the user's yes first are not read for a name.
        const SourceView source = locateFunctionSource(profile, functions.front(), 0, dumpFolder, sourceFolders);
        if (source.kind != SourceView::Kind::File && source.kind != SourceView::Kind::StoredText)
            continue;
        const QList<QStringView> lines = QStringView(source.text).split(QLatin1Char('\n'));
        for (const std::int32_t f : functions) {
            const std::uint64_t line = profile.functions[static_cast<std::size_t>(f)].linedefined;
            if (line <= static_cast<std::uint64_t>(lines.size()))
                names[static_cast<std::size_t>(f)] = nameDefinedOn(lines[static_cast<qsizetype>(line - 1)]);
        }
    }
    return names;
}

} // namespace memprof::services
