// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/flamegraph/FlameCanvas.h"

#include "views/flamegraph/FlameColors.h"

#include <QContextMenuEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPaintEvent>
#include <QPainter>

#include <algorithm>

namespace memprof::views {

namespace {
constexpr double kMinFrameWidth = 1.0; // narrower frames are not drawn
constexpr double kMinTextWidth = 24.0; // narrower frames get no text
} // namespace

FlameCanvas::FlameCanvas(QWidget* parent) : QWidget(parent)
{
    setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setFocusPolicy(Qt::StrongFocus);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
}

void FlameCanvas::setTree(std::shared_ptr<const FlameTree> tree)
{
    m_tree = std::move(tree);
    m_offset.assign(m_tree ? m_tree->nodes.size() : 0, 0);
    m_depth.assign(m_offset.size(), 0);
    m_rows.clear();
    m_matched.clear();
    m_zoom = 0;
    m_selected = -1;
    m_hovered = -1;
    if (m_tree && !m_tree->nodes.empty()) {
        // Preorder with an explicit stack (deep trees must not overflow the
        // call stack); children are pushed in reverse so each row fills in
        // offset order.
        std::vector<int> stack{0};
        while (!stack.empty()) {
            const int node = stack.back();
            stack.pop_back();
            const auto depth = std::size_t(m_depth[node]);
            if (m_rows.size() <= depth)
                m_rows.resize(depth + 1);
            m_rows[depth].push_back(node);
            std::uint64_t offset = m_offset[node];
            const auto& children = m_tree->nodes[node].children;
            for (int child : children) {
                m_offset[child] = offset;
                m_depth[child] = m_depth[node] + 1;
                offset += m_tree->nodes[child].value;
            }
            for (auto it = children.rbegin(); it != children.rend(); ++it)
                stack.push_back(*it);
        }
    }
    setFixedHeight(int(m_rows.size()) * rowHeight());
    updateGeometry();
    update();
}

void FlameCanvas::setZoomNode(int node)
{
    m_zoom = node;
    update();
}

void FlameCanvas::setSelectedNode(int node)
{
    m_selected = node;
    update();
}

void FlameCanvas::setFrameLabels(FrameLabels labels)
{
    m_labels = std::move(labels);
    update();
}

void FlameCanvas::setMatches(std::vector<bool> matched)
{
    m_matched = std::move(matched);
    update();
}

int FlameCanvas::rowHeight() const
{
    return fontMetrics().height() + 4;
}

QSize FlameCanvas::sizeHint() const
{
    return {400, std::max(1, int(m_rows.size())) * rowHeight()};
}

bool FlameCanvas::isAncestorOfZoom(int node) const
{
    for (int n = m_zoom; n >= 0; n = m_tree->nodes[n].parent)
        if (n == node)
            return true;
    return false;
}

QRectF FlameCanvas::frameRect(int node) const
{
    if (!m_tree || node < 0 || std::size_t(node) >= m_tree->nodes.size())
        return {};
    const double h = rowHeight();
    const double y = m_depth[node] * h;
    if (m_depth[node] <= m_depth[m_zoom])
        return isAncestorOfZoom(node) ? QRectF(0, y, width(), h) : QRectF();
    const std::uint64_t zoomStart = m_offset[m_zoom];
    const std::uint64_t zoomValue = m_tree->nodes[m_zoom].value;
    if (zoomValue == 0 || m_offset[node] < zoomStart || m_offset[node] >= zoomStart + zoomValue)
        return {};
    const double scale = width() / double(zoomValue);
    const double w = m_tree->nodes[node].value * scale;
    if (w < kMinFrameWidth)
        return {};
    return {double(m_offset[node] - zoomStart) * scale, y, w, h};
}

int FlameCanvas::nodeAt(QPoint pos) const
{
    if (!m_tree || pos.y() < 0 || pos.x() < 0 || pos.x() >= width())
        return -1;
    const auto depth = std::size_t(pos.y() / rowHeight());
    if (depth >= m_rows.size())
        return -1;
    if (int(depth) <= m_depth[m_zoom]) {
        int n = m_zoom;
        while (m_depth[n] > int(depth))
            n = m_tree->nodes[n].parent;
        return n;
    }
    const std::uint64_t zoomValue = m_tree->nodes[m_zoom].value;
    if (zoomValue == 0)
        return -1;
    const auto at = m_offset[m_zoom] + std::uint64_t(pos.x() / double(width()) * double(zoomValue));
    const auto& row = m_rows[depth];
    // The last frame starting at or before `at`, if it reaches past it.
    auto it = std::upper_bound(row.begin(), row.end(), at, [this](std::uint64_t v, int n) { return v < m_offset[n]; });
    if (it == row.begin())
        return -1;
    const int node = *std::prev(it);
    if (at >= m_offset[node] + m_tree->nodes[node].value || frameRect(node).isEmpty())
        return -1;
    return node;
}

void FlameCanvas::paintFrame(QPainter& painter, int node, const QRectF& rect) const
{
    const FlameNode& frame = m_tree->nodes[node];
    QColor fill = m_tree->differential ? flameChangeColor(shareChange(*m_tree, node), m_tree->largestShareChange)
                                       : flameFrameColor(frame.kind, frame.name);
    const bool dimmed = !m_matched.empty() && !m_matched[node];
    if (dimmed)
        fill = QColor::fromHsl(fill.hslHue(), 20, 225);
    const QRectF box = rect.adjusted(0, 0, -1, -1);
    painter.fillRect(box, fill);
    if (node == m_selected || node == m_hovered) {
        painter.setPen(QPen(node == m_selected ? Qt::black : Qt::darkGray, node == m_selected ? 2 : 1));
        painter.drawRect(box.adjusted(0.5, 0.5, -0.5, -0.5));
    }
    if (rect.width() < kMinTextWidth)
        return;
    const QRectF textBox = box.adjusted(3, 0, -3, 0);
    const QString text =
        painter.fontMetrics().elidedText(frameLabelOf(*m_tree, m_labels, node).name, Qt::ElideRight, int(textBox.width()));
    if (text.isEmpty() || text == QStringLiteral("…"))
        return;
    painter.setPen(dimmed ? QColor(Qt::gray) : flameTextColor(fill));
    painter.drawText(textBox, Qt::AlignVCenter | Qt::AlignLeft, text);
}

void FlameCanvas::paintFrames(QPainter& painter, const QRect& area) const
{
    painter.fillRect(area, palette().base());
    if (!m_tree || m_rows.empty())
        return;
    const int h = rowHeight();
    const int first = std::max(0, area.top() / h);
    const int last = std::min(int(m_rows.size()) - 1, area.bottom() / h);
    const int zoomDepth = m_depth[m_zoom];
    for (int depth = first; depth <= last; ++depth) {
        if (depth <= zoomDepth) {
            int n = m_zoom;
            while (m_depth[n] > depth)
                n = m_tree->nodes[n].parent;
            paintFrame(painter, n, frameRect(n));
            continue;
        }
        const auto& row = m_rows[depth];
        const std::uint64_t start = m_offset[m_zoom];
        const std::uint64_t end = start + m_tree->nodes[m_zoom].value;
        auto it =
            std::lower_bound(row.begin(), row.end(), start, [this](int n, std::uint64_t v) { return m_offset[n] < v; });
        for (; it != row.end() && m_offset[*it] < end; ++it) {
            const QRectF rect = frameRect(*it);
            if (!rect.isEmpty() && rect.right() >= area.left() && rect.left() <= area.right())
                paintFrame(painter, *it, rect);
        }
    }
}

void FlameCanvas::paintEvent(QPaintEvent* event)
{
    QPainter painter(this);
    paintFrames(painter, event->rect());
    // Focused with nothing selected: the arrows' starting frame, outlined,
    // says where the keys will act.
    if (hasFocus() && (m_selected < 0 || !isShown(m_selected)) && m_tree && !m_tree->nodes.empty()) {
        painter.setPen(QPen(palette().color(QPalette::Highlight), 2, Qt::DashLine));
        painter.drawRect(frameRect(m_zoom).adjusted(1, 1, -2, -2));
    }
}

int FlameCanvas::neighbour(int node, int key) const
{
    if (!m_tree || m_tree->nodes.empty())
        return -1;
    if (node < 0 || std::size_t(node) >= m_tree->nodes.size() || !isShown(node))
        return m_zoom;
    const FlameNode& frame = m_tree->nodes[node];
    switch (key) {
    case Qt::Key_Up:
        return frame.parent;
    case Qt::Key_Down:
        for (int child : frame.children)
            if (isShown(child))
                return child;
        return -1;
    case Qt::Key_Left:
    case Qt::Key_Right: {
        if (frame.parent < 0)
            return -1;
        const auto& siblings = m_tree->nodes[frame.parent].children;
        const auto at = std::find(siblings.begin(), siblings.end(), node);
        if (key == Qt::Key_Right) {
            for (auto it = std::next(at); it != siblings.end(); ++it)
                if (isShown(*it))
                    return *it;
        } else {
            for (auto it = at; it != siblings.begin();)
                if (isShown(*--it))
                    return *it;
        }
        return -1;
    }
    default:
        return -1;
    }
}

void FlameCanvas::keyPressEvent(QKeyEvent* event)
{
    if (event->modifiers() & ~Qt::KeypadModifier) {
        QWidget::keyPressEvent(event);
        return;
    }
    switch (event->key()) {
    case Qt::Key_Up:
    case Qt::Key_Down:
    case Qt::Key_Left:
    case Qt::Key_Right:
        if (const int next = neighbour(m_selected, event->key()); next >= 0)
            emit stepped(next);
        return;
    case Qt::Key_Return:
    case Qt::Key_Enter:
        if (m_selected >= 0 && isShown(m_selected))
            emit zoomRequested(m_selected);
        return;
    case Qt::Key_Backspace:
        emit backRequested();
        return;
    default:
        QWidget::keyPressEvent(event);
    }
}

void FlameCanvas::focusInEvent(QFocusEvent* event)
{
    QWidget::focusInEvent(event);
    update();
}

void FlameCanvas::focusOutEvent(QFocusEvent* event)
{
    QWidget::focusOutEvent(event);
    update();
}

void FlameCanvas::mouseMoveEvent(QMouseEvent* event)
{
    const int node = nodeAt(event->position().toPoint());
    if (node != m_hovered) {
        m_hovered = node;
        update();
    }
    emit hovered(node);
}

void FlameCanvas::mouseReleaseEvent(QMouseEvent* event)
{
    if (event->button() != Qt::LeftButton)
        return;
    const int node = nodeAt(event->position().toPoint());
    if (node >= 0)
        emit clicked(node);
}

void FlameCanvas::leaveEvent(QEvent*)
{
    m_hovered = -1;
    update();
    emit hovered(-1);
}

void FlameCanvas::contextMenuEvent(QContextMenuEvent* event)
{
    emit menuRequested(nodeAt(event->pos()), event->globalPos());
}

} // namespace memprof::views
