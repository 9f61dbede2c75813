// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/export/ChromeCpuProfile.h"

#include "model/export/JsonArrayText.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <unordered_map>

namespace memprof {

namespace {

QJsonObject callFrame(const SysprofProfile& profile, const CallTree& tree, CallNodeId id)
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
    }
    return QJsonObject{{QStringLiteral("functionName"), name},
                       {QStringLiteral("scriptId"), QStringLiteral("0")},
                       {QStringLiteral("url"), url},
                       {QStringLiteral("lineNumber"), line},
                       {QStringLiteral("columnNumber"), -1}};
}

} // namespace

std::string chromeCpuProfileJson(const SysprofProfile& profile, const SysprofExportOptions& options)
{
    const CallTree& tree = profile.tree(StackView::Lua);
    // Node ids are the tree's, plus one: DevTools' ids start at 1. The
    // nodes (hundreds of thousands on a long run) are text too, in the
    // member order Qt writes; each frame's callFrame is written by Qt once.
    std::unordered_map<FrameId, std::string> callFrames;
    std::string rootFrame;
    std::string nodes = "[";
    for (std::size_t index = 0; index < tree.size(); ++index) {
        const auto id = static_cast<CallNodeId>(index);
        const CallNode& node = tree.node(id);
        if (index > 0)
            nodes += ',';
        nodes += "{\"callFrame\":";
        std::string& frameJson = id == kCallRoot ? rootFrame : callFrames[node.frame];
        if (frameJson.empty())
            frameJson = QJsonDocument(callFrame(profile, tree, id)).toJson(QJsonDocument::Compact).toStdString();
        nodes += frameJson;
        nodes += ",\"children\":[";
        for (std::size_t child = 0; child < node.children.size(); ++child) {
            if (child > 0)
                nodes += ',';
            appendJsonNumber(nodes, static_cast<qint64>(node.children[child]) + 1);
        }
        nodes += "],\"hitCount\":";
        appendJsonNumber(nodes, static_cast<qint64>(node.selfSamples));
        nodes += ",\"id\":";
        appendJsonNumber(nodes, static_cast<qint64>(id) + 1);
        nodes += '}';
    }
    nodes += ']';
    // The format has no untimed samples: without the interval, 1 ms apart.
    const qint64 deltaUs = static_cast<qint64>(options.intervalMs.value_or(1)) * 1000;
    // A sample per millisecond of the run: as text (JsonArrayText.h).
    std::string samples = "[";
    std::string timeDeltas = "[";
    for (const CallNodeId node : profile.luaNodeBySample) {
        if (samples.size() > 1) {
            samples += ',';
            timeDeltas += ',';
        }
        appendJsonNumber(samples, static_cast<qint64>(node) + 1);
        appendJsonNumber(timeDeltas, deltaUs);
    }
    samples += ']';
    timeDeltas += ']';
    const QJsonObject file{{QStringLiteral("nodes"), QJsonArray{}},
                           {QStringLiteral("startTime"), 0},
                           {QStringLiteral("endTime"), deltaUs * static_cast<qint64>(profile.luaNodeBySample.size())},
                           {QStringLiteral("samples"), QJsonArray{}},
                           {QStringLiteral("timeDeltas"), QJsonArray{}}};
    std::string json = QJsonDocument(file).toJson(QJsonDocument::Compact).toStdString();
    // The nodes last: their text holds members ("children":[]) that a later
    // search could take for the document's.
    fillEmptyJsonArray(json, "samples", samples);
    fillEmptyJsonArray(json, "timeDeltas", timeDeltas);
    fillEmptyJsonArray(json, "nodes", nodes);
    return json;
}

} // namespace memprof
