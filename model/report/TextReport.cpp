// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/report/TextReport.h"
#include "model/memprofile/ProfileRanking.h"
#include "model/support/SaturatingMath.h"
#include "model/support/VisibleText.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace memprof {

namespace {
// The reference's size: `<n>B`, or scaled to KiB, MiB, GiB.
std::string formatMagnitude(std::uint64_t bytes, bool humanReadable)
{
    if (!humanReadable)
        return std::to_string(bytes) + "B";
    static const char* const units[] = {"B", "KiB", "MiB", "GiB"};
    double value = static_cast<double>(bytes);
    int unit = 0;
    while (value >= 1024 && unit < 3) {
        value /= 1024;
        ++unit;
    }
    char text[48];
    if (std::floor(value) == value) {
        std::snprintf(text, sizeof text, "%.0f%s", value, units[unit]);
        return text;
    }
    // LuaJIT's "%.2f" rounds a tie away from zero (35.625 -> 35.63) where
    // glibc rounds it to even; the value is a binary fraction, so ties are real.
    const auto hundredths = static_cast<unsigned long long>(std::floor(value * 100 + 0.5));
    std::snprintf(text, sizeof text, "%llu.%02llu%s", hundredths / 100, hundredths % 100, units[unit]);
    return text;
}
} // namespace

std::string formatBytes(std::uint64_t bytes, bool humanReadable)
{
    return formatMagnitude(bytes, humanReadable);
}

std::string formatBytes(ByteSum bytes, bool humanReadable)
{
    const std::string text = formatMagnitude(bytes.value, humanReadable);
    return bytes.overflowed ? ">=" + text : text;
}

std::string formatBytes(std::int64_t bytes, bool humanReadable)
{
    if (bytes >= 0)
        return bytes == kSaturatedHigh ? ">=" + formatMagnitude(static_cast<std::uint64_t>(bytes), humanReadable)
                                       : formatMagnitude(static_cast<std::uint64_t>(bytes), humanReadable);
    // The reference prints a negative size unscaled, as "-2048B".
    const std::string text = std::to_string(bytes) + "B";
    return bytes == kSaturatedLow ? "<=" + text : text;
}

std::string formatSum(std::uint64_t bytes)
{
    return std::to_string(bytes);
}

std::string formatSum(ByteSum bytes)
{
    return bytes.overflowed ? ">=" + std::to_string(bytes.value) : std::to_string(bytes.value);
}

std::string formatSum(std::int64_t bytes)
{
    return bytes == kSaturatedHigh  ? ">=" + std::to_string(bytes)
           : bytes == kSaturatedLow ? "<=" + std::to_string(bytes)
                                    : std::to_string(bytes);
}

std::string explainSuspect(const LeakSuspect& suspect, const Profile& profile, RunRange window, bool humanReadable)
{
    const std::uint64_t runEnd = profile.heldHistory.eventCount();
    const std::uint64_t first = std::max<std::uint64_t>(window.first, 1);
    const std::uint64_t last = std::min(window.last, runEnd);
    const std::uint64_t length = last >= first ? last - first + 1 : 1;
    const std::uint64_t growthFirst = std::max(suspect.growthFirstEvent, first);
    const std::uint64_t growthLength = last >= growthFirst ? last - growthFirst + 1 : 0;
    const auto percent = [](double part) { return std::to_string(static_cast<long long>(std::lround(part * 100))); };
    const char* span = window.covers(runEnd) ? "the run" : "the window";
    std::string text =
        "grew " + formatBytes(static_cast<std::int64_t>(suspect.growthBytes), humanReadable) + " over the last " +
        percent(static_cast<double>(growthLength) / static_cast<double>(length)) + "% of " + span + ", fell in " +
        percent(suspect.stepCount
                    ? static_cast<double>(suspect.fallingStepCount) / static_cast<double>(suspect.stepCount)
                    : 0) +
        "% of it; trend " + formatBytes(static_cast<std::int64_t>(suspect.trendBytes), humanReadable) + ", kept " +
        percent(suspect.keptRatio) + "% of its rises";
    return text;
}

namespace {

void writeSection(std::ostream& out, const Profile& profile, EventKind kind, bool human)
{
    for (const LocationRow* row : rankRows(profile, kind)) {
        out << visibleText(profile.nameOf(row->location)) << ": " << row->eventCount << " events\t+"
            << formatBytes(row->allocated(), human) << "\t-" << formatBytes(row->freed(), human) << "\n";
        if (!row->overrides.empty()) {
            out << "\tOverrides:\n";
            for (const auto& name : overrideNames(profile, *row))
                out << "\t\t" << visibleText(name) << "\n";
            out << "\n";
        }
    }
}

void writeHeapSummary(std::ostream& out, const Profile& profile, const ReportOptions& options)
{
    if (options.peak) {
        out << "LIVE AT THE PEAK (event " << profile.totals.peakEventIndex << ", "
            << formatBytes(profile.totals.peakLive(), options.humanReadable) << "):\n";
    } else {
        out << "HEAP SUMMARY:\n";
    }
    if (options.live || options.peak) {
        for (const auto& row : rankHeldByName(profile, options.peak ? HeldScope::Peak : HeldScope::End))
            out << visibleText(row.name) << " holds " << formatBytes(row.held(), options.humanReadable) << ": "
                << row.blockCount << " live blocks\n";
    } else {
        for (const auto& row : rankHeapSummary(profile))
            out << visibleText(row.name) << " holds " << formatBytes(row.summaryBytes, options.humanReadable) << ": "
                << row.allocCount << " allocs, " << row.freeCount << " frees\n";
    }
    out << "\n";
}

void writeAliases(std::ostream& out, const Profile& profile)
{
    if (profile.aliases.empty())
        return;
    out << "ALIASES:\n";
    for (const auto& alias : profile.aliases) {
        out << alias.name << ":\n";
        // The reference lists the non-empty lines, numbered among themselves.
        std::size_t number = 1;
        std::size_t start = 0;
        while (start <= alias.source.size()) {
            std::size_t end = alias.source.find('\n', start);
            if (end == std::string::npos)
                end = alias.source.size();
            if (end > start)
                out << number++ << "\t| "
                    << visibleText(std::string_view(alias.source).substr(start, end - start), KeepTabs::Yes) << "\n";
            start = end + 1;
        }
        out << "\n\n";
    }
}

// The suspects of the profile's window, best first, each with why.
void writeLeakSuspects(std::ostream& out, const Profile& profile, bool human)
{
    const HeldHistory& history = profile.heldHistory;
    const std::uint64_t last = std::min(profile.window.last, history.eventCount());
    out << "LEAK SUSPECTS (events " << profile.window.first << ".." << last << ", held bytes sampled at "
        << history.pointsOf(profile.window.first, last).size() << " points):\n";
    for (const LeakSuspect& suspect : rankLeakSuspects(profile, profile.window))
        out << suspect.name << ": score " << formatBytes(static_cast<std::int64_t>(suspect.scoreBytes), human) << ": "
            << explainSuspect(suspect, profile, profile.window, human) << "\n";
    out << "\n";
}

} // namespace

void writeTextReport(std::ostream& out, const Profile& profile, const ReportOptions& options)
{
    if (!options.leakOnly) {
        out << "ALLOCATIONS\n";
        writeSection(out, profile, EventKind::Alloc, options.humanReadable);
        out << "\nREALLOCATIONS\n";
        writeSection(out, profile, EventKind::Realloc, options.humanReadable);
        out << "\nDEALLOCATIONS\n";
        writeSection(out, profile, EventKind::Free, options.humanReadable);
        out << "\n";
    }
    writeHeapSummary(out, profile, options);
    if (options.suspects)
        writeLeakSuspects(out, profile, options.humanReadable);
    writeAliases(out, profile);
}

} // namespace memprof
