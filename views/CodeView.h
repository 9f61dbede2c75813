// SPDX-License-Identifier: GPL-3.0-or-later
// Read-only source text with a gutter: line numbers, and for each line the
// bytes allocated there and still held at the end (the hot lines at a
// glance). One line can be marked: highlighted and centred.
#pragma once

#include "model/itemmodels/ChunkLineCosts.h"

#include <QPlainTextEdit>

namespace memprof::views {

class CodeView : public QPlainTextEdit {
    Q_OBJECT
public:
    explicit CodeView(QWidget* parent = nullptr);

    void setLineCosts(itemmodels::ChunkLineCosts::Lines costs);
    const itemmodels::ChunkLineCosts::Lines& lineCosts() const { return costs_; }
    void setHumanReadable(bool humanReadable);
    // Highlights `line` (1-based) and centres it; 0 clears the mark.
    void markLine(int line);
    int markedLine() const { return markedLine_; }
    // The line at the centre of the viewport (for tests and screenshots).
    int centredLine() const;

    int gutterWidth() const;
    void paintGutter(QPaintEvent* event);

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    QString costText(ByteSum bytes) const;
    void updateGutterWidth();

    QWidget* gutter_;
    itemmodels::ChunkLineCosts::Lines costs_;
    std::uint64_t maxAllocatedBytes_ = 0;
    bool humanReadable_ = true;
    int markedLine_ = 0;
};

} // namespace memprof::views
