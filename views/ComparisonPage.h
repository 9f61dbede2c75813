// SPDX-License-Identifier: GPL-3.0-or-later
// Two dumps compared on screen: NEW - BASE per location name in the
// allocation, reallocation and free tables and the by-function tree (in
// tabs) and in the held-at-the-end pane, both summaries and their changes in
// the header, the source of the selected location as NEW has it. The page
// owns the models and the panes; they follow its one view state, whose
// selected location is one of NEW.
#pragma once

#include "ResultsPage.h"
#include "model/compare/ProfileDiff.h"
#include "model/itemmodels/DiffTableModel.h"
#include "model/services/ProfileLoadJob.h"

#include <array>
#include <memory>

namespace memprof::itemmodels {
class FunctionTreeDiffModel;
}

namespace memprof::views {

class DiffSummaryHeader;
class FunctionTreeView;

class ComparisonPage : public ResultsPage {
    Q_OBJECT
public:
    using Table = itemmodels::DiffTableModel::Table;

    explicit ComparisonPage(QWidget* parent = nullptr);
    ~ComparisonPage() override;

    // Shows NEW (`current`) - BASE.
    void setProfiles(services::ProfilePtr base, const QString& basePath, services::ProfilePtr current, const QString& newPath);
    const ProfileDiff* diff() const { return diff_.get(); }
    const Profile* currentProfile() const { return current_.get(); }

private:
    void createTables();
    void createTree();
    QWidget* createHeldPane();
    void showSelection(LocationId location);
    void showWarnings(const Profile& base, const Profile& current);
    void showRowStatus(const CostTableView* view);
    void showTreeNodeStatus();
    CostTableView* table(Table table) const { return tables_[static_cast<std::size_t>(table)]; }

    std::shared_ptr<const ProfileDiff> diff_;
    services::ProfilePtr current_;
    std::array<itemmodels::DiffTableModel*, 4> models_{};
    std::array<CostTableView*, 4> tables_{};
    itemmodels::FunctionTreeDiffModel* treeModel_;
    FunctionTreeView* tree_ = nullptr;
    DiffSummaryHeader* summary_;
};

} // namespace memprof::views
