// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/export/PprofExport.h"
#include "model/export/GzipBytes.h"
#include "model/export/pprof_profile.pb.h"

#include <map>
#include <tuple>
#include <unordered_map>

namespace memprof {

namespace {

class StringTable {
public:
    explicit StringTable(perftools::profiles::Profile& profile) : profile_(profile) { index(""); }
    std::int64_t index(const std::string& text)
    {
        auto [it, inserted] = indices_.try_emplace(text, static_cast<std::int64_t>(indices_.size()));
        if (inserted)
            profile_.add_string_table(text);
        return it->second;
    }

private:
    perftools::profiles::Profile& profile_;
    std::unordered_map<std::string, std::int64_t> indices_;
};

} // namespace

std::string pprofBytes(const StackProfile& stacks)
{
    perftools::profiles::Profile profile;
    StringTable strings(profile);
    for (const SampleType& type : stacks.sampleTypes) {
        auto* valueType = profile.add_sample_type();
        valueType->set_type(strings.index(type.type));
        valueType->set_unit(strings.index(type.unit));
    }
    profile.mutable_period_type()->set_type(strings.index(stacks.periodType.type));
    profile.mutable_period_type()->set_unit(strings.index(stacks.periodType.unit));
    profile.set_period(stacks.period);

    // One Function per (name, file, first line); one Location per frame.
    std::map<std::tuple<std::string, std::string, std::uint64_t>, std::uint64_t> functionIds;
    for (std::size_t i = 0; i < stacks.frames.size(); ++i) {
        const StackFrame& frame = stacks.frames[i];
        auto [it, inserted] =
            functionIds.try_emplace({frame.name, frame.file, frame.startLine}, functionIds.size() + 1);
        if (inserted) {
            auto* function = profile.add_function();
            function->set_id(it->second);
            function->set_name(strings.index(frame.name));
            function->set_system_name(function->name());
            function->set_filename(strings.index(frame.file));
            function->set_start_line(static_cast<std::int64_t>(frame.startLine));
        }
        auto* location = profile.add_location();
        location->set_id(i + 1);
        auto* line = location->add_line();
        line->set_function_id(it->second);
        // A sampler's named function is at its first line, the one line
        // known: `pprof -list` shows it there.
        const std::uint64_t lineNumber = frame.line == 0 && frame.named ? frame.startLine : frame.line;
        line->set_line(static_cast<std::int64_t>(lineNumber));
    }
    for (std::size_t index = 0; index < stacks.samples.size(); ++index) {
        const StackSample& stackSample = stacks.samples[index];
        auto* sample = profile.add_sample();
        for (auto frame = stackSample.stack.rbegin(); frame != stackSample.stack.rend(); ++frame)
            sample->add_location_id(*frame + 1); // leaf first
        for (std::int64_t value : stackSample.values)
            sample->add_value(value);
        // A merged profile's sample says its dump, as `pprof -tagfocus
        // instance=...` and `-tags` read it.
        if (index < stacks.sampleInstances.size()) {
            auto* label = sample->add_label();
            label->set_key(strings.index("instance"));
            label->set_str(strings.index(stacks.sampleInstances[index]));
        }
    }
    return gzipBytes(profile.SerializeAsString());
}

} // namespace memprof
