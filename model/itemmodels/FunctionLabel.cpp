// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/itemmodels/FunctionLabel.h"

#include "model/itemmodels/DisplayText.h"
#include "model/itemmodels/ModelRoles.h"

#include <QCoreApplication>
#include <QRegularExpression>

namespace memprof::itemmodels {

namespace {

QString labelTr(const char* text)
{
    return QCoreApplication::translate("FunctionLabel", text);
}

QString nameText(const FunctionName& name)
{
    return displayText(QString::fromStdString(name.name));
}

// "@/opt/app/serializer.lua:7 (line 4)" -> "serializer.lua:7 (line 4)": the
// chunk as a name calls it (chunkDisplayName), the line and any suffix
// telling namesakes apart kept. `shown` is escaped text.
QString shortLocation(const QString& shown)
{
    static const QRegularExpression line(QStringLiteral(R"(^(.*):(\d+)(.*)$)"),
                                         QRegularExpression::DotMatchesEverythingOption);
    const QRegularExpressionMatch match = line.match(shown);
    if (!match.hasMatch())
        return shown;
    return QString::fromStdString(chunkDisplayName(match.captured(1).toStdString())) + u':' + match.captured(2) +
           match.captured(3);
}

// "docall:0x5561…" -> "docall", the address in the note; other names as
// they are.
FunctionLabel cSymbolLabel(const QString& shown)
{
    static const QRegularExpression symbol(QStringLiteral(R"(^(.+):(0x[0-9a-fA-F]+)(.*)$)"),
                                           QRegularExpression::DotMatchesEverythingOption);
    const QRegularExpressionMatch match = symbol.match(shown);
    if (!match.hasMatch())
        return {shown, {}, {}};
    return {match.captured(1) + match.captured(3), {}, labelTr("Address: %1").arg(match.captured(2))};
}

// "TRACE [3] started at @a.lua:5" in the function `name` -> "TRACE 3 in
// serialize (a.lua:5)"; without a name, as shown.
FunctionLabel traceLabel(const QString& shown, const FunctionName* name)
{
    static const QRegularExpression trace(QStringLiteral(R"(^TRACE \[(\d+)\] started at (.*)$)"),
                                          QRegularExpression::DotMatchesEverythingOption);
    const QRegularExpressionMatch match = trace.match(shown);
    if (!name || !match.hasMatch())
        return {shown, {}, {}};
    if (name->name.empty())
        return {shown, {}, QString::fromStdString(name->note)};
    return {labelTr("TRACE %1 in %2 (%3)").arg(match.captured(1), nameText(*name), shortLocation(match.captured(2))),
            {},
            {},
            true};
}

// A line or the function it is in, named by that function: the name, then
// where the line is.
FunctionLabel namedLine(const QString& shown, const FunctionName* name)
{
    if (!name)
        return {shown, {}, {}};
    if (name->name.empty())
        return {shown, {}, QString::fromStdString(name->note)};
    return {nameText(*name), shortLocation(shown), {}};
}

} // namespace

QString FunctionLabel::text() const
{
    return location.isEmpty() ? name : name + QStringLiteral("  ") + location;
}

QString FunctionLabel::toolTip() const
{
    return note.isEmpty() ? text() : text() + u'\n' + note;
}

QVariant FunctionLabel::data(int role) const
{
    switch (role) {
    case Qt::DisplayRole:
        return text();
    case FunctionNameLengthRole:
        return location.isEmpty() && !keepStart ? QVariant() : QVariant(static_cast<int>(name.size()));
    default:
        return {};
    }
}

FunctionLabel luaFunctionLabel(std::string_view chunk, std::uint64_t definedAt, std::string_view printed,
                               const QString& shown, const FunctionNameTable* names)
{
    const FunctionName* name = names ? names->find(chunk, definedAt) : nullptr;
    if (!name)
        return {shown, {}, {}};
    if (name->name.empty())
        return {shown, {}, QString::fromStdString(name->note)};
    // A main chunk and a function with no name say where they are already.
    if (name->kind != FunctionName::Kind::Named)
        return {nameText(*name), {}, {}, true};
    return {nameText(*name), shortLocation(displayText(QString::fromUtf8(printed.data(), printed.size()))), {}};
}

FunctionLabel frameLabel(const CallFrame& frame, const FunctionNameTable* names)
{
    const QString shown = displayText(QString::fromStdString(frame.name));
    switch (frame.kind) {
    case FrameKind::Lua:
        return luaFunctionLabel(frame.chunk, frame.line, frame.name, shown, names);
    case FrameKind::Trace:
        return traceLabel(shown, names && !frame.chunk.empty() ? names->find(frame.chunk, frame.definedAt) : nullptr);
    case FrameKind::C:
    case FrameKind::Host:
        return cSymbolLabel(shown);
    default:
        return {shown, {}, {}};
    }
}

FunctionLabel locationLabel(const Profile& profile, LocationId location, const QString& shown,
                            const FunctionNameTable* names)
{
    if (location >= profile.locations.size())
        return {shown, {}, {}};
    const LocationInfo& info = profile.locations[location];
    const FunctionName* name = nullptr;
    if (names && info.function != kNoFunction && static_cast<std::size_t>(info.function) < profile.functions.size()) {
        const FunctionInfo& fn = profile.functions[static_cast<std::size_t>(info.function)];
        name = names->find(fn.chunkname, fn.linedefined);
    }
    switch (info.source) {
    case SourceKind::Lua:
        return namedLine(shown, name);
    case SourceKind::Trace:
        return traceLabel(shown, name);
    case SourceKind::C:
        return cSymbolLabel(shown);
    case SourceKind::Internal:
        break;
    }
    return {shown, {}, {}};
}

} // namespace memprof::itemmodels
