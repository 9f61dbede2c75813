// SPDX-License-Identifier: GPL-3.0-or-later
// The filter box above the tables: substring or regular expression,
// case-insensitive, applied a moment after the user stops typing. Beside it,
// how many locations of the table in front the filter lets through ("3 of
// 23 locations"), or why the pattern is invalid; an invalid pattern matches
// nothing.
#pragma once

#include <QRegularExpression>
#include <QWidget>

class QCheckBox;
class QLabel;
class QLineEdit;
class QTimer;

namespace memprof::views {

class FilterField : public QWidget {
    Q_OBJECT
public:
    explicit FilterField(QWidget* parent = nullptr);

    // The debounce delay; tests set 0.
    void setDelay(int milliseconds);
    QLineEdit* lineEdit() const { return edit_; }
    QCheckBox* regexBox() const { return regex_; }
    QRegularExpression expression() const;
    // The label beside the field: "3 of 23 locations" while filtering,
    // "23 locations" without a filter; clearMatchCount for a pane that is
    // not a table. An invalid pattern's reason stays until it is fixed.
    void setMatchCount(int shown, int total);
    void clearMatchCount();
    QLabel* matchLabel() const { return matchLabel_; }
    // The reason the pattern is invalid, or an empty string.
    QString patternError() const { return patternError_; }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

signals:
    void filterChanged(const QRegularExpression& expression);

private:
    void apply();
    void showMatchCount();

    QLineEdit* edit_;
    QCheckBox* regex_;
    QLabel* matchLabel_;
    QTimer* debounce_;
    QString patternError_;
    bool filtering_ = false;
    int shown_ = -1; // -1: no table in front
    int total_ = 0;
};

} // namespace memprof::views
