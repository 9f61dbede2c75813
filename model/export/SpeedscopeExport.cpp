// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/export/SpeedscopeExport.h"

#include "model/export/JsonArrayText.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <map>
#include <tuple>

namespace memprof {

namespace {

// speedscope's units; a count is "none".
QString unitOf(const SampleType& type)
{
    if (type.unit == "bytes" || type.unit == "nanoseconds" || type.unit == "microseconds" ||
        type.unit == "milliseconds" || type.unit == "seconds")
        return QString::fromStdString(type.unit);
    return QStringLiteral("none");
}

class SpeedscopeFrames {
public:
    int index(const ShownFrame& frame)
    {
        auto [it, inserted] =
            indices_.try_emplace({frame.name, frame.file, frame.line, frame.level}, int(frames_.size()));
        if (inserted) {
            QJsonObject object{{QStringLiteral("name"), QString::fromStdString(frame.name)}};
            if (!frame.file.empty())
                object.insert(QStringLiteral("file"), QString::fromStdString(frame.file));
            if (frame.line != 0)
                object.insert(QStringLiteral("line"), static_cast<qint64>(frame.line));
            frames_.append(object);
        }
        return it->second;
    }
    const QJsonArray& frames() const { return frames_; }

private:
    std::map<std::tuple<std::string, std::string, std::uint64_t, std::uint8_t>, int> indices_;
    QJsonArray frames_;
};

QJsonObject sampledProfile(const std::string& name, const SampleType& type, const QJsonArray& samples,
                           const QJsonArray& weights, std::int64_t total)
{
    return QJsonObject{{QStringLiteral("type"), QStringLiteral("sampled")},
                       {QStringLiteral("name"), QString::fromStdString(name)},
                       {QStringLiteral("unit"), unitOf(type)},
                       {QStringLiteral("startValue"), 0},
                       {QStringLiteral("endValue"), static_cast<qint64>(total)},
                       {QStringLiteral("samples"), samples},
                       {QStringLiteral("weights"), weights}};
}

std::string fileJson(const SpeedscopeFrames& table, const QJsonArray& profiles, const std::string& name)
{
    const QJsonObject file{
        {QStringLiteral("$schema"), QStringLiteral("https://www.speedscope.app/file-format-schema.json")},
        {QStringLiteral("exporter"), QStringLiteral("memprof-viewer")},
        {QStringLiteral("name"), QString::fromStdString(name)},
        {QStringLiteral("activeProfileIndex"), 0},
        {QStringLiteral("shared"), QJsonObject{{QStringLiteral("frames"), table.frames()}}},
        {QStringLiteral("profiles"), profiles}};
    return QJsonDocument(file).toJson(QJsonDocument::Compact).toStdString();
}

} // namespace

namespace {

// The profiles of `views`, each over the samples `counted` takes (one
// instance's, or all), named by `profileName`.
template <class Counted, class ProfileName>
std::string speedscopeFile(const StackProfile& stacks, const std::vector<SpeedscopeView>& views,
                           const std::vector<std::string>& groups, const std::string& name, Counted&& counted,
                           ProfileName&& profileName)
{
    SpeedscopeFrames table;
    // Each sample's stack as speedscope frame indices, root first.
    std::vector<QJsonArray> shownStacks;
    shownStacks.reserve(stacks.samples.size());
    for (const StackSample& sample : stacks.samples) {
        QJsonArray stack;
        for (std::uint32_t frame : sample.stack) {
            for (const ShownFrame& shown : shownFrames(stacks.frames[frame]))
                stack.append(table.index(shown));
        }
        shownStacks.push_back(stack);
    }
    QJsonArray profiles;
    for (const std::string& group : groups)
        for (const SpeedscopeView& view : views) {
            QJsonArray samples, weights;
            std::int64_t total = 0;
            for (std::size_t i = 0; i < stacks.samples.size(); ++i) {
                const std::int64_t weight = stacks.samples[i].values[view.sampleType];
                if (weight == 0 || !counted(i, group))
                    continue;
                samples.append(shownStacks[i]);
                weights.append(static_cast<qint64>(weight));
                total += weight;
            }
            profiles.append(
                sampledProfile(profileName(group, view), stacks.sampleTypes[view.sampleType], samples, weights, total));
        }
    return fileJson(table, profiles, name);
}

} // namespace

std::string speedscopeJson(const StackProfile& stacks, const std::vector<SpeedscopeView>& views,
                           const std::string& name)
{
    return speedscopeFile(
        stacks, views, {std::string()}, name, [](std::size_t, const std::string&) { return true; },
        [](const std::string&, const SpeedscopeView& view) { return view.name; });
}

std::string speedscopeJsonByInstance(const StackProfile& stacks, const std::vector<SpeedscopeView>& views,
                                     const std::vector<std::string>& instances, const std::string& name)
{
    return speedscopeFile(
        stacks, views, instances, name,
        [&stacks](std::size_t sample, const std::string& instance) {
            return sample < stacks.sampleInstances.size() && stacks.sampleInstances[sample] == instance;
        },
        [](const std::string& instance, const SpeedscopeView& view) { return instance + ": " + view.name; });
}

void writeSpeedscopeTimeOrder(std::ostream& out, const StackProfile& stacks, const SpeedscopeView& view,
                              const std::string& name)
{
    // Millions of samples in time order: their arrays of frame indices are
    // written as text (JsonArrayText.h; a QJsonArray per sample took 1.6 GB
    // for a 66 MB file), each stack's text made once, the file streamed.
    SpeedscopeFrames table;
    std::vector<std::string> stackTexts;
    stackTexts.reserve(stacks.samples.size());
    for (const StackSample& sample : stacks.samples) {
        std::string text = "[";
        for (std::size_t i = 0; i < sample.stack.size(); ++i) {
            // One frame per function, at its first line: a sampler knows
            // where a function is defined, not which line was running.
            const StackFrame& frame = stacks.frames[sample.stack[i]];
            if (i > 0)
                text += ',';
            appendJsonNumber(text, table.index({frame.name, frame.file, frame.startLine, 1, frame.definedAt}));
        }
        text += ']';
        stackTexts.push_back(std::move(text));
    }
    const auto weightOf = [&](const StackProfile::TimedRun& run) {
        return stacks.samples[run.stack].values[view.sampleType] * static_cast<std::int64_t>(run.count);
    };
    std::int64_t total = 0;
    for (const StackProfile::TimedRun& run : stacks.timeOrder)
        total += weightOf(run);
    const std::string json = fileJson(
        table, QJsonArray{sampledProfile(view.name, stacks.sampleTypes[view.sampleType], {}, {}, total)}, name);
    writeFilledJson(out, json,
                    {{"samples",
                      [&](std::ostream& text) {
                          for (std::size_t i = 0; i < stacks.timeOrder.size(); ++i) {
                              if (i > 0)
                                  text << ',';
                              text << stackTexts[stacks.timeOrder[i].stack];
                          }
                      }},
                     {"weights", [&](std::ostream& text) {
                          for (std::size_t i = 0; i < stacks.timeOrder.size(); ++i) {
                              if (i > 0)
                                  text << ',';
                              writeJsonNumber(text, weightOf(stacks.timeOrder[i]));
                          }
                      }}});
}

} // namespace memprof
