// SPDX-License-Identifier: GPL-3.0-or-later
#include "HelpGuide.h"

#include "model/itemmodels/CallTreeModel.h"
#include "model/itemmodels/FunctionCostModel.h"
#include "model/itemmodels/FunctionTreeModel.h"
#include "model/itemmodels/HeldModel.h"
#include "model/itemmodels/LocationTableModel.h"
#include "model/itemmodels/OverridesModel.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QRegularExpression>
#include <QShortcut>
#include <QTextBrowser>
#include <QVBoxLayout>

#include <algorithm>

namespace memprof::views {

namespace {
// What an action says in a menu: without the accelerator marks, the
// ellipsis, and the shortcut text some menus append after a tab.
QString plainText(QString text)
{
    text = text.section(u'\t', 0, 0);
    text.remove(QRegularExpression(QStringLiteral("&(?!&)")));
    text.replace(QStringLiteral("&&"), QStringLiteral("&"));
    if (text.endsWith(QStringLiteral("…")))
        text.chop(1);
    return text.trimmed();
}

// A model's columns: title and what it means, from its header roles.
QString columnsOf(const QAbstractItemModel& model)
{
    QString rows;
    for (int c = 0; c < model.columnCount(); ++c)
        rows += QStringLiteral("<tr><td><b>%1</b></td><td>%2</td></tr>")
                    .arg(model.headerData(c, Qt::Horizontal).toString().toHtmlEscaped(),
                         model.headerData(c, Qt::Horizontal, Qt::ToolTipRole).toString().toHtmlEscaped());
    return QStringLiteral("<table cellspacing=\"2\" cellpadding=\"3\">") + rows + QStringLiteral("</table>");
}
} // namespace

HelpGuide::HelpGuide(QWidget* window) : QDialog(window), browser_(new QTextBrowser(this))
{
    setObjectName(QStringLiteral("helpGuide"));
    setWindowTitle(tr("Memprof Viewer Guide"));
    browser_->setObjectName(QStringLiteral("helpGuideText"));
    browser_->setOpenExternalLinks(false);
    refresh();
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(browser_, 1);
    layout->addWidget(buttons);
    resize(720, 640);
}

void HelpGuide::refresh()
{
    browser_->setHtml(html(shortcutsOf(parentWidget())));
}

QList<HelpGuide::Shortcut> HelpGuide::shortcutsOf(const QWidget* window)
{
    QList<Shortcut> shortcuts;
    auto add = [&shortcuts](const QKeySequence& keys, const QString& what) {
        const QString text = keys.toString(QKeySequence::NativeText);
        if (text.isEmpty() || what.isEmpty())
            return;
        const bool known =
            std::any_of(shortcuts.begin(), shortcuts.end(), [&text](const Shortcut& s) { return s.keys == text; });
        if (!known)
            shortcuts.append({text, what});
    };
    for (const QAction* action : window->findChildren<QAction*>())
        for (const QKeySequence& keys : action->shortcuts())
            add(keys, plainText(action->text()));
    for (const QShortcut* shortcut : window->findChildren<QShortcut*>())
        add(shortcut->key(), shortcut->whatsThis());
    return shortcuts;
}

QString HelpGuide::html(const QList<Shortcut>& shortcuts)
{
    itemmodels::LocationTableModel events(EventKind::Realloc);
    itemmodels::HeldModel held;
    itemmodels::HeldModel heapSummary;
    heapSummary.setScope(itemmodels::HeldModel::Scope::HeapSummary);
    itemmodels::FunctionTreeModel tree;
    itemmodels::OverridesModel overrides;

    QString keys;
    for (const Shortcut& s : shortcuts)
        keys += QStringLiteral("<tr><td><b>%1</b></td><td>%2</td></tr>")
                    .arg(s.keys.toHtmlEscaped(), s.what.toHtmlEscaped());

    QString text;
    text +=
        tr("<h2>Memprof Viewer</h2>"
           "<p>A dump of LuaJIT's memory profiler (memprof) lists every allocation, reallocation and free "
           "with the place that made it: a Lua line (<tt>@file.lua:12</tt>), a JIT trace, a C function or "
           "<tt>INTERNAL</tt> (the runtime on its own behalf). Open one with File &gt; Open or by dropping "
           "it on the window.</p>");
    text +=
        tr("<h3>The panes</h3><ul>"
           "<li><b>Summary</b> (top): the dump's format and state, the events, bytes allocated and freed, "
           "bytes still held at the end and the peak.</li>"
           "<li><b>Filter</b>: shows only the locations whose name contains the text (or matches the "
           "regular expression), in every table.</li>"
           "<li><b>Allocations, Reallocations, Frees</b>: one row per location, as the reference "
           "parser's ALLOCATIONS, REALLOCATIONS and DEALLOCATIONS sections.</li>"
           "<li><b>Overrides</b> (under the event tables): for the row in front, the locations that had "
           "allocated the blocks it freed or moved.</li>"
           "<li><b>By function</b>: the same costs by file, then function, then line, summed up the "
           "tree.</li>"
           "<li><b>Flame graph</b>: the By function tree as a flame graph of allocated or held bytes: "
           "click a frame to zoom, Esc to see all, search to dim the rest (see the CPU pages below).</li>"
           "<li><b>Charts</b>: live bytes over the run and the sizes of the allocations.</li>"
           "<li><b>Held bytes</b>: what holds memory, ranked by bytes.</li>"
           "<li><b>Source</b>: the selected location's file, its line marked; the gutter shows the line "
           "number, the bytes the line allocated and the bytes it still holds at the end.</li></ul>"
           "<p>Selecting a row anywhere selects its location in every pane. Right-click a row to copy "
           "it, filter to its file or show its source.</p>");
    text +=
        tr("<p>Two locations can print alike (a format-1 dump names a prototype it does not know "
           "<tt>CFUNC 0x…</tt>, whatever its line): those get a suffix such as <i>(line 4)</i> in every "
           "pane, and their tool tip tells the whole identity.</p>");
    text += tr("<h3>Columns of the event tables</h3>") + columnsOf(events);
    text += tr("<h3>Columns of the Overrides</h3>") + columnsOf(overrides);
    text += tr("<h3>Columns of By function</h3>") + columnsOf(tree);
    text +=
        tr("<h3>Held figures and the heap summary</h3>"
           "<p>The <b>held</b> figures (Held bytes in its first two modes, <i>held at end</i> in the "
           "summary, the tree's <i>Held at end</i>) count the blocks actually still live, by the location "
           "that last allocated or reallocated them: they add up to the bytes live at the end.</p>"
           "<p>The <b>heap difference</b> mode is the reference parser's HEAP SUMMARY: for each name, "
           "allocations minus the frees traced back to them. A block reallocated elsewhere stays charged "
           "to its first allocator, so a name can hold freed bytes or go negative. Rows are keyed by "
           "name: a row merging several locations says how many, and its tool tip lists them.</p>");
    text += tr("<h3>Columns of Held bytes</h3>") + columnsOf(held);
    text += tr("<p>In the heap difference mode:</p>") + columnsOf(heapSummary);
    itemmodels::CallTreeModel topDown(itemmodels::CallTreeModel::Direction::TopDown);
    itemmodels::FunctionCostModel functions;
    itemmodels::CallEdgeModel callers(itemmodels::CallEdgeModel::Side::Callers);
    text +=
        tr("<h2>CPU profiles (sysprof)</h2>"
           "<p>A dump of LuaJIT's sampling profiler (<tt>misc.sysprof.start{mode = \"C\"}</tt> or "
           "<tt>\"L\"</tt>) opens in a page of its own; the viewer tells the two kinds of dump apart by "
           "their content. Every few milliseconds the profiler wrote down the VM state and, while Lua "
           "code ran, the whole Lua call chain: these pages count those samples.</p><ul>"
           "<li><b>Summary</b> (top): the samples, the mode (C: with host call chains), the share spent "
           "in JIT-compiled traces, whether the dump is complete. The dump does not hold the sampling "
           "interval, so figures are samples, not seconds.</li>"
           "<li><b>Stacks</b>: <i>Lua call chains</i> (each sample's Lua functions from the root; a "
           "trace under the function it started in; samples with no Lua chain under their VM state, such "
           "as GC), <i>Host call chains</i> (native frames, mode C) or the <i>Reference merge</i> that "
           "<tt>luajit -ts</tt> prints.</li>"
           "<li><b>Flame graph</b> (the first tab): the call tree drawn from the root at the top, each "
           "frame as wide as the samples that passed through it, coloured by kind (Lua, fast function, C, "
           "trace, VM state, host). Hover a frame for its samples and shares; click to zoom to it (its "
           "callers stay above, full width), <i>Back</i> (Alt+Left), <i>Forward</i> (Alt+Right), "
           "<i>Reset zoom</i> (Esc). <i>Search</i> dims the frames that do not match and says how many "
           "samples do. <i>Save image…</i> writes the whole graph as SVG or PNG.</li>"
           "<li><b>Top-down</b>: the call tree from the roots, opened along its heaviest branch. "
           "<b>Bottom-up</b>: the functions samples ended in, their callers below them.</li>"
           "<li><b>Functions</b>: each function once, with its self samples (it ran) and total samples "
           "(it was on the stack; a recursive function counts once per sample). Below, the selected "
           "function's <b>callers</b> and <b>callees</b> with their shares; click one to go to it.</li>"
           "<li><b>VM states</b>: samples per state over the run (the interpreter, Lua, fast and C "
           "functions, the garbage collector, the JIT compiler, traces). Drag across the chart to count "
           "only those samples in every pane; <i>Count the whole run</i> goes back.</li>"
           "<li><b>Source</b>: the selected Lua function's file, marked where the function is defined "
           "(sysprof records which function ran, not the line); a trace is marked where it started.</li>"
           "<li><b>Compare With…</b> (File menu): another CPU profile as NEW against this one, each "
           "function's share of its own run's samples side by side and the change; the functions that "
           "take more of the time in NEW come first. Its <i>Flame graph</i> tab draws NEW's call tree, "
           "each frame red where its path takes a larger share of the run than in BASE, blue where a "
           "smaller one.</li>"
           "</ul><p>Selecting a function in any pane selects it in all of them. <tt>memprof-report</tt> "
           "prints the same figures (<tt>--summary</tt>) and exports them for flamegraph.pl, speedscope, "
           "pprof and Chrome's DevTools.</p>");
    text += tr("<h3>Columns of Top-down and Bottom-up</h3>") + columnsOf(topDown);
    text += tr("<h3>Columns of Functions</h3>") + columnsOf(functions);
    text += tr("<h3>Columns of Callers and Callees</h3>") + columnsOf(callers);
    text += tr("<h3>Keyboard shortcuts</h3>") + QStringLiteral("<table cellspacing=\"2\" cellpadding=\"3\">") + keys +
            QStringLiteral("</table>");
    return text;
}

} // namespace memprof::views
