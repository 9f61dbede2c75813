// SPDX-License-Identifier: GPL-3.0-or-later
// A flame graph of any FlameTree (model/flame/FlameTree.h): widths
// proportional to the values, hover details, click to zoom with a
// back/forward history, search that dims what does not match, selection
// for syncing with other panes, the keyboard (FlameCanvas.h), and PNG/SVG
// export. Generic: it knows nothing of memprof or sysprof, only frames,
// values and a unit.
//
// Its toolbar stays usable in a narrow pane: the history and the export
// are icons (their names in tool tips), the search field keeps a readable
// width, and the match count has room of its own under the graph.
#pragma once

#include "model/flame/FlameTree.h"
#include "views/flamegraph/FlameSearch.h"

#include <QWidget>

#include <functional>
#include <memory>
#include <vector>

class QCheckBox;
class QLabel;
class QLineEdit;
class QScrollArea;
class QThread;
class QToolButton;

namespace memprof::views {

class FlameCanvas;

class FlameGraphWidget : public QWidget {
    Q_OBJECT
public:
    explicit FlameGraphWidget(QWidget* parent = nullptr);
    ~FlameGraphWidget() override;

    // Clears the zoom history, the selection and the frame labels, and
    // keeps the search text.
    void setTree(std::shared_ptr<const FlameTree> tree);
    // How the shown tree's frames read (FlameSearch.h): the frame shows the
    // name, the details and tool tip the name and location, and the search
    // matches both. Set again when the functions' names arrive.
    void setFrameLabels(FrameLabels labels);
    const FlameTree* tree() const;
    // Builds a tree on a worker thread and shows it (setTree) when done,
    // then emits treeBuilt: a profile's tree of 100,000s of frames takes
    // long enough to freeze the window. A newer call supersedes an older
    // one still running. `build` must only read what it captured.
    void buildTree(std::function<FlameTree()> build);
    bool isBuilding() const { return !m_builders.empty(); }

    int zoomNode() const;
    int selectedNode() const;

    // A frame's rectangle in this widget's coordinates; empty when hidden
    // (outside the zoom or narrower than a pixel).
    QRectF frameRect(int node) const;
    // The width the root spans when not zoomed: the painted area's width.
    int drawingWidth() const;

    // Sum of the values of the frames matching the search, a match inside a
    // match counted once; 0 without a search.
    std::uint64_t matchedValue() const;
    void setSearch(const QString& text, bool regularExpression = false);
    QString searchText() const;
    bool searchIsRegularExpression() const;
    // What the search says: the match count, or why the pattern is invalid.
    QString searchMessage() const;

    // A frame's details, as its tool tip and the line under the graph say.
    QString frameDescription(int node) const;

    // Writes the whole graph as PNG or SVG (by the suffix), atomically.
    bool saveImage(const QString& path);
    // Asks where, then saveImage(); says so when it cannot be written.
    void askToSaveImage();

public slots:
    void setZoomNode(int node);
    void selectNode(int node);
    void back();
    void forward();
    void resetZoom();

signals:
    void zoomChanged(int node);
    // The search was edited (typed, the mode toggled, or setSearch).
    void searchChanged(const QString& text, bool regularExpression);
    void frameSelected(int node);
    void treeBuilt();

private:
    void applyZoom(int node);
    void stepHistory(std::vector<int>& from, std::vector<int>& to);
    void updateSearch();
    void onSearchEdited();
    void updateHistoryButtons();
    // On the line under the graph, and in a tool tip for the mouse.
    void showDetails(int node, bool toolTip);
    void showMenu(int node, QPoint globalPos);

    FlameCanvas* m_canvas;
    QScrollArea* m_scroll;
    QToolButton* m_back;
    QToolButton* m_forward;
    QToolButton* m_reset;
    QLineEdit* m_search;
    QCheckBox* m_regex;
    QLabel* m_matchLabel;
    QLabel* m_details;
    QToolButton* m_save;
    std::shared_ptr<const FlameTree> m_tree;
    FrameLabels m_labels;
    std::vector<int> m_backHistory;
    std::vector<int> m_forwardHistory;
    std::uint64_t m_matchedValue = 0;
    std::vector<QThread*> m_builders; // running; the last one's tree is shown
};

} // namespace memprof::views
