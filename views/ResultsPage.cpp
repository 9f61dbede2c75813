// SPDX-License-Identifier: GPL-3.0-or-later
#include "ResultsPage.h"

#include "FilterField.h"
#include "LastUsedTable.h"
#include "MessageBar.h"
#include "ReadingBar.h"

#include <QPushButton>
#include "RowMenu.h"
#include "SourcePane.h"

#include <QLineEdit>
#include <QShortcut>
#include <QSortFilterProxyModel>
#include <QTabWidget>
#include <QTimer>
#include <QVBoxLayout>

#include <utility>

namespace memprof::views {

ResultsPage::ResultsPage(QWidget* parent)
    : QWidget(parent),
      state_(new ViewState(this)),
      filter_(new FilterField(this)),
      messageBar_(new MessageBar(this)),
      readingBar_(new ReadingBar(this)),
      tabs_(new QTabWidget(this)),
      sourcePane_(new SourcePane(state_, this)),
      rowMenu_(new RowMenu(this, filter_)),
      matchCount_(new QTimer(this))
{
    filter_->setObjectName(QStringLiteral("filterField"));
    messageBar_->setObjectName(QStringLiteral("messageBar"));
    tabs_->setObjectName(QStringLiteral("mainTabs"));
    tabs_->setDocumentMode(true);
    sourcePane_->setObjectName(QStringLiteral("sourcePane"));
    connect(filter_, &FilterField::filterChanged, state_, &ViewState::setFilter);
    matchCount_->setSingleShot(true);
    matchCount_->setInterval(0);
    connect(matchCount_, &QTimer::timeout, this, &ResultsPage::updateMatchCount);
    connect(tabs_, &QTabWidget::currentChanged, matchCount_, qOverload<>(&QTimer::start));
    connect(sourcePane_, &SourcePane::addSourceFolderRequested, this, &ResultsPage::addSourceFolderRequested);
    // Ctrl+PgDown / Ctrl+PgUp switch tabs wherever the focus is on the page:
    // a table would otherwise take them to extend its selection.
    for (const auto& [key, step] : {std::pair{Qt::Key_PageDown, 1}, std::pair{Qt::Key_PageUp, -1}}) {
        auto* shortcut =
            new QShortcut(QKeySequence(Qt::CTRL | key), this, nullptr, nullptr, Qt::WidgetWithChildrenShortcut);
        // (The help guide lists the shortcuts by this text.)
        shortcut->setWhatsThis(step > 0 ? tr("Next tab") : tr("Previous tab"));
        connect(shortcut, &QShortcut::activated, this, [this, step = step] {
            if (tabs_->count() > 0)
                tabs_->setCurrentIndex((tabs_->currentIndex() + step + tabs_->count()) % tabs_->count());
        });
    }
}

void ResultsPage::layOut(QWidget* summary, QWidget* panes)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(readingBar_);
    layout->addWidget(messageBar_);
    layout->addWidget(summary);
    layout->addWidget(filter_);
    layout->addWidget(panes, 1);
}

void ResultsPage::addExportableTable(CostTableView* table, const QString& title, const QString& fileName)
{
    exportable_.append(table);
    names_.insert(table, {title, fileName});
    addRowMenu(table);
    const QSortFilterProxyModel* proxy = table->proxyModel();
    connect(proxy, &QSortFilterProxyModel::rowsInserted, matchCount_, qOverload<>(&QTimer::start));
    connect(proxy, &QSortFilterProxyModel::rowsRemoved, matchCount_, qOverload<>(&QTimer::start));
    connect(proxy, &QSortFilterProxyModel::modelReset, matchCount_, qOverload<>(&QTimer::start));
    connect(proxy, &QSortFilterProxyModel::layoutChanged, matchCount_, qOverload<>(&QTimer::start));
}

void ResultsPage::addRowMenu(CostTableView* table)
{
    rowMenu_->attach(table);
}

void ResultsPage::followFilter(CostTableView* view)
{
    connect(state_, &ViewState::filterChanged, view, &CostTableView::setFilter);
}

void ResultsPage::updateMatchCount()
{
    if (const auto* table = tableInFront(tabs_, exportable_))
        filter_->setMatchCount(table->shownLeafCount(), table->totalLeafCount());
    else
        filter_->clearMatchCount();
}

void ResultsPage::trackLastUsedTable()
{
    Q_ASSERT(!lastUsed_);
    lastUsed_ = new LastUsedTable(tabs_, exportable_, this);
}

CostTableView* ResultsPage::activeTable() const
{
    return lastUsed_ ? lastUsed_->table() : nullptr;
}

void ResultsPage::setActiveTable(CostTableView* table)
{
    if (lastUsed_)
        lastUsed_->setTable(table);
}

QString ResultsPage::titleOf(const CostTableView* table) const
{
    return names_.value(table).title;
}

QString ResultsPage::fileNameOf(const CostTableView* table) const
{
    return names_.value(table).fileName;
}

void ResultsPage::setSourceFolders(const QStringList& folders)
{
    sourcePane_->setSourceFolders(folders);
    emit sourceFoldersChanged();
}

void ResultsPage::focusFilter()
{
    filter_->lineEdit()->setFocus();
    filter_->lineEdit()->selectAll();
}

void ResultsPage::showReadingBar(const DecodeStatus& status, bool wasReading)
{
    const bool reading = status.end == DecodeEnd::Reading;
    if (reading && !wasReading)
        readingBar_->cancelButton()->setEnabled(true);
    if (reading)
        readingBar_->setProgress(status.bytesConsumed, status.totalBytes);
    readingBar_->setVisible(reading);
}

} // namespace memprof::views
