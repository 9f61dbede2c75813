// SPDX-License-Identifier: GPL-3.0-or-later
// Held bytes: what holds memory, by location name, in one of these scopes.
// HeldAtEnd (the default) is accurate: the blocks still live at the end, by
// the location that last allocated or reallocated them; with an event
// window, those allocated in the window (the survivors). HeldAtPeak: the
// same at the moment the live bytes peaked. HeapSummary is the reference's
// HEAP SUMMARY (allocations minus the frees attributed back to them), which
// can blame the wrong line after reallocs. For a window:
// WindowBlocksAtWindowEnd, the blocks allocated in the window and still live
// at its last event; LiveAtWindowEnd, every block live then, whoever
// allocated it. Suspects ranks names by how steadily their held bytes grow
// over the window (memprof::rankLeakSuspects), with why in words.
#pragma once

#include "model/itemmodels/CostTableModel.h"
#include "model/itemmodels/LocationIndex.h"
#include "model/itemmodels/LocationNames.h"
#include "model/memprofile/LeakSuspects.h"

#include <QList>

#include <memory>
#include <optional>

namespace memprof::itemmodels {

class HeldModel : public CostTableModel {
    Q_OBJECT
public:
    enum class Scope { HeldAtEnd, HeldAtPeak, HeapSummary, WindowBlocksAtWindowEnd, LiveAtWindowEnd, Suspects };

    explicit HeldModel(QObject* parent = nullptr);

    void setProfile(std::shared_ptr<const Profile> profile);
    void setScope(Scope scope);
    Scope scope() const { return scope_; }
    // One line telling how this scope counts, for the pane; `windowed`: the
    // profile counts a window of the run.
    static QString explanation(Scope scope, bool windowed = false);

    int rowCount(const QModelIndex& parent = {}) const override;

    // Columns by scope: held scopes: location, held, live blocks, share,
    // held over the run; HeapSummary: location, summary bytes, allocs, frees,
    // share; Suspects: location, score, growth, held at the window's end,
    // kept, held over the run, why.
    int heldColumn() const { return 1; }
    int shareColumn() const;
    // The held-over-the-run sparkline column, or -1.
    int historyColumn() const;
    // The column a view sorts by first, and the columns it starts with
    // hidden in this scope (the header menu shows them again).
    int initialSortColumn() const;
    QList<int> defaultHiddenColumns() const;

protected:
    QVariant rawValue(int row, int column) const override;
    QString rowToolTip(int row) const override;
    bool rawOverflowed(int row, int column) const override;
    QString rowDisplayName(int row) const override;
    QVariant rowNameLength(int row) const override;
    void functionNamesChanged() override;
    std::optional<LocationId> rowLocation(int row) const override;
    HeldSparkline rowHistory(int row) const override;

private:
    enum class Field { Name, Held, Blocks, Allocs, Frees, Share, History, Score, Growth, HeldAtEnd, Kept, Why };
    struct Row {
        QString name;
        qint64 bytes = 0; // held bytes, the heap summary's bytes, or the suspect's score
        // Held scopes: the held bytes unsigned, as the tables show sums (the
        // signed `bytes` clamps them, for the shares and the cost bars).
        ByteSum held;
        qint64 blockCount = 0; // held scopes
        qint64 allocCount = 0; // HeapSummary
        qint64 freeCount = 0; // HeapSummary
        std::optional<LeakSuspect> suspect; // Suspects
        HeldSparkline history;
        std::optional<LocationId> location;
        // The identities the row merges (their name is the row's), with
        // their held bytes in the live scopes.
        std::vector<LocationId> merged;
        std::vector<ByteSum> mergedHeldBytes;
    };
    void rebuild();
    void setColumnsOf(Scope scope);
    QString whyOf(const Row& row) const;

    std::shared_ptr<const Profile> profile_;
    LocationIndex locationIndex_;
    LocationNames names_;
    Scope scope_ = Scope::HeldAtEnd;
    std::vector<Field> fields_; // what each column shows
    std::vector<Row> rows_;
    qint64 totalHeldBytes_ = 0;
};

} // namespace memprof::itemmodels
