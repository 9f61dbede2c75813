// SPDX-License-Identifier: GPL-3.0-or-later
#include "WindowPlacement.h"

#include <QGuiApplication>
#include <QMargins>
#include <QScreen>
#include <QWidget>

#include <algorithm>

namespace memprof::app {

namespace {
constexpr int kCascadeStep = 40;

QRect availableGeometryOf(const QWidget* window)
{
    const QScreen* screen = window->screen();
    if (!screen)
        screen = QGuiApplication::primaryScreen();
    return screen ? screen->availableGeometry() : QRect();
}

// The window's frame (title bar and borders) around its geometry; none
// before it is shown on a platform that draws frames.
QMargins frameMarginsOf(const QWidget* window)
{
    const QRect frame = window->frameGeometry();
    const QRect inner = window->geometry();
    return {inner.left() - frame.left(), inner.top() - frame.top(), frame.right() - inner.right(),
            frame.bottom() - inner.bottom()};
}

void setFrameGeometry(QWidget* window, const QRect& frame, const QMargins& margins)
{
    const QRect inner = frame.marginsRemoved(margins);
    window->resize(inner.size());
    window->move(frame.topLeft());
}
} // namespace

QRect fittedGeometry(const QRect& frame, const QRect& available)
{
    if (!available.isValid())
        return frame;
    QRect fitted = frame;
    fitted.setWidth(std::min(frame.width(), available.width()));
    fitted.setHeight(std::min(frame.height(), available.height()));
    fitted.moveLeft(std::clamp(fitted.left(), available.left(), available.right() + 1 - fitted.width()));
    fitted.moveTop(std::clamp(fitted.top(), available.top(), available.bottom() + 1 - fitted.height()));
    return fitted;
}

QRect cascadedGeometry(const QRect& opener, const QRect& available)
{
    QRect next = opener.translated(kCascadeStep, kCascadeStep);
    if (available.isValid() && !available.contains(next))
        next.moveTopLeft(available.topLeft());
    return fittedGeometry(next, available);
}

QSize defaultWindowSize(const QWidget* window)
{
    const QSize preferred(1400, 900);
    const QRect available = availableGeometryOf(window);
    return available.isValid() ? preferred.boundedTo(available.size() * 0.9) : preferred;
}

void fitToScreen(QWidget* window)
{
    const QRect frame = window->frameGeometry();
    const QRect fitted = fittedGeometry(frame, availableGeometryOf(window));
    if (fitted != frame)
        setFrameGeometry(window, fitted, frameMarginsOf(window));
}

void cascadeFrom(QWidget* window, const QWidget* opener)
{
    // The new window's size with the opener's frame, at the opener's place.
    const QMargins margins = frameMarginsOf(opener);
    const QRect from(opener->frameGeometry().topLeft(), window->size().grownBy(margins));
    setFrameGeometry(window, cascadedGeometry(from, availableGeometryOf(opener)), margins);
}

} // namespace memprof::app
