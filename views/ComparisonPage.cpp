// SPDX-License-Identifier: GPL-3.0-or-later
#include "ComparisonPage.h"

#include "CostTableView.h"
#include "DiffSummaryHeader.h"
#include "FilterField.h"
#include "FunctionTreeView.h"
#include "MessageBar.h"
#include "ProfileViewState.h"
#include "SourcePane.h"
#include "model/itemmodels/DisplayText.h"
#include "model/itemmodels/FunctionTreeDiffModel.h"
#include "model/services/LoadMessages.h"

#include <QFileInfo>
#include <QLabel>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTabWidget>
#include <QVBoxLayout>

namespace memprof::views {

namespace {
using Table = ComparisonPage::Table;
constexpr std::array<Table, 4> kTables = {Table::Allocations, Table::Reallocations, Table::Frees, Table::Held};

struct DiffTableText {
    const char* objectName;
    const char* fileName;
    const char* title;
};

DiffTableText textOf(Table table)
{
    switch (table) {
    case Table::Allocations:
        return {"diffTableAllocations", "allocations", QT_TRANSLATE_NOOP("memprof::views::ComparisonPage", "Allocations")};
    case Table::Reallocations:
        return {"diffTableReallocations", "reallocations",
                QT_TRANSLATE_NOOP("memprof::views::ComparisonPage", "Reallocations")};
    case Table::Frees:
        return {"diffTableFrees", "frees", QT_TRANSLATE_NOOP("memprof::views::ComparisonPage", "Frees")};
    case Table::Held:
        break;
    }
    return {"diffTableHeld", "held", QT_TRANSLATE_NOOP("memprof::views::ComparisonPage", "Held")};
}
} // namespace

ComparisonPage::ComparisonPage(QWidget* parent)
    : ResultsPage(parent)
    , treeModel_(new itemmodels::FunctionTreeDiffModel(this))
    , summary_(new DiffSummaryHeader(this))
{
    setObjectName(QStringLiteral("comparisonPage"));
    summary_->setObjectName(QStringLiteral("summaryHeader"));
    createTables();
    createTree();
    trackLastUsedTable();
    summary_->setHumanReadable(viewState()->humanReadable());
    connect(viewState(), &ProfileViewState::humanReadableChanged, summary_, &DiffSummaryHeader::setHumanReadable);
    connect(viewState(), &ProfileViewState::locationSelected, this, &ComparisonPage::showSelection);

    auto* right = new QSplitter(Qt::Vertical, this);
    right->addWidget(createHeldPane());
    right->addWidget(sourcePane());
    right->setSizes({380, 420});
    auto* main = new QSplitter(Qt::Horizontal, this);
    main->addWidget(tabs());
    main->addWidget(right);
    main->setSizes({760, 640});
    main->setChildrenCollapsible(false);

    layOut(summary_, main);
}

ComparisonPage::~ComparisonPage() = default;

void ComparisonPage::createTables()
{
    for (Table which : kTables) {
        const DiffTableText text = textOf(which);
        auto* model = new itemmodels::DiffTableModel(which, this);
        auto* view = createTable(model, QString::fromLatin1(text.objectName), tr(text.title),
                                 QString::fromLatin1(text.fileName), tr("Neither dump has any row here."));
        models_[static_cast<std::size_t>(which)] = model;
        tables_[static_cast<std::size_t>(which)] = view;
        connect(view, &CostTableView::currentSourceRowChanged, this, [this, view] { showRowStatus(view); });
        if (which != Table::Held)
            tabs()->addTab(view, tr(text.title));
    }
}

void ComparisonPage::createTree()
{
    // By file and by function, NEW - BASE per node. A line selects its
    // location of NEW like a table row; functions and files show their chunk.
    tree_ = new FunctionTreeView(this);
    tree_->setObjectName(QStringLiteral("diffFunctionTree"));
    tree_->setTreeModel(treeModel_);
    followViewState(tree_, treeModel_);
    tree_->setPlaceholderText(tr("Neither dump has any event."));
    tabs()->addTab(tree_, tr("By function"));
    addExportableTable(tree_, tr("By function"), QStringLiteral("by-function"));
    connect(tree_, &CostTableView::currentSourceRowChanged, this, &ComparisonPage::showTreeNodeStatus);
    connect(tree_, &FunctionTreeView::chunkActivated, sourcePane(), &SourcePane::showFunction);
    connect(tree_, &FunctionTreeView::explanationActivated, sourcePane(), &SourcePane::showLocation);
}

QWidget* ComparisonPage::createHeldPane()
{
    auto* pane = new QWidget(this);
    auto* title = new QLabel(tr("<b>Held at the end</b>: NEW − BASE"), pane);
    auto* explanation = new QLabel(
        tr("Blocks still live at the end, by the location that last allocated them. Names in italics are in one "
           "dump only (see “Only in”)."),
        pane);
    explanation->setWordWrap(true);
    QFont small = explanation->font();
    small.setPointSizeF(small.pointSizeF() * 0.9);
    explanation->setFont(small);
    auto* layout = new QVBoxLayout(pane);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(title);
    layout->addWidget(explanation);
    layout->addWidget(table(Table::Held), 1);
    return pane;
}

void ComparisonPage::setProfiles(services::ProfilePtr base, const QString& basePath, services::ProfilePtr current,
                                 const QString& newPath)
{
    diff_ = std::make_shared<const ProfileDiff>(diffProfiles(*base, *current));
    current_ = current;
    setSelectableProfile(current_);
    for (std::size_t i = 0; i < models_.size(); ++i) {
        models_[i]->setDiff(diff_, current_);
        tables_[i]->sortByCostColumn(models_[i]->initialSortColumn());
    }
    treeModel_->setProfiles(base, current_);
    tree_->sortByCostColumn(treeModel_->initialSortColumn());
    summary_->setProfiles(*base, basePath, *current_, newPath);
    sourcePane()->setProfile(current_, QFileInfo(newPath).absolutePath());
    showWarnings(*base, *current_);
}

void ComparisonPage::showWarnings(const Profile& base, const Profile& current)
{
    QStringList warnings;
    for (const Profile* side : {&base, &current})
        if (side->status.end == DecodeEnd::Truncated)
            warnings << tr("%1: %2").arg(side == &base ? tr("BASE") : tr("NEW"),
                                          services::describeTruncation(side->status, side->totals.eventCount));
    if (warnings.isEmpty())
        messageBar()->hide();
    else
        messageBar()->showWarning(warnings.join(u'\n'));
}

void ComparisonPage::showSelection(LocationId location)
{
    const QString name = QString::fromStdString(current_->nameOf(location));
    for (auto* view : tables_)
        view->selectLocation(location, name);
    tree_->showLocation(location);
    emit statusMessage(itemmodels::displayText(name));
}

void ComparisonPage::showRowStatus(const CostTableView* view)
{
    const auto* model = static_cast<const itemmodels::DiffTableModel*>(view->sourceModel());
    const LocationDiffRow* row = model->rowAt(view->currentSourceRow());
    if (row && !view->currentLocation())
        emit statusMessage(tr("%1 is only in BASE: NEW has no source for it.")
                               .arg(itemmodels::displayText(QString::fromStdString(row->name))));
}

void ComparisonPage::showTreeNodeStatus()
{
    const auto* node = treeModel_->nodeAt(tree_->proxyModel()->mapToSource(tree_->currentIndex()));
    if (node && node->presence == DiffPresence::BaseOnly)
        emit statusMessage(tr("%1 is only in BASE: NEW has no source for it.")
                               .arg(itemmodels::displayText(QString::fromStdString(node->label))));
}

} // namespace memprof::views
