// SPDX-License-Identifier: GPL-3.0-or-later
// The flame graph widget on generated trees, offscreen: widths follow the
// values, zoom and its history restore the geometry, search sums what
// matches (and an invalid pattern says why and matches nothing), the keys
// move, zoom and go back, the tool tips read right, the export writes
// images, and a 100,000-node tree paints.
#include "tests/support/TestSuite.h"
#include "views/flamegraph/FlameColors.h"
#include "views/flamegraph/FlameGraphWidget.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QImage>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QVBoxLayout>
#include <QXmlStreamReader>

#include <algorithm>
#include <cmath>
#include <random>

using namespace memprof;
using memprof::views::FlameGraphWidget;

namespace {

// A random tree of `count` nodes; each node's value is its own (self) value
// plus its children's, so values are inclusive as the widget expects.
std::shared_ptr<FlameTree> generatedTree(int count, unsigned seed)
{
    std::mt19937 random(seed);
    auto tree = std::make_shared<FlameTree>();
    tree->unit = "samples";
    tree->nodes.push_back({"all", FrameKind::Group, 0, -1, {}, -1});
    const char* names[] = {"alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta"};
    const FrameKind kinds[] = {FrameKind::Lua,   FrameKind::C,       FrameKind::FastFunction,
                               FrameKind::Trace, FrameKind::VmState, FrameKind::Host};
    for (int i = 1; i < count; ++i) {
        // A random recursive tree: about e·ln(count) deep, as wide as a profile.
        const int parent = std::uniform_int_distribution<int>(0, i - 1)(random);
        const std::string name = std::string(names[random() % 8]) + "_" + std::to_string(random() % 200);
        tree->nodes.push_back({name, kinds[random() % 6], 1 + random() % 100, parent, {}, i});
        tree->nodes[std::size_t(parent)].children.push_back(i);
    }
    // Children have higher ids than their parents: add the values bottom-up.
    for (int i = count - 1; i > 0; --i)
        tree->nodes[std::size_t(tree->nodes[std::size_t(i)].parent)].value += tree->nodes[std::size_t(i)].value;
    sortChildrenByName(*tree);
    return tree;
}

// The nodes at `depth` levels below the root, breadth first.
std::vector<int> level(const FlameTree& tree, int depth)
{
    std::vector<int> nodes{0};
    for (int d = 0; d < depth; ++d) {
        std::vector<int> next;
        for (int n : nodes)
            next.insert(next.end(), tree.nodes[std::size_t(n)].children.begin(),
                        tree.nodes[std::size_t(n)].children.end());
        nodes = std::move(next);
    }
    return nodes;
}

// A child of the root that has grandchildren, to zoom into.
int zoomTarget(const FlameTree& tree)
{
    for (int child : tree.nodes[0].children)
        for (int grandchild : tree.nodes[std::size_t(child)].children)
            if (!tree.nodes[std::size_t(grandchild)].children.empty())
                return grandchild;
    return -1;
}

std::vector<QRectF> geometry(const FlameGraphWidget& widget, std::size_t count)
{
    std::vector<QRectF> rects;
    for (std::size_t i = 0; i < count; ++i)
        rects.push_back(widget.frameRect(int(i)));
    return rects;
}

} // namespace

class TestFlameGraphWidget : public QObject {
    Q_OBJECT
private slots:
    void init();
    void widthsFollowValues();
    void zoomAndHistoryRestoreGeometry();
    void searchSumsOutermostMatches_data();
    void searchSumsOutermostMatches();
    void selectionIsReported();
    void keysMoveZoomAndGoBack();
    void anInvalidPatternSaysWhyAndMatchesNothing();
    void detailsCountOneSampleAndTheZoomOnlyWhenZoomed();
    void exportsPngAndSvg();
    void differentialFramesAreColouredByTheirChange();
    void paintsALargeTree();

private:
    std::unique_ptr<FlameGraphWidget> m_widget;
    std::shared_ptr<FlameTree> m_tree;
};

void TestFlameGraphWidget::init()
{
    m_tree = generatedTree(2000, 7);
    m_widget = std::make_unique<FlameGraphWidget>();
    m_widget->resize(900, 600);
    m_widget->setTree(m_tree);
    m_widget->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_widget.get()));
}

void TestFlameGraphWidget::widthsFollowValues()
{
    const QRectF root = m_widget->frameRect(0);
    QVERIFY(m_widget->drawingWidth() > 0);
    QCOMPARE(root.width(), double(m_widget->drawingWidth()));
    int checked = 0;
    for (int depth = 1; depth <= 4; ++depth)
        for (int node : level(*m_tree, depth)) {
            const double expected = double(m_tree->nodes[std::size_t(node)].value) / double(m_tree->nodes[0].value);
            const QRectF rect = m_widget->frameRect(node);
            if (expected * root.width() < 1.0) {
                QVERIFY2(rect.isEmpty(), "a frame narrower than a pixel is hidden");
                continue;
            }
            QVERIFY(qAbs(rect.width() / root.width() - expected) < 1e-9);
            QVERIFY(rect.left() >= root.left() - 1e-9 && rect.right() <= root.right() + 1e-9);
            ++checked;
        }
    QVERIFY(checked > 10);
}

void TestFlameGraphWidget::zoomAndHistoryRestoreGeometry()
{
    const int target = zoomTarget(*m_tree);
    QVERIFY(target > 0);
    const std::vector<QRectF> before = geometry(*m_widget, m_tree->nodes.size());
    QSignalSpy zoomed(m_widget.get(), &FlameGraphWidget::zoomChanged);

    m_widget->setZoomNode(target);
    QCOMPARE(zoomed.count(), 1);
    QCOMPARE(zoomed.at(0).at(0).toInt(), target);
    const QRectF rect = m_widget->frameRect(target);
    QCOMPARE(rect.width(), double(m_widget->drawingWidth()));
    // Ancestors stay full width as a breadcrumb; a sibling outside is hidden.
    const int parent = m_tree->nodes[std::size_t(target)].parent;
    QCOMPARE(m_widget->frameRect(parent).width(), rect.width());
    QCOMPARE(m_widget->frameRect(0).width(), rect.width());
    for (int sibling : m_tree->nodes[std::size_t(parent)].children)
        if (sibling != target)
            QVERIFY(m_widget->frameRect(sibling).isEmpty());
    const std::vector<QRectF> zoomedGeometry = geometry(*m_widget, m_tree->nodes.size());
    QVERIFY(zoomedGeometry != before);

    m_widget->back();
    QCOMPARE(m_widget->zoomNode(), 0);
    QVERIFY(geometry(*m_widget, m_tree->nodes.size()) == before);
    m_widget->forward();
    QCOMPARE(m_widget->zoomNode(), target);
    QVERIFY(geometry(*m_widget, m_tree->nodes.size()) == zoomedGeometry);

    // The shortcut resets, and the reset is itself a step Back undoes.
    QTest::keyClick(m_widget.get(), Qt::Key_Escape);
    QCOMPARE(m_widget->zoomNode(), 0);
    QVERIFY(geometry(*m_widget, m_tree->nodes.size()) == before);
    QTest::keyClick(m_widget.get(), Qt::Key_Left, Qt::AltModifier);
    QCOMPARE(m_widget->zoomNode(), target);
    QCOMPARE(zoomed.count(), 5);
}

void TestFlameGraphWidget::searchSumsOutermostMatches_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("regularExpression");
    QTest::newRow("plain") << QStringLiteral("ALPHA_1") << false;
    QTest::newRow("regex") << QStringLiteral("^(beta|eta)_1\\d$") << true;
    QTest::newRow("plain, several names") << QStringLiteral("ETA_5") << false;
}

void TestFlameGraphWidget::searchSumsOutermostMatches()
{
    QFETCH(QString, text);
    QFETCH(bool, regularExpression);
    m_widget->setSearch(text, regularExpression);

    // Independently: walk up from every node; count it if it matches and no
    // ancestor does.
    const QRegularExpression pattern(regularExpression ? text : QRegularExpression::escape(text),
                                     QRegularExpression::CaseInsensitiveOption);
    auto matches = [&](std::size_t n) {
        return pattern.match(QString::fromStdString(m_tree->nodes[n].name)).hasMatch();
    };
    std::uint64_t expected = 0;
    int matched = 0;
    for (std::size_t n = 0; n < m_tree->nodes.size(); ++n) {
        if (!matches(n))
            continue;
        ++matched;
        bool outermost = true;
        for (int a = m_tree->nodes[n].parent; a >= 0 && outermost; a = m_tree->nodes[std::size_t(a)].parent)
            outermost = !matches(std::size_t(a));
        if (outermost)
            expected += m_tree->nodes[n].value;
    }
    QVERIFY(matched > 1);
    QCOMPARE(m_widget->matchedValue(), expected);
    m_widget->setSearch(QString());
    QCOMPARE(m_widget->matchedValue(), std::uint64_t(0));
}

void TestFlameGraphWidget::selectionIsReported()
{
    QSignalSpy selected(m_widget.get(), &FlameGraphWidget::frameSelected);
    const int node = m_tree->nodes[0].children.front();
    m_widget->selectNode(node);
    QCOMPARE(m_widget->selectedNode(), node);
    QCOMPARE(selected.count(), 1);
    QCOMPARE(selected.at(0).at(0).toInt(), node);

    // A click selects and zooms the frame under the mouse.
    const int target = zoomTarget(*m_tree);
    const QRectF rect = m_widget->frameRect(target);
    QWidget* canvas = m_widget->childAt(rect.center().toPoint());
    QVERIFY(canvas);
    QTest::mouseClick(canvas, Qt::LeftButton, {}, canvas->mapFrom(m_widget.get(), rect.center().toPoint()));
    QCOMPARE(m_widget->selectedNode(), target);
    QCOMPARE(m_widget->zoomNode(), target);
    QCOMPARE(selected.count(), 2);
}

// As speedscope's: Tab reaches the graph, Up goes to the parent, Down to
// the first child shown, Left and Right to the siblings shown; Enter zooms,
// Backspace goes back, Esc shows the whole graph; the selection is reported
// as a click's is.
void TestFlameGraphWidget::keysMoveZoomAndGoBack()
{
    QWidget window;
    auto* before = new QLineEdit(&window);
    auto* flame = new FlameGraphWidget(&window);
    auto* layout = new QVBoxLayout(&window);
    layout->addWidget(before);
    layout->addWidget(flame, 1);
    window.resize(900, 600);
    flame->setTree(m_tree);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    before->setFocus();
    QTRY_VERIFY(before->hasFocus());
    int tabs = 0;
    while (QApplication::focusWidget() != flame->focusProxy() && tabs < 12) {
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
        ++tabs;
    }
    QVERIFY2(QApplication::focusWidget() == flame->focusProxy(), "Tab never reached the graph");
    QWidget* canvas = flame->focusProxy();

    QSignalSpy selected(flame, &FlameGraphWidget::frameSelected);
    // The first arrow selects the frame shown whole (the root).
    QTest::keyClick(canvas, Qt::Key_Down);
    QCOMPARE(flame->selectedNode(), 0);
    const auto firstShownChild = [&](int node) {
        for (int child : m_tree->nodes[std::size_t(node)].children)
            if (!flame->frameRect(child).isEmpty())
                return child;
        return -1;
    };
    const int first = firstShownChild(0);
    QTest::keyClick(canvas, Qt::Key_Down);
    QCOMPARE(flame->selectedNode(), first);
    // The next sibling shown, and back.
    const auto& siblings = m_tree->nodes[0].children;
    int next = -1;
    for (auto it = std::find(siblings.begin(), siblings.end(), first) + 1; it != siblings.end() && next < 0; ++it)
        if (!flame->frameRect(*it).isEmpty())
            next = *it;
    QVERIFY(next > 0);
    QTest::keyClick(canvas, Qt::Key_Right);
    QCOMPARE(flame->selectedNode(), next);
    QTest::keyClick(canvas, Qt::Key_Left);
    QCOMPARE(flame->selectedNode(), first);
    QTest::keyClick(canvas, Qt::Key_Left); // nothing shown further left
    QCOMPARE(flame->selectedNode(), first);
    QTest::keyClick(canvas, Qt::Key_Up);
    QCOMPARE(flame->selectedNode(), 0);
    QTest::keyClick(canvas, Qt::Key_Up); // the root has no parent
    QCOMPARE(flame->selectedNode(), 0);
    QCOMPARE(selected.count(), 5);
    QCOMPARE(selected.last().at(0).toInt(), 0);

    // Enter zooms the selected frame; a second level, then back twice.
    QTest::keyClick(canvas, Qt::Key_Down);
    QTest::keyClick(canvas, Qt::Key_Return);
    QCOMPARE(flame->zoomNode(), first);
    QCOMPARE(flame->frameRect(first).width(), double(flame->drawingWidth()));
    const int grandchild = firstShownChild(first);
    QVERIFY(grandchild > 0);
    QTest::keyClick(canvas, Qt::Key_Down);
    QCOMPARE(flame->selectedNode(), grandchild);
    QTest::keyClick(canvas, Qt::Key_Enter, Qt::KeypadModifier);
    QCOMPARE(flame->zoomNode(), grandchild);
    QTest::keyClick(canvas, Qt::Key_Backspace);
    QCOMPARE(flame->zoomNode(), first);
    QTest::keyClick(canvas, Qt::Key_Backspace);
    QCOMPARE(flame->zoomNode(), 0);
    // Esc shows the whole graph from any depth.
    flame->setZoomNode(grandchild);
    QTest::keyClick(canvas, Qt::Key_Escape);
    QCOMPARE(flame->zoomNode(), 0);
    QCOMPARE(flame->selectedNode(), grandchild);
}

// As the table filter does: the pattern's error is said, and with nothing
// matching every frame is dimmed and nothing is counted.
void TestFlameGraphWidget::anInvalidPatternSaysWhyAndMatchesNothing()
{
    const auto saturationAt = [&](int node) {
        QApplication::processEvents();
        const QImage image = m_widget->grab().toImage();
        const QRectF rect = m_widget->frameRect(node);
        return QColor(image.pixel(QPoint(int(rect.right()) - 3, int(rect.center().y())))).hslSaturation();
    };
    int coloured = -1;
    for (int node = 1; node < int(m_tree->nodes.size()) && coloured < 0; ++node)
        if (m_tree->nodes[std::size_t(node)].kind == FrameKind::Lua && m_widget->frameRect(node).width() > 8)
            coloured = node;
    QVERIFY(coloured > 0);
    const int undimmed = saturationAt(coloured);
    QVERIFY(undimmed > 100);

    const QString broken = QStringLiteral("alpha_(1");
    m_widget->setSearch(broken, true);
    const QString why = QRegularExpression(broken).errorString();
    QVERIFY(!why.isEmpty());
    QVERIFY2(m_widget->searchMessage().contains(why), qPrintable(m_widget->searchMessage()));
    QVERIFY2(m_widget->searchMessage().contains(QStringLiteral("nothing matches")),
             qPrintable(m_widget->searchMessage()));
    QCOMPARE(m_widget->matchedValue(), std::uint64_t(0));
    QVERIFY2(saturationAt(coloured) < 40, "an invalid pattern leaves the graph undimmed");
    QVERIFY(saturationAt(0) < 40);

    // The same text as plain text is valid again, and matches.
    m_widget->setSearch(QStringLiteral("alpha_1"), false);
    QVERIFY(m_widget->searchMessage().contains(QStringLiteral("match")));
    QVERIFY(!m_widget->searchMessage().contains(QStringLiteral("nothing")));
    QVERIFY(m_widget->matchedValue() > 0);
}

// "1 sample", not "1 samples"; a share "of the zoomed frame" only for a
// frame inside a zoom.
void TestFlameGraphWidget::detailsCountOneSampleAndTheZoomOnlyWhenZoomed()
{
    auto tree = std::make_shared<FlameTree>();
    tree->unit = "samples";
    tree->nodes.push_back({"all", FrameKind::Group, 4, -1, {1}, -1});
    tree->nodes.push_back({"outer", FrameKind::Lua, 4, 0, {2, 3}, 1});
    tree->nodes.push_back({"once", FrameKind::Lua, 1, 1, {}, 2});
    tree->nodes.push_back({"thrice", FrameKind::Lua, 3, 1, {}, 3});
    m_widget->setTree(tree);
    const QString once = m_widget->frameDescription(2);
    QVERIFY2(once.contains(QStringLiteral("1 sample,")), qPrintable(once));
    QVERIFY2(!once.contains(QStringLiteral("samples")), qPrintable(once));
    QVERIFY2(m_widget->frameDescription(3).contains(QStringLiteral("3 samples,")),
             qPrintable(m_widget->frameDescription(3)));
    for (int node = 0; node < 4; ++node)
        QVERIFY2(!m_widget->frameDescription(node).contains(QStringLiteral("zoomed")),
                 qPrintable(m_widget->frameDescription(node)));
    m_widget->setZoomNode(1);
    QVERIFY2(m_widget->frameDescription(3).endsWith(QStringLiteral("75.00% of the zoomed frame")),
             qPrintable(m_widget->frameDescription(3)));
    // The zoomed frame and what lies above it are not inside the zoom.
    QVERIFY(!m_widget->frameDescription(1).contains(QStringLiteral("zoomed")));
    QVERIFY(!m_widget->frameDescription(0).contains(QStringLiteral("zoomed")));
}

void TestFlameGraphWidget::exportsPngAndSvg()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString png = dir.filePath(QStringLiteral("flame.png"));
    QVERIFY(m_widget->saveImage(png));
    QImage image(png);
    QVERIFY(!image.isNull());
    QCOMPARE(image.width(), m_widget->drawingWidth());

    const QString svg = dir.filePath(QStringLiteral("flame.svg"));
    QVERIFY(m_widget->saveImage(svg));
    QFile file(svg);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QXmlStreamReader xml(&file);
    QString rootElement;
    int texts = 0;
    while (!xml.atEnd())
        if (xml.readNext() == QXmlStreamReader::StartElement) {
            if (rootElement.isEmpty())
                rootElement = xml.name().toString();
            texts += xml.name() == QStringLiteral("text");
        }
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    QCOMPARE(rootElement, QStringLiteral("svg"));
    QVERIFY(texts > 0);
}

// Two runs compared: a frame whose share grew is red, one whose share
// shrank blue, deeper for a larger change; an unchanged one grey.
void TestFlameGraphWidget::differentialFramesAreColouredByTheirChange()
{
    auto tree = std::make_shared<FlameTree>();
    tree->unit = "samples";
    tree->differential = true;
    tree->baseTotal = 200;
    tree->nodes.push_back({"all", FrameKind::Group, 100, -1, {1, 2, 3}, 0, 200});
    tree->nodes.push_back({"grew", FrameKind::Lua, 50, 0, {}, 1, 40}); // 50% against 20%
    tree->nodes.push_back({"shrank", FrameKind::Lua, 30, 0, {}, 2, 120}); // 30% against 60%
    tree->nodes.push_back({"same", FrameKind::Lua, 20, 0, {}, 3, 40}); // 20% against 20%
    for (int node = 0; node < int(tree->nodes.size()); ++node)
        tree->largestShareChange = std::max(tree->largestShareChange, std::abs(shareChange(*tree, node)));
    QCOMPARE(shareChange(*tree, 1), 0.3);
    QCOMPARE(shareChange(*tree, 2), -0.3);
    QCOMPARE(shareChange(*tree, 3), 0.0);
    m_widget->setTree(tree);
    QApplication::processEvents();
    const QImage image = m_widget->grab().toImage();
    const auto fillOf = [&](int node) {
        const QRectF rect = m_widget->frameRect(node);
        return QColor(image.pixel(QPoint(int(rect.right()) - 3, int(rect.center().y()))));
    };
    const QColor grew = fillOf(1);
    const QColor shrank = fillOf(2);
    const QColor same = fillOf(3);
    QVERIFY2(grew.red() > grew.blue() + 100, qPrintable(grew.name()));
    QVERIFY2(shrank.blue() > shrank.red() + 100, qPrintable(shrank.name()));
    QVERIFY2(same.red() == same.blue() && same.red() == same.green(), qPrintable(same.name()));
    // Deeper for a larger change.
    QVERIFY(views::flameChangeColor(0.1, 0.3).green() > views::flameChangeColor(0.3, 0.3).green());
    QVERIFY(views::flameChangeColor(-0.1, 0.3).red() > views::flameChangeColor(-0.3, 0.3).red());
}

void TestFlameGraphWidget::paintsALargeTree()
{
    auto large = generatedTree(100000, 11);
    m_widget->setTree(large);
    m_widget->resize(1366, 768);
    QImage image(m_widget->size(), QImage::Format_ARGB32_Premultiplied);
    QElapsedTimer timer;
    timer.start();
    m_widget->render(&image);
    const qint64 firstNs = timer.nsecsElapsed();
    timer.restart();
    m_widget->render(&image);
    const qint64 secondNs = timer.nsecsElapsed();
    qInfo("full repaint of a %zu-node tree at %dx%d: %.2f ms, again %.2f ms", large->nodes.size(), m_widget->width(),
          m_widget->height(), double(firstNs) / 1e6, double(secondNs) / 1e6);
    QCOMPARE(m_widget->frameRect(0).width(), double(m_widget->drawingWidth()));
}

MEMPROF_TEST_MAIN(TestFlameGraphWidget)
#include "test_flame_graph_widget.moc"
