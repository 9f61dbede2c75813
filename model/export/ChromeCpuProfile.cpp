// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/export/ChromeCpuProfile.h"

#include "model/export/JsonArrayText.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <unordered_map>

namespace memprof {

namespace {

QJsonObject callFrame(const SysprofProfile& profile, const CallTree& tree, CallNodeId id,
                      const FunctionNameTable* names)
{
    QString name = QStringLiteral("(root)");
    QString url;
    qint64 line = -1;
    if (id != kCallRoot) {
        const CallFrame& frame = profile.frames[tree.node(id).frame];
        name = QString::fromStdString(frame.name);
        // Lua names a file chunk "@path"; DevTools wants the path.
        url = QString::fromStdString(frame.chunk.starts_with('@') ? frame.chunk.substr(1) : frame.chunk);
        if (frame.line != 0)
            line = static_cast<qint64>(frame.line) - 1; // DevTools counts lines from 0
        if (const StackFrame named = exportFrame(frame, names); named.named) {
            name = QString::fromStdString(named.name);
            url = QString::fromStdString(named.file);
        }
    }
    return QJsonObject{{QStringLiteral("functionName"), name},
                       {QStringLiteral("scriptId"), QStringLiteral("0")},
                       {QStringLiteral("url"), url},
                       {QStringLiteral("lineNumber"), line},
                       {QStringLiteral("columnNumber"), -1}};
}

} // namespace

void writeChromeCpuProfile(std::ostream& out, const SysprofProfile& profile, const SysprofExportOptions& options)
{
    const CallTree& tree = profile.tree(StackView::Lua);
    // Node ids are the tree's, plus one: DevTools' ids start at 1. The
    // nodes (hundreds of thousands on a long run) are text too, in the
    // member order Qt writes; each frame's callFrame is written by Qt once.
    std::unordered_map<FrameId, std::string> callFrames;
    std::string rootFrame;
    const auto writeNodes = [&](std::ostream& text) {
        for (std::size_t index = 0; index < tree.size(); ++index) {
            const auto id = static_cast<CallNodeId>(index);
            const CallNode& node = tree.node(id);
            if (index > 0)
                text << ',';
            text << "{\"callFrame\":";
            std::string& frameJson = id == kCallRoot ? rootFrame : callFrames[node.frame];
            if (frameJson.empty())
                frameJson = QJsonDocument(callFrame(profile, tree, id, options.names))
                                .toJson(QJsonDocument::Compact)
                                .toStdString();
            text << frameJson << ",\"children\":[";
            for (std::size_t child = 0; child < node.children.size(); ++child) {
                if (child > 0)
                    text << ',';
                writeJsonNumber(text, static_cast<qint64>(node.children[child]) + 1);
            }
            text << "],\"hitCount\":";
            writeJsonNumber(text, static_cast<qint64>(node.selfSamples));
            text << ",\"id\":";
            writeJsonNumber(text, static_cast<qint64>(id) + 1);
            text << '}';
        }
    };
    // The format has no untimed samples: without the interval, 1 ms apart.
    const qint64 deltaUs = static_cast<qint64>(options.intervalMs.value_or(1)) * 1000;
    // A sample per millisecond of the run: as text (JsonArrayText.h).
    const auto writeSamples = [&](std::ostream& text) {
        for (std::size_t i = 0; i < profile.luaNodeBySample.size(); ++i) {
            if (i > 0)
                text << ',';
            writeJsonNumber(text, static_cast<qint64>(profile.luaNodeBySample[i]) + 1);
        }
    };
    const auto writeTimeDeltas = [&](std::ostream& text) {
        for (std::size_t i = 0; i < profile.luaNodeBySample.size(); ++i) {
            if (i > 0)
                text << ',';
            writeJsonNumber(text, deltaUs);
        }
    };
    const QJsonObject file{{QStringLiteral("nodes"), QJsonArray{}},
                           {QStringLiteral("startTime"), 0},
                           {QStringLiteral("endTime"), deltaUs * static_cast<qint64>(profile.luaNodeBySample.size())},
                           {QStringLiteral("samples"), QJsonArray{}},
                           {QStringLiteral("timeDeltas"), QJsonArray{}}};
    const std::string json = QJsonDocument(file).toJson(QJsonDocument::Compact).toStdString();
    writeFilledJson(out, json, {{"nodes", writeNodes}, {"samples", writeSamples}, {"timeDeltas", writeTimeDeltas}});
}

} // namespace memprof
