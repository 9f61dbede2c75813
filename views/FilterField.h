// SPDX-License-Identifier: GPL-3.0-or-later
// The filter box above the tables: substring or regular expression,
// case-insensitive, applied a moment after the user stops typing.
#pragma once

#include <QRegularExpression>
#include <QWidget>

class QCheckBox;
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

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

signals:
    void filterChanged(const QRegularExpression& expression);

private:
    void apply();

    QLineEdit* edit_;
    QCheckBox* regex_;
    QTimer* debounce_;
};

} // namespace memprof::views
