// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/export/DhatExport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <unordered_map>

namespace memprof {

std::string dhatJson(const StackProfile& stacks, const DhatColumns& columns, const DhatHeader& header)
{
    QJsonArray frameTable{QStringLiteral("[root]")};
    std::unordered_map<std::string, int> frameIndex;
    auto indexOf = [&](const std::string& name) {
        auto [it, inserted] = frameIndex.try_emplace(name, static_cast<int>(frameTable.size()));
        if (inserted)
            frameTable.append(QString::fromStdString(name));
        return it->second;
    };
    QJsonArray points;
    for (const StackSample& sample : stacks.samples) {
        QJsonArray frames; // leaf first
        for (auto frame = sample.stack.rbegin(); frame != sample.stack.rend(); ++frame) {
            const std::vector<ShownFrame> shown = shownFrames(stacks.frames[*frame]);
            for (auto level = shown.rbegin(); level != shown.rend(); ++level)
                frames.append(indexOf(labelOf(*level)));
        }
        auto value = [&](std::size_t column) { return static_cast<qint64>(sample.values[column]); };
        points.append(QJsonObject{{QStringLiteral("tb"), value(columns.totalBytes)},
                                  {QStringLiteral("tbk"), value(columns.totalBlocks)},
                                  {QStringLiteral("tl"), value(columns.lifetimes)},
                                  {QStringLiteral("mb"), value(columns.maxBytes)},
                                  {QStringLiteral("mbk"), value(columns.maxBlocks)},
                                  {QStringLiteral("gb"), value(columns.globalMaxBytes)},
                                  {QStringLiteral("gbk"), value(columns.globalMaxBlocks)},
                                  {QStringLiteral("eb"), value(columns.endBytes)},
                                  {QStringLiteral("ebk"), value(columns.endBlocks)},
                                  {QStringLiteral("fs"), frames}});
    }
    const QJsonObject file{{QStringLiteral("dhatFileVersion"), 2},
                           {QStringLiteral("mode"), QString::fromStdString(header.mode)},
                           {QStringLiteral("verb"), QStringLiteral("Allocated")},
                           {QStringLiteral("bklt"), true},
                           {QStringLiteral("bkacc"), false},
                           {QStringLiteral("bu"), QStringLiteral("byte")},
                           {QStringLiteral("bsu"), QStringLiteral("bytes")},
                           {QStringLiteral("bksu"), QStringLiteral("blocks")},
                           // Time is counted in events: memprof records no clock.
                           {QStringLiteral("tu"), QStringLiteral("events")},
                           {QStringLiteral("Mtu"), QStringLiteral("Mevents")},
                           {QStringLiteral("tuth"), static_cast<qint64>(header.shortLivedTime)},
                           {QStringLiteral("cmd"), QString::fromStdString(header.command)},
                           {QStringLiteral("pid"), 0},
                           {QStringLiteral("te"), static_cast<qint64>(header.endTime)},
                           {QStringLiteral("tg"), static_cast<qint64>(header.globalMaxTime)},
                           {QStringLiteral("pps"), points},
                           {QStringLiteral("ftbl"), frameTable}};
    return QJsonDocument(file).toJson(QJsonDocument::Compact).toStdString();
}

} // namespace memprof
