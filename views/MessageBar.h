// SPDX-License-Identifier: GPL-3.0-or-later
// A coloured bar above the content for a warning the user must not miss
// (a truncated dump), with a close button.
#pragma once

#include <QFrame>

class QLabel;

namespace memprof::views {

class MessageBar : public QFrame {
    Q_OBJECT
public:
    explicit MessageBar(QWidget* parent = nullptr);

    void showWarning(const QString& text);
    QString text() const;

private:
    QLabel* icon_;
    QLabel* label_;
};

} // namespace memprof::views
