// SPDX-License-Identifier: GPL-3.0-or-later
#include "ReadableColor.h"

#include <algorithm>
#include <cmath>

namespace memprof::views {

namespace {
double relativeLuminance(const QColor& color)
{
    auto channel = [](double c) { return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4); };
    const QColor rgb = color.toRgb();
    return 0.2126 * channel(rgb.redF()) + 0.7152 * channel(rgb.greenF()) + 0.0722 * channel(rgb.blueF());
}

// `color` drawn over `background` (its alpha applied), and `toward` mixed in
// by `amount` (0..1).
QColor mixed(const QColor& color, const QColor& toward, double amount)
{
    return QColor::fromRgbF(static_cast<float>(color.redF() + (toward.redF() - color.redF()) * amount),
                            static_cast<float>(color.greenF() + (toward.greenF() - color.greenF()) * amount),
                            static_cast<float>(color.blueF() + (toward.blueF() - color.blueF()) * amount));
}

QColor over(const QColor& color, const QColor& background)
{
    QColor opaque = color;
    opaque.setAlpha(255);
    return mixed(background, opaque, color.alphaF());
}
} // namespace

double contrastRatio(const QColor& a, const QColor& b)
{
    const double la = relativeLuminance(a);
    const double lb = relativeLuminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

QColor mutedTextColor(const QPalette& palette, const QColor& background)
{
    const QColor text = over(palette.color(QPalette::Active, QPalette::Text), background);
    const QColor muted = over(palette.color(QPalette::Active, QPalette::PlaceholderText), background);
    // The least step toward the text colour that reads; the text colour
    // itself if even that does not (a palette of its own choosing).
    for (int step = 0; step <= 20; ++step) {
        const QColor candidate = mixed(muted, text, step / 20.0);
        if (contrastRatio(candidate, background) >= kReadableContrast)
            return candidate;
    }
    return text;
}

} // namespace memprof::views
