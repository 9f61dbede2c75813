// SPDX-License-Identifier: GPL-3.0-or-later
// The Lua source of the selected location, its line marked and centred, the
// per-line costs in the gutter; or a short explanation when there is no
// file, with "Add source folder…" when a file was not found, the reason a
// file was refused, or "Show This File" for one that needs the user's yes
// (SourceLocator.h: which files are trusted). It follows the page's
// selected location and size units.
#pragma once

#include "model/itemmodels/ChunkLineCosts.h"
#include "model/memprofile/Profile.h"
#include "model/services/SourceLocator.h"

#include <QWidget>

#include <memory>
#include <optional>

class QLabel;
class QPushButton;
class QStackedWidget;

namespace memprof::views {

class CodeView;
class LuaHighlighter;
class ViewState;

class SourcePane : public QWidget {
    Q_OBJECT
public:
    // Without a view state (a sysprof page) it shows what showChunk asks.
    explicit SourcePane(ViewState* state, QWidget* parent = nullptr);

    void setProfile(std::shared_ptr<const Profile> profile, const QString& dumpFolder);
    void setSourceFolders(const QStringList& folders);
    const QStringList& sourceFolders() const { return sourceFolders_; }
    void setHumanReadable(bool humanReadable);
    void showLocation(LocationId location);
    // A function's chunk marked at `line` (its definition), or a whole
    // chunk with line 0: the by-function tree's function and file nodes.
    void showFunction(std::int32_t function, int line);
    // A chunk by name, at `line`, with `note` above it instead of the
    // gutter's legend; or an explanation when there is no chunk (`title`
    // and `explanation`). `dumpFolder` is where a relative chunk is found.
    struct Chunk {
        std::string chunkname;
        std::string aliasName;
        int line = 0;
        QString note;
        QString title;
        QString explanation; // shown when chunkname is empty
    };
    void showChunk(const Chunk& chunk, const QString& dumpFolder);

    const services::SourceView& currentView() const { return view_; }
    CodeView* codeView() const { return code_; }
    QString message() const;
    // Shown with a message that a file needs the user's confirmation.
    QPushButton* confirmButton() const { return confirm_; }

signals:
    void addSourceFolderRequested();

protected:
    void changeEvent(QEvent* event) override;

private:
    void showLegendReadable();
    void refresh();
    void showMessage(const QString& text, bool offerFolder, bool offerConfirm = false);
    void confirmFile();

    std::shared_ptr<const Profile> profile_;
    itemmodels::ChunkLineCosts lineCosts_;
    QString dumpFolder_;
    QStringList sourceFolders_;
    QStringList confirmedFiles_; // the user said yes to these (resolved paths), for this dump
    std::optional<LocationId> location_;
    std::int32_t function_ = kNoFunction; // shown when there is no location_
    int functionLine_ = 0;
    std::optional<Chunk> chunk_; // shown instead of either
    services::SourceView view_;

    QLabel* title_;
    QLabel* legend_;
    QStackedWidget* stack_;
    CodeView* code_;
    LuaHighlighter* highlighter_;
    QLabel* message_;
    QPushButton* addFolder_;
    QPushButton* confirm_;
};

} // namespace memprof::views
