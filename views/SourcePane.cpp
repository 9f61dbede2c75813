// SPDX-License-Identifier: GPL-3.0-or-later
#include "SourcePane.h"

#include "CodeView.h"
#include "LuaHighlighter.h"
#include "ReadableColor.h"
#include "ViewState.h"

#include "model/itemmodels/DisplayText.h"

#include <QDir>
#include <QEvent>
#include <QLabel>
#include <QPushButton>
#include <QStackedWidget>
#include <QVBoxLayout>

namespace memprof::views {

SourcePane::SourcePane(ViewState* state, QWidget* parent)
    : QWidget(parent),
      title_(new QLabel(this)),
      legend_(new QLabel(this)),
      stack_(new QStackedWidget(this)),
      code_(new CodeView(this)),
      highlighter_(new LuaHighlighter(code_->document())),
      message_(new QLabel(this)),
      addFolder_(new QPushButton(tr("Add Source Folder…"), this)),
      confirm_(new QPushButton(tr("Show This File"), this))
{
    confirm_->setObjectName(QStringLiteral("confirmSourceButton"));
    title_->setTextFormat(Qt::PlainText);
    title_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QFont bold = title_->font();
    bold.setBold(true);
    title_->setFont(bold);
    legend_->setText(tr("Gutter: line · bytes allocated by the line · bytes it still holds at the end"));
    legend_->setObjectName(QStringLiteral("sourceGutterLegend"));
    showLegendReadable();
    QFont small = legend_->font();
    small.setPointSizeF(small.pointSizeF() * 0.9);
    legend_->setFont(small);

    auto* messagePage = new QWidget(this);
    auto* messageLayout = new QVBoxLayout(messagePage);
    message_->setWordWrap(true);
    message_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    message_->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    messageLayout->addWidget(message_);
    messageLayout->addWidget(addFolder_, 0, Qt::AlignLeft);
    messageLayout->addWidget(confirm_, 0, Qt::AlignLeft);
    messageLayout->addStretch(1);
    connect(addFolder_, &QPushButton::clicked, this, &SourcePane::addSourceFolderRequested);
    connect(confirm_, &QPushButton::clicked, this, &SourcePane::confirmFile);

    stack_->addWidget(code_);
    stack_->addWidget(messagePage);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(title_);
    layout->addWidget(legend_);
    layout->addWidget(stack_, 1);
    showMessage(tr("Select a location to see its source."), false);

    if (!state)
        return;
    setHumanReadable(state->humanReadable());
    connect(state, &ViewState::humanReadableChanged, this, &SourcePane::setHumanReadable);
    connect(state, &ViewState::locationSelected, this, &SourcePane::showLocation);
}

void SourcePane::showLegendReadable()
{
    // Muted, yet readable against the pane (a disabled label's grey is not).
    QPalette palette = legend_->palette();
    palette.setColor(QPalette::WindowText, mutedTextColor(this->palette(), this->palette().color(QPalette::Window)));
    legend_->setPalette(palette);
}

void SourcePane::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        showLegendReadable();
}

void SourcePane::setProfile(std::shared_ptr<const Profile> profile, const QString& dumpFolder)
{
    profile_ = std::move(profile);
    lineCosts_ = profile_ ? itemmodels::ChunkLineCosts(*profile_) : itemmodels::ChunkLineCosts();
    dumpFolder_ = dumpFolder;
    confirmedFiles_.clear();
    location_.reset();
    function_ = kNoFunction;
    view_ = {};
    title_->setText(tr("Source"));
    showMessage(tr("Select a location to see its source."), false);
}

void SourcePane::setSourceFolders(const QStringList& folders)
{
    sourceFolders_ = folders;
    refresh();
}

void SourcePane::setHumanReadable(bool humanReadable)
{
    code_->setHumanReadable(humanReadable);
}

void SourcePane::showChunk(const Chunk& chunk, const QString& dumpFolder)
{
    location_.reset();
    function_ = kNoFunction;
    if (dumpFolder != dumpFolder_)
        confirmedFiles_.clear();
    dumpFolder_ = dumpFolder;
    chunk_ = chunk;
    refresh();
}

void SourcePane::showLocation(LocationId location)
{
    chunk_.reset();
    location_ = location;
    function_ = kNoFunction;
    refresh();
}

void SourcePane::showFunction(std::int32_t function, int line)
{
    chunk_.reset();
    location_.reset();
    function_ = function;
    functionLine_ = line;
    refresh();
}

QString SourcePane::message() const
{
    return message_->text();
}

void SourcePane::showMessage(const QString& text, bool offerFolder, bool offerConfirm)
{
    message_->setText(text);
    addFolder_->setVisible(offerFolder);
    confirm_->setVisible(offerConfirm);
    legend_->setVisible(false);
    stack_->setCurrentIndex(1);
}

void SourcePane::confirmFile()
{
    if (view_.kind != services::SourceView::Kind::NeedsConfirmation)
        return;
    confirmedFiles_ << view_.filePath;
    refresh();
}

void SourcePane::refresh()
{
    if (!chunk_ && (!profile_ || (!location_ && function_ == kNoFunction)))
        return;
    const QString previousText = view_.text;
    const QString previousChunk = view_.chunkname;
    const auto previousKind = view_.kind;
    if (chunk_ && chunk_->chunkname.empty()) {
        view_ = {};
        title_->setText(chunk_->title);
        showMessage(chunk_->explanation, false);
        return;
    }
    view_ = chunk_      ? services::locateChunkSource(chunk_->chunkname, chunk_->aliasName, chunk_->line, dumpFolder_,
                                                      sourceFolders_, confirmedFiles_)
            : location_ ? services::locateSource(*profile_, *location_, dumpFolder_, sourceFolders_, confirmedFiles_)
                        : services::locateFunctionSource(*profile_, function_, functionLine_, dumpFolder_,
                                                         sourceFolders_, confirmedFiles_);
    switch (view_.kind) {
    case services::SourceView::Kind::None:
        title_->setText(tr("Source"));
        showMessage(tr("Select a location to see its source."), false);
        return;
    case services::SourceView::Kind::Explanation:
        title_->setText(itemmodels::displayText(view_.title));
        showMessage(itemmodels::displayText(view_.text), false);
        return;
    case services::SourceView::Kind::NotFound:
        title_->setText(itemmodels::displayText(view_.title));
        showMessage(tr("The file %1 was not found in the dump's folder or in the source folders:\n%2\n\nAdd the "
                       "folder that holds the profiled program's sources.")
                        .arg(itemmodels::displayText(view_.wantedPath),
                             view_.searched.isEmpty()
                                 ? tr("(none)")
                                 : QStringLiteral("  ") + view_.searched.join(QStringLiteral("\n  "))),
                    true);
        return;
    case services::SourceView::Kind::Refused:
        title_->setText(itemmodels::displayText(view_.title));
        showMessage(tr("Refused to open %1: %2.")
                        .arg(itemmodels::displayText(QDir::toNativeSeparators(view_.filePath)), view_.text),
                    false);
        return;
    case services::SourceView::Kind::NeedsConfirmation:
        title_->setText(itemmodels::displayText(view_.title));
        showMessage(tr("%1 is not shown yet: %2. A dump can name any file; show it only if you expected this "
                       "one.")
                        .arg(itemmodels::displayText(QDir::toNativeSeparators(view_.filePath)), view_.text),
                    false, true);
        return;
    case services::SourceView::Kind::File:
    case services::SourceView::Kind::StoredText:
        break;
    }
    const QString where = itemmodels::displayText(
        view_.kind == services::SourceView::Kind::File ? QDir::toNativeSeparators(view_.filePath) : view_.title);
    title_->setText(view_.line > 0 ? tr("%1, line %2").arg(where).arg(view_.line) : where);
    title_->setToolTip(where);
    if (previousKind != view_.kind || previousText != view_.text || previousChunk != view_.chunkname) {
        code_->setPlainText(view_.text);
        code_->setLineCosts(chunk_ ? itemmodels::ChunkLineCosts::Lines()
                                   : lineCosts_.linesOf(view_.chunkname.toStdString()));
    }
    legend_->setText(chunk_ ? chunk_->note
                            : tr("Gutter: line · bytes allocated by the line · bytes it still holds at the end"));
    legend_->setVisible(true);
    stack_->setCurrentIndex(0);
    code_->markLine(view_.line);
}

} // namespace memprof::views
