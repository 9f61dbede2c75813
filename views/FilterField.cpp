// SPDX-License-Identifier: GPL-3.0-or-later
#include "FilterField.h"

#include "model/itemmodels/FilterExpression.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLineEdit>
#include <QShortcut>
#include <QTimer>

namespace memprof::views {

FilterField::FilterField(QWidget* parent)
    : QWidget(parent)
    , edit_(new QLineEdit(this))
    , regex_(new QCheckBox(tr("Regular expression"), this))
    , debounce_(new QTimer(this))
{
    edit_->setPlaceholderText(tr("Filter locations (Ctrl+F)…"));
    edit_->setClearButtonEnabled(true);
    edit_->setToolTip(tr("Shows only the locations whose name contains this text (case-insensitive)"));
    debounce_->setSingleShot(true);
    debounce_->setInterval(250);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(edit_, 1);
    layout->addWidget(regex_);
    connect(edit_, &QLineEdit::textChanged, debounce_, qOverload<>(&QTimer::start));
    connect(regex_, &QCheckBox::toggled, this, &FilterField::apply);
    connect(debounce_, &QTimer::timeout, this, &FilterField::apply);
    edit_->installEventFilter(this);
    // Esc clears the filter at once, as in a browser's find bar.
    auto* clear = new QShortcut(QKeySequence(Qt::Key_Escape), edit_, nullptr, nullptr, Qt::WidgetShortcut);
    connect(clear, &QShortcut::activated, this, [this] {
        edit_->clear();
        debounce_->stop();
        apply();
    });
}

bool FilterField::eventFilter(QObject* watched, QEvent* event)
{
    // The line edit takes Ctrl+E (move to the end, an Emacs binding) before
    // the window's Export CSV sees it: leave that key to the window.
    if (watched == edit_ && event->type() == QEvent::ShortcutOverride) {
        const auto* key = static_cast<QKeyEvent*>(event);
        if (key->keyCombination() == QKeyCombination(Qt::ControlModifier, Qt::Key_E))
            return true; // not accepted: the shortcut goes to the window
    }
    return QWidget::eventFilter(watched, event);
}

void FilterField::setDelay(int milliseconds)
{
    debounce_->setInterval(milliseconds);
}

QRegularExpression FilterField::expression() const
{
    return itemmodels::filterExpression(edit_->text(), regex_->isChecked() ? itemmodels::FilterSyntax::RegularExpression
                                                                    : itemmodels::FilterSyntax::Substring);
}

void FilterField::apply()
{
    const QRegularExpression expr = expression();
    // An unfinished regular expression keeps the last valid filter.
    if (!expr.isValid()) {
        edit_->setStyleSheet(QStringLiteral("QLineEdit { background: #f8d7da; }"));
        edit_->setToolTip(tr("Invalid regular expression: %1").arg(expr.errorString()));
        return;
    }
    edit_->setStyleSheet({});
    edit_->setToolTip(tr("Shows only the locations whose name contains this text (case-insensitive)"));
    emit filterChanged(expr);
}

} // namespace memprof::views
