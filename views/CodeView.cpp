// SPDX-License-Identifier: GPL-3.0-or-later
#include "CodeView.h"

#include "ReadableColor.h"
#include "model/report/TextReport.h"

#include <QFontDatabase>
#include <QPainter>
#include <QTextBlock>

namespace memprof::views {

namespace {
class Gutter : public QWidget {
public:
    explicit Gutter(CodeView* view) : QWidget(view), view_(view) {}
    QSize sizeHint() const override { return {view_->gutterWidth(), 0}; }

protected:
    void paintEvent(QPaintEvent* event) override { view_->paintGutter(event); }

private:
    CodeView* view_;
};

constexpr int kPadding = 6;
} // namespace

CodeView::CodeView(QWidget* parent) : QPlainTextEdit(parent), gutter_(new Gutter(this))
{
    gutter_->setObjectName(QStringLiteral("codeGutter"));
    setReadOnly(true);
    setLineWrapMode(QPlainTextEdit::NoWrap);
    setCenterOnScroll(true); // the marked line is centred even near the end
    setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    connect(this, &QPlainTextEdit::blockCountChanged, this, &CodeView::updateGutterWidth);
    connect(this, &QPlainTextEdit::updateRequest, this, [this](const QRect& rect, int dy) {
        if (dy)
            gutter_->scroll(0, dy);
        else
            gutter_->update(0, rect.y(), gutter_->width(), rect.height());
    });
    updateGutterWidth();
}

void CodeView::setLineCosts(itemmodels::ChunkLineCosts::Lines costs)
{
    costs_ = std::move(costs);
    maxAllocatedBytes_ = 0;
    for (const auto& [line, cost] : costs_)
        maxAllocatedBytes_ = std::max(maxAllocatedBytes_, cost.allocatedBytes);
    updateGutterWidth();
    gutter_->update();
}

void CodeView::setHumanReadable(bool humanReadable)
{
    humanReadable_ = humanReadable;
    updateGutterWidth();
    gutter_->update();
}

QString CodeView::costText(ByteSum bytes) const
{
    return bytes.value ? QString::fromStdString(formatBytes(bytes, humanReadable_)) : QString();
}

int CodeView::gutterWidth() const
{
    const QFontMetrics metrics(font());
    const int digits = static_cast<int>(QString::number(std::max(1, blockCount())).size());
    int width = kPadding + metrics.horizontalAdvance(u'9') * std::max(3, digits) + kPadding;
    if (!costs_.empty()) {
        int costWidth = metrics.horizontalAdvance(QStringLiteral("1023.99KiB"));
        for (const auto& [line, cost] : costs_)
            costWidth = std::max(costWidth, metrics.horizontalAdvance(costText(cost.allocated())));
        width += 2 * (costWidth + kPadding);
    }
    return width;
}

void CodeView::updateGutterWidth()
{
    setViewportMargins(gutterWidth(), 0, 0, 0);
}

void CodeView::resizeEvent(QResizeEvent* event)
{
    QPlainTextEdit::resizeEvent(event);
    const QRect area = contentsRect();
    gutter_->setGeometry(QRect(area.left(), area.top(), gutterWidth(), area.height()));
    // A line marked before the view had its size is centred once it has one.
    if (markedLine_ > 0)
        centerCursor();
}

void CodeView::paintGutter(QPaintEvent* event)
{
    QPainter painter(gutter_);
    const QPalette pal = palette();
    painter.fillRect(event->rect(), pal.color(QPalette::AlternateBase));
    const QColor muted = mutedTextColor(pal, pal.color(QPalette::AlternateBase));
    const QFontMetrics metrics(font());
    const int numberWidth =
        metrics.horizontalAdvance(u'9') * std::max(3, static_cast<int>(QString::number(blockCount()).size()));
    const int costWidth = costs_.empty() ? 0 : (gutterWidth() - numberWidth - 2 * kPadding) / 2 - kPadding;
    QColor hot = pal.color(QPalette::Highlight);

    QTextBlock block = firstVisibleBlock();
    int top = qRound(blockBoundingGeometry(block).translated(contentOffset()).top());
    while (block.isValid() && top <= event->rect().bottom()) {
        const int height = qRound(blockBoundingRect(block).height());
        const int line = block.blockNumber() + 1;
        if (block.isVisible() && top + height >= event->rect().top()) {
            painter.setPen(line == markedLine_ ? pal.color(QPalette::Text) : muted);
            painter.drawText(kPadding, top, numberWidth, height, Qt::AlignRight | Qt::AlignVCenter,
                             QString::number(line));
            if (const auto it = costs_.find(static_cast<std::uint64_t>(line)); it != costs_.end()) {
                const int x = kPadding + numberWidth + kPadding;
                if (maxAllocatedBytes_ > 0) {
                    hot.setAlpha(static_cast<int>(30 + 120.0 * static_cast<double>(it->second.allocatedBytes) /
                                                           static_cast<double>(maxAllocatedBytes_)));
                    painter.fillRect(x - kPadding / 2, top, costWidth + kPadding, height, hot);
                }
                painter.setPen(pal.color(QPalette::Text));
                painter.drawText(x, top, costWidth, height, Qt::AlignRight | Qt::AlignVCenter,
                                 costText(it->second.allocated()));
                painter.setPen(it->second.heldBytes ? QColor(0xc0, 0x39, 0x2b) : muted);
                painter.drawText(x + costWidth + kPadding, top, costWidth, height, Qt::AlignRight | Qt::AlignVCenter,
                                 costText(it->second.held()));
            }
        }
        block = block.next();
        top += height;
    }
}

void CodeView::markLine(int line)
{
    markedLine_ = line;
    QList<QTextEdit::ExtraSelection> selections;
    const QTextBlock block = document()->findBlockByNumber(line - 1);
    if (line > 0 && block.isValid()) {
        QTextEdit::ExtraSelection mark;
        QColor color = palette().color(QPalette::Highlight);
        color.setAlpha(60);
        mark.format.setBackground(color);
        mark.format.setProperty(QTextFormat::FullWidthSelection, true);
        mark.cursor = QTextCursor(block);
        selections << mark;
        setTextCursor(QTextCursor(block));
        centerCursor();
    }
    setExtraSelections(selections);
    gutter_->update();
}

int CodeView::centredLine() const
{
    const QTextCursor cursor = cursorForPosition(QPoint(0, viewport()->height() / 2));
    return cursor.blockNumber() + 1;
}

} // namespace memprof::views
