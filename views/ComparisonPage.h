// SPDX-License-Identifier: GPL-3.0-or-later
// Two dumps compared on screen: NEW - BASE per location name in the
// allocation, reallocation and free tables and the by-function tree (in
// tabs) and in the held-at-the-end pane, both summaries and their changes in
// the header, the source of the selected location as NEW has it. The page
// owns the models and the panes; they follow its one view state, whose
// selected location is one of NEW. Its window bar cuts both runs at the same
// percentages: every pane but the summaries then compares the two windows,
// each counted again off the GUI thread by its document, as a single dump's
// page counts its window. The functions' names of both dumps are read after
// the page's first paint (FunctionNamesReader.h) and shown in place.
#pragma once

#include "MemoryResultsPage.h"
#include "model/itemmodels/DiffTableModel.h"
#include "model/memcompare/ProfileDiff.h"
#include "model/report/RangeOption.h"
#include "model/services/FunctionNamesJob.h"
#include "model/services/ProfilePairLoadJob.h"

#include <array>
#include <functional>
#include <memory>

class QLabel;

namespace memprof::itemmodels {
class FunctionTreeDiffModel;
}

namespace memprof::views {

class ComparisonWindowBar;
class DiffSummaryHeader;
class FunctionNamesReader;
class FunctionTreeView;

class ComparisonPage : public MemoryResultsPage {
    Q_OBJECT
public:
    using Table = itemmodels::DiffTableModel::Table;

    explicit ComparisonPage(QWidget* parent = nullptr);
    ~ComparisonPage() override;

    // The memory profile a document of the pair holds (the page shows
    // profiles; its documents count its windows).
    using ProfileOf = std::function<services::ProfilePtr(const services::ProfileDocument&)>;
    // Shows NEW (`current`) - BASE, the whole runs of the two documents.
    void setDocuments(services::DocumentPtr base, services::DocumentPtr current, ProfileOf profileOf);
    const ProfileDiff* diff() const { return diff_.get(); }
    const Profile* currentProfile() const { return current_.get(); }
    const Profile* baseProfile() const { return base_.get(); }

    ComparisonWindowBar* windowBar() const { return windowBar_; }
    bool isRecounting() const { return recount_ != nullptr; }
    // Cuts both runs at `range`'s percentages and compares the windows.
    void countWindows(const RangeOption& range);

signals:
    // The windows of both runs are counted and compared (or the whole runs).
    void windowsApplied();

private:
    enum Side { Base = services::ProfilePairLoadJob::Base, New = services::ProfilePairLoadJob::New };

    void showDiff(services::ProfilePtr base, services::ProfilePtr current, bool resort);
    // The panes read both dumps' functions by `names` (FunctionLabel.h).
    void showFunctionNames(const services::FunctionNamesPtr& names);
    void showShownWindows();
    void onWindowsCounted(const services::DocumentPtr& base, const services::DocumentPtr& current);
    void onRecountStopped(const QString& path, const QString& message);
    void cancelRecount();
    QString sideName(Side side) const;
    void createTables();
    void createTree();
    QWidget* createHeldPane();
    void showSelection(LocationId location);
    void showWarnings(const Profile& base, const Profile& current);
    void showRowStatus(const CostTableView* view);
    void showTreeNodeStatus();
    CostTableView* table(Table table) const { return tables_[static_cast<std::size_t>(table)]; }

    std::shared_ptr<const ProfileDiff> diff_;
    services::ProfilePtr base_; // BASE as compared: its window
    services::ProfilePtr current_; // NEW as compared: its window
    // Both runs as loaded, their documents (which count their windows),
    // and the windows shown (default windows: the whole runs).
    std::array<services::DocumentPtr, 2> documents_;
    ProfileOf profileOf_;
    std::array<services::ProfilePtr, 2> wholes_;
    std::array<QString, 2> paths_;
    std::array<RunRange, 2> shownWindows_;
    RangeOption shownRange_;
    std::unique_ptr<services::ProfilePairLoadJob> recount_;
    ComparisonWindowBar* windowBar_ = nullptr;
    QLabel* heldExplanation_ = nullptr;
    std::array<itemmodels::DiffTableModel*, 4> models_{};
    std::array<CostTableView*, 4> tables_{};
    itemmodels::FunctionTreeDiffModel* treeModel_;
    FunctionTreeView* tree_ = nullptr;
    DiffSummaryHeader* summary_;
    FunctionNamesReader* namesReader_;
    services::FunctionNamesPtr names_; // both dumps' functions, once read
};

} // namespace memprof::views
