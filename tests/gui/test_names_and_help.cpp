// SPDX-License-Identifier: GPL-3.0-or-later
// Names, selection and help in the main window, driven as a user would:
// selecting a function of the tree lets go of the previous location (held
// pane, status bar); locations printed alike read apart in the status bar;
// the source pane's gutter caption and numbers are readable (4.5:1); the
// Overrides pane stands only under the event tables; the tree's CSV export
// says it writes the whole tree and does; Help > Guide (F1) lists the
// window's actual shortcuts and the models' columns; every table's row menu
// copies a row, filters to its file and shows its source.
#include "tests/support/GuiTestData.h"
#include "tests/support/WindowTestHelpers.h"
#include "tests/support/WindowWidgets.h"

#include "app/MainWindow.h"
#include "model/itemmodels/FilterExpression.h"
#include "model/itemmodels/ModelRoles.h"
#include "tests/support/TestSuite.h"
#include "views/CodeView.h"
#include "views/CostTableView.h"
#include "views/FilterField.h"
#include "views/FunctionTreeView.h"
#include "views/ProfilePage.h"
#include "views/SourcePane.h"
#include "views/ViewState.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QContextMenuEvent>
#include <QFileDialog>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>
#include <QTimer>

#include <algorithm>
#include <cmath>

using namespace memprof;
using memprof::test::load;
using memprof::test::Window;

namespace {
views::ViewState* viewStateOf(const QWidget* window)
{
    return static_cast<views::ProfilePage*>(test::profilePage(window))->viewState();
}

QString statusOf(app::MainWindow* window)
{
    return window->statusBar()->currentMessage();
}

// The first row (column 0, in the view's proxy, at any depth) whose raw
// name (SortRole) is `name`.
QModelIndex rowNamed(const QAbstractItemModel* model, const QString& name, const QModelIndex& parent = {})
{
    for (int r = 0; r < model->rowCount(parent); ++r) {
        const QModelIndex index = model->index(r, 0, parent);
        if (index.data(itemmodels::SortRole).toString() == name)
            return index;
        if (const QModelIndex below = rowNamed(model, name, index); below.isValid())
            return below;
    }
    return {};
}

// The tree's first function node (a node with a function below a file).
QModelIndex firstFunctionNode(const QAbstractItemModel* model)
{
    for (int f = 0; f < model->rowCount(); ++f) {
        const QModelIndex file = model->index(f, 0);
        for (int r = 0; r < model->rowCount(file); ++r)
            if (model->index(r, 0, file).data(itemmodels::FunctionIndexRole).isValid())
                return model->index(r, 0, file);
    }
    return {};
}

// Clicks a row as a user would: its ancestors opened, then a click.
void click(views::CostTableView* view, const QModelIndex& index)
{
    for (QModelIndex up = index.parent(); up.isValid(); up = up.parent())
        view->expand(up);
    view->scrollTo(index);
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(index).center());
}

// Right-clicks a row and returns the row menu it opened (or nullptr).
QMenu* openRowMenu(views::CostTableView* view, const QModelIndex& index)
{
    if (!index.isValid())
        return nullptr;
    for (QModelIndex up = index.parent(); up.isValid(); up = up.parent())
        view->expand(up);
    view->scrollTo(index);
    const QPoint pos = view->visualRect(index).center();
    QContextMenuEvent event(QContextMenuEvent::Mouse, pos, view->viewport()->mapToGlobal(pos));
    QApplication::sendEvent(view->viewport(), &event);
    QMenu* found = nullptr;
    for (QMenu* menu : view->findChildren<QMenu*>(QStringLiteral("rowContextMenu")))
        if (menu->isVisible())
            found = menu;
    return found;
}

QAction* actionNamed(const QWidget* owner, const char* name)
{
    return owner ? owner->findChild<QAction*>(QString::fromLatin1(name)) : nullptr;
}

// Triggers `name` in a freshly opened row menu of `index`.
bool triggerRowAction(views::CostTableView* view, const QModelIndex& index, const char* name)
{
    QMenu* menu = openRowMenu(view, index);
    QAction* action = actionNamed(menu, name);
    if (!action || !action->isEnabled())
        return false;
    action->trigger();
    menu->close();
    return true;
}

// The WCAG 2 contrast ratio of two colours (alpha ignored), 1 to 21.
double contrastRatio(const QColor& a, const QColor& b)
{
    auto luminance = [](const QColor& color) {
        auto channel = [](double c) { return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4); };
        return 0.2126 * channel(color.redF()) + 0.7152 * channel(color.greenF()) + 0.0722 * channel(color.blueF());
    };
    const double la = luminance(a.toRgb());
    const double lb = luminance(b.toRgb());
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

// The largest contrast ratio between `background` and any pixel of `image`
// inside `area`: the core of the glyphs drawn there.
double strongestContrast(const QImage& image, const QRect& area, const QColor& background)
{
    double best = 1.0;
    for (int y = std::max(0, area.top()); y <= std::min(image.height() - 1, area.bottom()); ++y)
        for (int x = std::max(0, area.left()); x <= std::min(image.width() - 1, area.right()); ++x)
            best = std::max(best, contrastRatio(image.pixelColor(x, y), background));
    return best;
}
} // namespace

class TestNamesAndHelp : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void functionNodeLetsGoOfTheLocation();
    void locationsPrintedAlikeReadApart();
    void gutterCaptionIsReadable();
    void overridesOnlyUnderTheEventTables();
    void treeExportSaysItWritesTheWholeTree();
    void guideListsTheActualShortcuts();
    void rowMenuCopiesFiltersAndShowsSource();
};

void TestNamesAndHelp::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("memprof-viewer-tests"));
    QCoreApplication::setApplicationName(QStringLiteral("test_names_and_help"));
}

void TestNamesAndHelp::init()
{
    QSettings().clear();
}

void TestNamesAndHelp::functionNodeLetsGoOfTheLocation()
{
    Window w;
    QVERIFY(test::loadWithFunctionNames(w.window, test::fixture(QStringLiteral("v3/leak.bin"))));
    views::CostTableView* allocations = test::eventTable(w.window, EventKind::Alloc);
    click(allocations, rowNamed(allocations->model(), QStringLiteral("@leak.lua:9")));
    views::CostTableView* held = test::heldTable(w.window);
    QCOMPARE(held->currentIndex().siblingAtColumn(0).data(itemmodels::SortRole).toString(),
             QStringLiteral("@leak.lua:9"));
    QCOMPARE(statusOf(w.window), QStringLiteral("remember  leak.lua:9"));

    views::FunctionTreeView* tree = test::functionTree(w.window);
    test::mainTabs(w.window)->setCurrentWidget(tree);
    const QModelIndex function = firstFunctionNode(tree->model());
    QVERIFY(function.isValid());
    click(tree, function);
    QCOMPARE(tree->currentIndex().siblingAtColumn(0), function);
    // Nothing is selected any more: the held pane lets go of line 9, the
    // status bar names the function, not the line.
    QVERIFY(!viewStateOf(w.window)->selectedLocation());
    QVERIFY(!held->currentIndex().isValid());
    QVERIFY(held->selectionModel()->selectedRows().isEmpty());
    const QString status = statusOf(w.window);
    QVERIFY2(status.contains(QStringLiteral("  leak.lua:")), qPrintable(status));
    QVERIFY2(status.contains(function.data().toString()), qPrintable(status));
    // The source pane shows the function's definition.
    const auto& info = w->profile()->functions[std::size_t(function.data(itemmodels::FunctionIndexRole).toInt())];
    QCOMPARE(test::sourcePane(w.window)->codeView()->markedLine(), int(info.linedefined));

    // A line again selects its location everywhere.
    click(tree, tree->model()->index(0, 0, function));
    QVERIFY(viewStateOf(w.window)->selectedLocation().has_value());
}

void TestNamesAndHelp::locationsPrintedAlikeReadApart()
{
    // v1/loadstring.bin: lines of a prototype the format-1 symbol table
    // does not know all print as CFUNC 0x40813370.
    Window w;
    QVERIFY(load(w.window, test::fixture(QStringLiteral("v1/loadstring.bin"))));
    views::CostTableView* allocations = test::eventTable(w.window, EventKind::Alloc);
    QAbstractItemModel* shown = allocations->model();
    QStringList alike;
    for (int r = 0; r < shown->rowCount(); ++r) {
        const QModelIndex index = shown->index(r, 0);
        if (index.data(itemmodels::SortRole).toString() != QStringLiteral("CFUNC 0x40813370"))
            continue;
        click(allocations, index);
        // The status bar names the row as the table does.
        QCOMPARE(statusOf(w.window), index.data().toString());
        alike << statusOf(w.window);
        QVERIFY2(index.data(Qt::ToolTipRole).toString().contains(QStringLiteral("prototype 0x40813370")),
                 qPrintable(index.data(Qt::ToolTipRole).toString()));
    }
    QCOMPARE(alike.size(), 2);
    QVERIFY2(alike[0] != alike[1], qPrintable(alike.join(u'|')));
    // The held pane's row of that name says it merges them.
    const QModelIndex heldRow = rowNamed(test::heldTable(w.window)->model(), QStringLiteral("CFUNC 0x40813370"));
    QVERIFY(heldRow.isValid());
    QCOMPARE(heldRow.data().toString(), QStringLiteral("CFUNC 0x40813370 (2 locations)"));
    for (const QString& name : alike)
        QVERIFY2(heldRow.data(Qt::ToolTipRole).toString().contains(name),
                 qPrintable(heldRow.data(Qt::ToolTipRole).toString()));
}

void TestNamesAndHelp::gutterCaptionIsReadable()
{
    Window w;
    QVERIFY(load(w.window, test::fixture(QStringLiteral("v3/leak.bin"))));
    views::CostTableView* allocations = test::eventTable(w.window, EventKind::Alloc);
    click(allocations, rowNamed(allocations->model(), QStringLiteral("@leak.lua:9")));
    views::SourcePane* source = test::sourcePane(w.window);
    QTRY_COMPARE(source->codeView()->markedLine(), 9);

    // The caption's colour against the pane, as the label draws it.
    auto* legend = w->findChild<QLabel*>(QStringLiteral("sourceGutterLegend"));
    QVERIFY(legend && legend->isVisible());
    const QPalette::ColorGroup group = legend->isEnabled() ? QPalette::Active : QPalette::Disabled;
    const QColor caption = legend->palette().color(group, legend->foregroundRole());
    const QColor pane = legend->palette().color(group, QPalette::Window);
    const double captionContrast = contrastRatio(caption, pane);
    QVERIFY2(captionContrast >= 4.5, qPrintable(QString::number(captionContrast)));
    // And as drawn: the glyphs reach that contrast on screen.
    const QImage legendImage = legend->grab().toImage();
    QVERIFY2(strongestContrast(legendImage, legendImage.rect(), pane) >= 4.5,
             qPrintable(QString::number(strongestContrast(legendImage, legendImage.rect(), pane))));

    // The gutter's line numbers (all but the marked line) as drawn.
    auto* gutter = w->findChild<QWidget*>(QStringLiteral("codeGutter"));
    QVERIFY(gutter);
    const QImage image = gutter->grab().toImage();
    const QColor background = gutter->palette().color(QPalette::AlternateBase);
    views::CodeView* code = source->codeView();
    const QFontMetrics metrics(code->font());
    // Line 1's number: the top row of text, the number column.
    const QRect firstNumber(0, 0, 6 + metrics.horizontalAdvance(QStringLiteral("999")) + 2, metrics.height() + 4);
    const double numberContrast = strongestContrast(image, firstNumber, background);
    QVERIFY2(numberContrast >= 4.5, qPrintable(QString::number(numberContrast)));
}

void TestNamesAndHelp::overridesOnlyUnderTheEventTables()
{
    Window w;
    QVERIFY(load(w.window, test::fixture(QStringLiteral("v3/table-growth.bin"))));
    QTabWidget* tabs = test::mainTabs(w.window);
    QWidget* overrides = test::overridesTable(w.window);
    for (int i = 0; i < tabs->count(); ++i) {
        tabs->setCurrentIndex(i);
        QWidget* pane = tabs->widget(i);
        const bool eventTable = pane == test::eventTable(w.window, EventKind::Alloc) ||
                                pane == test::eventTable(w.window, EventKind::Realloc) ||
                                pane == test::eventTable(w.window, EventKind::Free);
        QVERIFY2(overrides->isVisible() == eventTable, qPrintable(tabs->tabText(i)));
    }
    // Back on a table, it shows the Overrides of its row again.
    views::CostTableView* reallocations = test::eventTable(w.window, EventKind::Realloc);
    tabs->setCurrentWidget(reallocations);
    QVERIFY(overrides->isVisible());
    click(reallocations, reallocations->model()->index(0, 0));
    QVERIFY(test::overridesTable(w.window)->model()->rowCount() > 0);
}

void TestNamesAndHelp::treeExportSaysItWritesTheWholeTree()
{
    Window w;
    QVERIFY(load(w.window, test::fixture(QStringLiteral("v3/leak.bin"))));
    views::FunctionTreeView* tree = test::functionTree(w.window);
    test::mainTabs(w.window)->setCurrentWidget(tree);
    // The tree opens its default expansion on a zero timer after its model
    // changes: let that pass (a slow machine runs it late), then collapse.
    QTest::qWait(200);
    tree->collapseAll(); // only the files are on screen
    w->setActiveTable(tree);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("tree.csv"));
    QString dialogTitle;
    QTimer::singleShot(300, [&dialogTitle, path] {
        if (auto* dialog = qobject_cast<QFileDialog*>(QApplication::activeModalWidget())) {
            dialogTitle = dialog->windowTitle();
            auto* name = dialog->findChild<QLineEdit*>(QStringLiteral("fileNameEdit"));
            if (!name)
                return;
            name->setText(path);
            QTest::keyClick(name, Qt::Key_Return);
        }
    });
    QAction* exportCsv = actionNamed(w.window, "exportCsvAction");
    QVERIFY(exportCsv);
    exportCsv->trigger();
    QTRY_VERIFY2(!dialogTitle.isEmpty(), "no export dialog opened");
    QVERIFY2(dialogTitle.contains(QStringLiteral("whole tree")), qPrintable(dialogTitle));
    QTRY_VERIFY(QFile::exists(path));
    const QString status = statusOf(w.window);
    QVERIFY2(status.contains(QStringLiteral("whole tree")) && status.contains(QStringLiteral("collapsed")),
             qPrintable(status));
    // And it does: the lines under the collapsed files are in it.
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QStringList lines = QString::fromUtf8(file.readAll()).split(QStringLiteral("\r\n"), Qt::SkipEmptyParts);
    QVERIFY(std::any_of(lines.begin(), lines.end(),
                        [](const QString& l) { return l.startsWith(QStringLiteral("2,@leak.lua:9,")); }));
    QVERIFY(!tree->isExpanded(tree->model()->index(0, 0)));
}

void TestNamesAndHelp::guideListsTheActualShortcuts()
{
    Window w;
    QVERIFY(load(w.window, test::fixture(QStringLiteral("v3/leak.bin"))));
    // An action added now is in the guide too: it lists what the window has.
    QAction* added = w->menuBar()->actions().first()->menu()->addAction(QStringLiteral("Frobnicate the Heap"));
    added->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_F12));

    QAction* guide = actionNamed(w.window, "helpGuideAction");
    QVERIFY(guide);
    QCOMPARE(guide->shortcut(), QKeySequence(QKeySequence::HelpContents));
    w->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(w.window));
    QTest::keyClick(w.window, Qt::Key_F1);
    auto* dialog = w->findChild<QDialog*>(QStringLiteral("helpGuide"));
    QVERIFY(dialog);
    QTRY_VERIFY(dialog->isVisible());
    const QString text = dialog->findChild<QTextBrowser*>(QStringLiteral("helpGuideText"))->toPlainText();

    int listed = 0;
    for (const QAction* action : w->findChildren<QAction*>()) {
        if (action->shortcut().isEmpty())
            continue;
        const QString keys = action->shortcut().toString(QKeySequence::NativeText);
        QVERIFY2(text.contains(keys), qPrintable(keys));
        ++listed;
    }
    QVERIFY(listed >= 8); // Open, Export, Close, Quit, Filter, Reload, Guide, Copy...
    QVERIFY(text.contains(QStringLiteral("Frobnicate the Heap")));
    QVERIFY(text.contains(QKeySequence(Qt::CTRL | Qt::Key_PageDown).toString(QKeySequence::NativeText)));
    // Shown again, it lists an action added since.
    dialog->close();
    QAction* later = w->menuBar()->actions().first()->menu()->addAction(QStringLiteral("Defragment Later"));
    later->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_F11));
    guide->trigger();
    QTRY_VERIFY(dialog->isVisible());
    const QString again = dialog->findChild<QTextBrowser*>(QStringLiteral("helpGuideText"))->toPlainText();
    QVERIFY(again.contains(QStringLiteral("Defragment Later")));
    QVERIFY(again.contains(later->shortcut().toString(QKeySequence::NativeText)));
    // The panes and the columns, from the models' own headers.
    for (const QString& word :
         {QStringLiteral("Held bytes"), QStringLiteral("Overrides"), QStringLiteral("By function"),
          QStringLiteral("HEAP SUMMARY"), QStringLiteral("Held at end"), QStringLiteral("Live at peak"),
          QStringLiteral("Sum of the new sizes")})
        QVERIFY2(text.contains(word), qPrintable(word));
}

void TestNamesAndHelp::rowMenuCopiesFiltersAndShowsSource()
{
    Window w;
    QVERIFY(load(w.window, test::fixture(QStringLiteral("v3/leak.bin"))));
    views::CostTableView* allocations = test::eventTable(w.window, EventKind::Alloc);
    views::ViewState* state = viewStateOf(w.window);

    // Copy Row: the row under the pointer, with the header.
    QVERIFY(
        triggerRowAction(allocations, rowNamed(allocations->model(), QStringLiteral("@leak.lua:8")), "copyRowAction"));
    const QStringList copied = QApplication::clipboard()->text().split(u'\n', Qt::SkipEmptyParts);
    QCOMPARE(copied.size(), 2);
    QVERIFY2(copied[0].startsWith(QStringLiteral("Location\t")), qPrintable(copied[0]));
    QVERIFY2(copied[1].startsWith(QStringLiteral("@leak.lua:8\t")), qPrintable(copied[1]));

    // A row of no Lua file cannot be filtered to.
    views::CostTableView* frees = test::eventTable(w.window, EventKind::Free);
    test::mainTabs(w.window)->setCurrentWidget(frees);
    QMenu* internalMenu = openRowMenu(frees, rowNamed(frees->model(), QStringLiteral("INTERNAL")));
    QVERIFY(internalMenu);
    QVERIFY(!actionNamed(internalMenu, "filterToFileAction")->isEnabled());
    internalMenu->close();

    // Show Source in the held pane: the location is selected everywhere.
    views::CostTableView* held = test::heldTable(w.window);
    QVERIFY(triggerRowAction(held, rowNamed(held->model(), QStringLiteral("@leak.lua:9")), "showSourceAction"));
    QVERIFY(state->selectedLocation().has_value());
    QCOMPARE(w->profile()->nameOf(*state->selectedLocation()), std::string("@leak.lua:9"));
    QTRY_COMPARE(test::sourcePane(w.window)->codeView()->markedLine(), 9);

    // Show Source on a function of the tree: its definition.
    views::FunctionTreeView* tree = test::functionTree(w.window);
    test::mainTabs(w.window)->setCurrentWidget(tree);
    const QModelIndex function = firstFunctionNode(tree->model());
    const auto& info = w->profile()->functions[std::size_t(function.data(itemmodels::FunctionIndexRole).toInt())];
    QVERIFY(triggerRowAction(tree, function, "showSourceAction"));
    QCOMPARE(test::sourcePane(w.window)->codeView()->markedLine(), int(info.linedefined));
    QVERIFY(!state->selectedLocation());

    // Filter to This File from the Overrides... any table: the tree's line.
    QVERIFY(triggerRowAction(tree, rowNamed(tree->model(), QStringLiteral("@leak.lua:14")), "filterToFileAction"));
    QCOMPARE(state->filter(),
             itemmodels::filterExpression(QStringLiteral("@leak.lua"), itemmodels::FilterSyntax::Substring));
    // Escaped: the dot is a dot.
    QVERIFY(state->filter().match(QStringLiteral("TRACE [1] started at @leak.lua:9")).hasMatch());
    QVERIFY(!state->filter().match(QStringLiteral("@leakXlua:9")).hasMatch());
    QCOMPARE(test::filterField(w.window)->lineEdit()->text(), QStringLiteral("@leak.lua"));
    QVERIFY(!test::filterField(w.window)->regexBox()->isChecked());
    QAbstractItemModel* shown = allocations->model();
    QVERIFY(shown->rowCount() > 0);
    for (int r = 0; r < shown->rowCount(); ++r)
        QVERIFY(shown->index(r, 0).data().toString().contains(QStringLiteral("@leak.lua")));
    QVERIFY(!rowNamed(frees->model(), QStringLiteral("INTERNAL")).isValid());

    // The Overrides table has the menu too.
    views::CostTableView* reallocations = test::eventTable(w.window, EventKind::Realloc);
    test::mainTabs(w.window)->setCurrentWidget(reallocations);
    for (int r = 0; r < reallocations->model()->rowCount() && test::overridesTable(w.window)->model()->rowCount() == 0;
         ++r)
        click(reallocations, reallocations->model()->index(r, 0));
    views::CostTableView* overrides = test::overridesTable(w.window);
    QVERIFY(overrides->model()->rowCount() > 0);
    QMenu* overridesMenu = openRowMenu(overrides, overrides->model()->index(0, 0));
    QVERIFY(overridesMenu);
    QVERIFY(actionNamed(overridesMenu, "copyRowAction"));
    overridesMenu->close();
}

MEMPROF_TEST_MAIN(TestNamesAndHelp)
#include "test_names_and_help.moc"
