// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/flamegraph/FlameColors.h"

#include "model/itemmodels/ChangeColors.h"

#include <cstdint>

#include <algorithm>
#include <cmath>

namespace memprof::views {

namespace {

// FNV-1a: stable across runs and platforms, unlike std::hash.
std::uint32_t nameHash(std::string_view name)
{
    std::uint32_t h = 2166136261u;
    for (unsigned char c : name) {
        h ^= c;
        h *= 16777619u;
    }
    return h;
}

int hueOf(FrameKind kind)
{
    switch (kind) {
    case FrameKind::Lua:
        return 20; // warm orange: the code the user wrote
    case FrameKind::FastFunction:
        return 50; // yellow
    case FrameKind::C:
        return 200; // blue
    case FrameKind::Trace:
        return 120; // green
    case FrameKind::VmState:
        return 280; // purple
    case FrameKind::Host:
        return 170; // teal
    default:
        return -1; // grey: groups (the root, files)
    }
    return -1;
}

} // namespace

QColor flameFrameColor(FrameKind kind, std::string_view name)
{
    const std::uint32_t h = nameHash(name);
    const int hue = hueOf(kind);
    if (hue < 0)
        return QColor::fromHsl(0, 0, 170 + int(h % 40));
    return QColor::fromHsl((hue + int(h % 21) - 10 + 360) % 360, 150 + int((h >> 8) % 80), 130 + int((h >> 16) % 60));
}

QColor flameChangeColor(double change, double largest)
{
    const double depth = largest > 0 ? std::min(1.0, std::abs(change) / largest) : 0.0;
    // Even a small change shows a tint: a square root lifts the low end.
    const double tint = std::sqrt(depth);
    if (change == 0)
        return QColor(225, 225, 225);
    // From a pale grey toward the colour every comparing pane gives a rise
    // or a fall.
    const QColor full = change > 0 ? itemmodels::riseColor() : itemmodels::fallColor();
    const auto toward = [tint](int to) { return static_cast<int>(std::lround(235 + (to - 235) * tint)); };
    return QColor(toward(full.red()), toward(full.green()), toward(full.blue()));
}

QColor flameTextColor(const QColor& fill)
{
    // Relative luminance decides; 0.5 keeps black on the light shades above.
    const double luminance = 0.2126 * fill.redF() + 0.7152 * fill.greenF() + 0.0722 * fill.blueF();
    return luminance > 0.45 ? QColor(Qt::black) : QColor(Qt::white);
}

} // namespace memprof::views
