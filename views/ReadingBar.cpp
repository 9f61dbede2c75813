// SPDX-License-Identifier: GPL-3.0-or-later
#include "ReadingBar.h"

#include "model/report/TextReport.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>

namespace memprof::views {

ReadingBar::ReadingBar(QWidget* parent)
    : QFrame(parent), label_(new QLabel(this)), bar_(new QProgressBar(this)), cancel_(new QPushButton(tr("Cancel"), this))
{
    setObjectName(QStringLiteral("readingBar"));
    setStyleSheet(QStringLiteral("#readingBar { background: #e7f0fb; border: 1px solid #8fb3de; border-radius: 4px; }"
                                 "#readingBar QLabel { color: #123a66; }"));
    bar_->setRange(0, 1000);
    bar_->setTextVisible(false);
    bar_->setMaximumWidth(240);
    cancel_->setObjectName(QStringLiteral("readingCancel"));
    cancel_->setToolTip(tr("Stops reading the dump and shows what the window showed before"));
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(8, 4, 4, 4);
    layout->addWidget(label_, 1);
    layout->addWidget(bar_);
    layout->addWidget(cancel_);
    connect(cancel_, &QPushButton::clicked, this, [this] {
        cancel_->setEnabled(false);
        emit cancelRequested();
    });
    hide();
}

void ReadingBar::setProgress(quint64 bytesRead, quint64 totalBytes)
{
    const QString read = QString::fromStdString(formatBytes(bytesRead, true));
    if (totalBytes > 0) {
        const double part = static_cast<double>(bytesRead) / static_cast<double>(totalBytes);
        bar_->setRange(0, 1000);
        bar_->setValue(static_cast<int>(1000.0 * part));
        label_->setText(tr("Reading… %1% (%2 of %3): the counts so far; ranges, exports and comparisons wait "
                           "for the end")
                            .arg(static_cast<int>(100.0 * part))
                            .arg(read, QString::fromStdString(formatBytes(totalBytes, true))));
    } else {
        bar_->setRange(0, 0);
        label_->setText(tr("Reading… %1 so far").arg(read));
    }
}

QString ReadingBar::text() const
{
    return label_->text();
}

} // namespace memprof::views
