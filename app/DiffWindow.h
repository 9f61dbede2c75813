// SPDX-License-Identifier: GPL-3.0-or-later
// Two memory profiles (memprof dumps) compared, NEW − BASE: the menus and
// the comparison page over what every comparison window has.
#pragma once

#include "ComparisonWindow.h"
#include "model/memcompare/ProfileDiff.h"
#include "views/ComparisonPage.h"

namespace memprof::app {

class DiffWindow : public ComparisonWindow {
    Q_OBJECT
public:
    explicit DiffWindow(QWidget* opener = nullptr);
    ~DiffWindow() override;

    bool hasDiff() const { return page_->diff() != nullptr; }
    const ProfileDiff* diff() const { return page_->diff(); }
    const Profile* currentProfile() const { return page_->currentProfile(); }

    // The table Export CSV acts on: the one used last (the tree included).
    views::CostTableView* activeTable() const { return page_->activeTable(); }
    // Writes the active table as shown; false with `error` set on failure.
    bool exportCsv(const QString& path, QString* error = nullptr);

    // Selects a location of NEW in every table and the tree, and shows its source.
    void selectLocation(memprof::LocationId location) { page_->selectLocation(location); }

protected:
    DumpKind kind() const override { return DumpKind::Memprof; }
    void showDocuments(const services::DocumentPtr& base, const services::DocumentPtr& current) override;

private:
    void createMenus();
    void chooseAndExport();

    views::ComparisonPage* page_;
};

} // namespace memprof::app
