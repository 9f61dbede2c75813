// SPDX-License-Identifier: GPL-3.0-or-later
// A sortable, filterable cost table: the model behind a itemmodels::TableSortProxy
// (SortRole, locations by file and line, the location column filtered), cost bars
// in byte columns, a header menu that hides and shows columns, Ctrl+C copying
// the selected rows. It reports the location the user selects and can
// select one on request without echoing it back.
#pragma once

#include "model/memprofile/Profile.h"

#include <QTreeView>

#include <optional>
#include <string>

class QSortFilterProxyModel;
class QRegularExpression;

namespace memprof::views {

class CostTableView : public QTreeView {
    Q_OBJECT
public:
    explicit CostTableView(QWidget* parent = nullptr);

    // The source model must answer the roles of model/itemmodels/ModelRoles.h.
    void setSourceModel(QAbstractItemModel* model);
    QAbstractItemModel* sourceModel() const;
    QSortFilterProxyModel* proxyModel() const { return proxy_; }

    // Filters the location column. A current row the filter hides is
    // deselected, and nothing else becomes current.
    void setFilter(const QRegularExpression& expression);
    // The rows without children (a tree's lines) that the filter lets
    // through, and all of them.
    int shownLeafCount() const;
    int totalLeafCount() const;
    // Sorts by `column` in its initial order (descending for costs).
    void sortByCostColumn(int column);

    // Selects and shows the first row of `location`, else (tables keyed by
    // name) the first row named `name`; false if there is none.
    bool selectLocation(LocationId location, const QString& name = {});
    std::optional<LocationId> currentLocation() const;
    // The source row of the current index, or -1.
    int currentSourceRow() const;

    // The visible columns in their on-screen order.
    QList<int> visibleColumns() const;
    // The table as shown (order, filter, visible columns), raw numbers.
    std::string toCsv() const;
    void copySelection() const;

    // The hidden columns; they stay hidden when the model is reset (another
    // dump). Column 0, the location, never hides. setHiddenColumns sets the
    // view's defaults, chooseHiddenColumns a choice of the user's (the
    // header menu's, or one remembered), which columnsChosen() then reports
    // so that only choices are saved, never the defaults.
    QList<int> hiddenColumns() const { return hiddenColumns_; }
    void setHiddenColumns(const QList<int>& columns);
    // For a narrow pane: each figure column as wide as its figures and
    // title (no room kept for larger ones), and the first column taking
    // what is left down to a few characters, its names elided (the rows'
    // tool tips hold them whole) rather than scrolled to. Off by default.
    void setCompactColumns(bool compact);
    void chooseHiddenColumns(const QList<int>& columns);
    bool columnsChosen() const { return columnsChosen_; }

    // The sort the user chose by clicking a header (or one remembered);
    // nothing while the view sorts as its model says.
    struct SortChoice {
        int column = 0;
        Qt::SortOrder order = Qt::DescendingOrder;
    };
    std::optional<SortChoice> sortChosen() const;
    void chooseSort(SortChoice choice);

    // What an empty table says (no rows in the profile at all).
    void setPlaceholderText(const QString& text);

signals:
    // The user made this location current (click, keys).
    void locationActivated(memprof::LocationId location);
    // The current row changed, by the user or by selectLocation.
    void currentSourceRowChanged(int sourceRow);

protected:
    void currentChanged(const QModelIndex& current, const QModelIndex& previous) override;
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void showHeaderMenu(const QPoint& pos);
    void fitColumns();
    void setColumnShown(int column, bool shown);
    void applyHiddenColumns();
    void fitLocationColumn();
    // How many levels below the top the deepest open row sits (0: none).
    int deepestShownLevel() const;

    // The least width of the location column, in average characters (a
    // module's file name and line).
    static constexpr int kReadableLocationCharacters = 26;
    static constexpr int kCompactNameCharacters = 8;

    QSortFilterProxyModel* proxy_;
    QString placeholderText_;
    QList<int> hiddenColumns_; // sorted, no duplicates
    bool columnsChosen_ = false;
    bool compactColumns_ = false;
    bool sortChosen_ = false;
    bool selectingProgrammatically_ = false;
};

} // namespace memprof::views
