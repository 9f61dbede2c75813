// SPDX-License-Identifier: GPL-3.0-or-later
// One line of plain text that fits any width: shortened in the middle
// with "…" when the room is short (a folder, a file name), the whole text in
// its tool tip. It asks for the room of the whole text but needs little.
#pragma once

#include <QWidget>

namespace memprof::views {

class ElidedLabel : public QWidget {
    Q_OBJECT
public:
    explicit ElidedLabel(QWidget* parent = nullptr);

    void setText(const QString& text);
    QString text() const { return text_; }
    // The text as painted at the current width.
    QString shownText() const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    QString text_;
};

} // namespace memprof::views
