// SPDX-License-Identifier: GPL-3.0-or-later
#include "FilterField.h"

#include "model/itemmodels/FilterExpression.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QShortcut>
#include <QTimer>

namespace memprof::views {

FilterField::FilterField(QWidget* parent)
    : QWidget(parent),
      edit_(new QLineEdit(this)),
      regex_(new QCheckBox(tr("Regular expression"), this)),
      matchLabel_(new QLabel(this)),
      debounce_(new QTimer(this))
{
    matchLabel_->setObjectName(QStringLiteral("filterMatchCount"));
    matchLabel_->setTextFormat(Qt::PlainText);
    edit_->setPlaceholderText(tr("Filter locations (Ctrl+F)…"));
    edit_->setClearButtonEnabled(true);
    // The red frame of an invalid pattern must not make the field shorter
    // (the tables below would jump).
    edit_->setMinimumHeight(edit_->sizeHint().height());
    edit_->setToolTip(tr("Shows only the locations whose name contains this text (case-insensitive)"));
    debounce_->setSingleShot(true);
    debounce_->setInterval(250);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(edit_, 1);
    layout->addWidget(regex_);
    layout->addSpacing(8);
    layout->addWidget(matchLabel_);
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
    filtering_ = !edit_->text().isEmpty();
    if (!expr.isValid()) {
        patternError_ = expr.errorString();
        edit_->setStyleSheet(QStringLiteral("QLineEdit { border: 2px solid #c0392b; border-radius: 3px; }"));
        edit_->setToolTip(tr("Invalid pattern: %1").arg(patternError_));
        showMatchCount();
        emit filterChanged(itemmodels::matchingNothing());
        return;
    }
    patternError_.clear();
    edit_->setStyleSheet({});
    edit_->setToolTip(tr("Shows only the locations whose name contains this text (case-insensitive)"));
    showMatchCount();
    emit filterChanged(expr);
}

void FilterField::setMatchCount(int shown, int total)
{
    shown_ = shown;
    total_ = total;
    showMatchCount();
}

void FilterField::clearMatchCount()
{
    shown_ = -1;
    showMatchCount();
}

void FilterField::showMatchCount()
{
    const bool invalid = !patternError_.isEmpty();
    QPalette palette = this->palette();
    palette.setColor(QPalette::WindowText,
                     invalid ? QColor(0xc0, 0x39, 0x2b) : palette.color(QPalette::PlaceholderText));
    matchLabel_->setPalette(palette);
    matchLabel_->setVisible(invalid || shown_ >= 0);
    const QLocale locale;
    if (invalid)
        matchLabel_->setText(tr("invalid pattern: %1").arg(patternError_));
    else if (filtering_)
        matchLabel_->setText(tr("%1 of %2 locations").arg(locale.toString(shown_), locale.toString(total_)));
    else
        matchLabel_->setText(total_ == 1 ? tr("1 location") : tr("%1 locations").arg(locale.toString(total_)));
}

} // namespace memprof::views
