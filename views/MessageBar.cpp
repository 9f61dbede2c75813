// SPDX-License-Identifier: GPL-3.0-or-later
#include "MessageBar.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QStyle>
#include <QToolButton>

namespace memprof::views {

MessageBar::MessageBar(QWidget* parent) : QFrame(parent), icon_(new QLabel(this)), label_(new QLabel(this))
{
    setObjectName(QStringLiteral("messageBar"));
    setStyleSheet(
        QStringLiteral("#messageBar { background: #fff3cd; border: 1px solid #e0b252; border-radius: 4px; }"
                       "#messageBar QLabel { color: #5c4100; }"));
    label_->setWordWrap(true);
    label_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* close = new QToolButton(this);
    close->setAutoRaise(true);
    close->setIcon(style()->standardIcon(QStyle::SP_TitleBarCloseButton));
    close->setToolTip(tr("Hide this message"));
    connect(close, &QToolButton::clicked, this, &QWidget::hide);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(8, 4, 4, 4);
    layout->addWidget(icon_);
    layout->addWidget(label_, 1);
    layout->addWidget(close, 0, Qt::AlignTop);
    hide();
}

void MessageBar::showWarning(const QString& text)
{
    icon_->setPixmap(style()->standardIcon(QStyle::SP_MessageBoxWarning).pixmap(20, 20));
    label_->setText(text);
    show();
}

QString MessageBar::text() const
{
    return label_->text();
}

} // namespace memprof::views
