// SPDX-License-Identifier: GPL-3.0-or-later
// Held bytes: what holds memory, by location name, in one of three scopes.
// HeldAtEnd (the default) is accurate: the blocks still live at the end, by
// the location that last allocated or reallocated them. HeldAtPeak: the same
// at the moment the live bytes peaked. HeapSummary is the reference's HEAP
// SUMMARY (allocations minus the frees attributed back to them), which can
// blame the wrong line after reallocs.
#pragma once

#include "model/itemmodels/CostTableModel.h"
#include "model/itemmodels/LocationIndex.h"
#include "model/itemmodels/LocationNames.h"

#include <QList>

#include <memory>

namespace memprof::itemmodels {

class HeldModel : public CostTableModel {
    Q_OBJECT
public:
    enum class Scope { HeldAtEnd, HeldAtPeak, HeapSummary };

    explicit HeldModel(QObject* parent = nullptr);

    void setProfile(std::shared_ptr<const Profile> profile);
    void setScope(Scope scope);
    Scope scope() const { return scope_; }
    // One line telling how this scope counts, for the pane.
    static QString explanation(Scope scope);

    int rowCount(const QModelIndex& parent = {}) const override;

    // Columns by scope: HeldAtEnd, HeldAtPeak: location, held, live blocks, share;
    // HeapSummary: location, summary bytes, allocs, frees, share.
    int heldColumn() const { return 1; }
    int shareColumn() const { return columnCount() - 1; }
    // The column a view sorts by first, and the columns it starts with
    // hidden (the header menu shows them again).
    int initialSortColumn() const;
    QList<int> defaultHiddenColumns() const;


protected:
    QVariant rawValue(int row, int column) const override;
    QString rowToolTip(int row) const override;
    QString rowDisplayName(int row) const override;
    std::optional<LocationId> rowLocation(int row) const override;

private:
    struct Row {
        QString name;
        qint64 bytes = 0; // held bytes, or the heap summary's bytes
        qint64 blockCount = 0; // HeldAtEnd, HeldAtPeak
        qint64 allocCount = 0; // HeapSummary
        qint64 freeCount = 0;  // HeapSummary
        std::optional<LocationId> location;
        // The identities the row merges (their name is the row's), with
        // their held bytes in the live scopes.
        std::vector<LocationId> merged;
        std::vector<std::uint64_t> mergedHeldBytes;
    };
    void rebuild();

    std::shared_ptr<const Profile> profile_;
    LocationIndex locationIndex_;
    LocationNames names_;
    Scope scope_ = Scope::HeldAtEnd;
    std::vector<Row> rows_;
    qint64 totalHeldBytes_ = 0;
};

} // namespace memprof::itemmodels
