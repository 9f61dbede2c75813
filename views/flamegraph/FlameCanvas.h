// SPDX-License-Identifier: GPL-3.0-or-later
// The painted part of the flame graph (an icicle: the root on top, one row
// per depth). It holds the tree's layout and the view state the widget sets
// (zoom, selection, matches) and reports the mouse and the keys; history,
// search and menus live in FlameGraphWidget.
//
// From the keyboard, as speedscope's: Tab reaches it, Up moves to the
// parent, Down to the first child shown, Left and Right to the siblings
// shown; Enter zooms the selected frame, Backspace goes back.
//
// How it stays fast on large trees: the layout is computed once per tree as
// integer offsets (a frame's start in value units) and per-depth rows sorted
// by offset. A paint visits only the rows the exposed rectangle crosses, and
// in each row only the frames inside the zoomed frame's range (found by
// binary search); frames narrower than a pixel are skipped, and their
// descendants are narrower still.
#pragma once

#include "model/flame/FlameTree.h"
#include "views/flamegraph/FlameSearch.h"

#include <QWidget>

#include <memory>
#include <vector>

namespace memprof::views {

class FlameCanvas : public QWidget {
    Q_OBJECT
public:
    explicit FlameCanvas(QWidget* parent = nullptr);

    void setTree(std::shared_ptr<const FlameTree> tree);
    const FlameTree* tree() const { return m_tree.get(); }

    void setZoomNode(int node);
    int zoomNode() const { return m_zoom; }
    void setSelectedNode(int node);
    int selectedNode() const { return m_selected; }
    // Empty: no search, nothing dimmed.
    void setMatches(std::vector<bool> matched);
    // How the frames read (FlameSearch.h); a frame shows its label's name.
    void setFrameLabels(FrameLabels labels);

    // In this widget's coordinates; empty when the frame is not shown.
    QRectF frameRect(int node) const;
    int nodeAt(QPoint pos) const;
    int rowHeight() const;
    // The frame an arrow key moves to from `node` (the zoomed frame when
    // -1 or hidden); -1 when there is none that way.
    int neighbour(int node, int key) const;

    // Paints the frames crossing `area` (also used for the image export).
    void paintFrames(QPainter& painter, const QRect& area) const;

    QSize sizeHint() const override;

signals:
    void hovered(int node); // -1: none
    void clicked(int node);
    void menuRequested(int node, QPoint globalPos);
    void stepped(int node); // an arrow key moved the selection there
    void zoomRequested(int node); // Enter on the selected frame
    void backRequested();

protected:
    void paintEvent(QPaintEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void leaveEvent(QEvent* event) override;
    void contextMenuEvent(QContextMenuEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void focusInEvent(QFocusEvent* event) override;
    void focusOutEvent(QFocusEvent* event) override;

private:
    bool isAncestorOfZoom(int node) const;
    bool isShown(int node) const { return !frameRect(node).isEmpty(); }
    void paintFrame(QPainter& painter, int node, const QRectF& rect) const;

    std::shared_ptr<const FlameTree> m_tree;
    std::vector<std::uint64_t> m_offset; // start within the root, in value units
    std::vector<int> m_depth;
    std::vector<std::vector<int>> m_rows; // node ids per depth, by offset
    std::vector<bool> m_matched;
    FrameLabels m_labels;
    int m_zoom = 0;
    int m_selected = -1;
    int m_hovered = -1;
};

} // namespace memprof::views
