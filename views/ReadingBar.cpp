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
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(8, 4, 4, 4);
    // A long text gives way to the buttons (its tooltip says it all).
    label_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    layout->addWidget(label_, 1);
    layout->addWidget(bar_);
    layout->addWidget(cancel_);
    connect(cancel_, &QPushButton::clicked, this, [this] {
        cancel_->setEnabled(false);
        if (following_)
            emit stopFollowingRequested();
        else
            emit cancelRequested();
    });
    setFollowing(false);
    hide();
}

void ReadingBar::setProgress(quint64 bytesRead, quint64 totalBytes)
{
    bytesRead_ = bytesRead;
    totalBytes_ = totalBytes;
    if (totalBytes > 0 && !following_) {
        bar_->setRange(0, 1000);
        bar_->setValue(static_cast<int>(1000.0 * static_cast<double>(bytesRead) / static_cast<double>(totalBytes)));
    } else {
        bar_->setRange(0, 0);
    }
    showText();
}

void ReadingBar::setCountSoFar(const QString& count)
{
    countSoFar_ = count;
    showText();
}

void ReadingBar::setFollowing(bool following)
{
    following_ = following;
    cancel_->setText(following ? tr("Stop Following") : tr("Cancel"));
    // The bar's style sheet keeps the button at the width of its first
    // text: room for the longer one.
    cancel_->setMinimumWidth(cancel_->fontMetrics().horizontalAdvance(cancel_->text()) + 24);
    cancel_->setToolTip(following ? tr("Stops following the file: the page keeps what was read so far")
                                  : tr("Stops reading the dump and shows what the window showed before"));
    showText();
}

void ReadingBar::showText()
{
    const QString read = QString::fromStdString(formatBytes(bytesRead_, true));
    const QString soFar = countSoFar_.isEmpty() ? read : tr("%1 (%2)").arg(countSoFar_, read);
    if (following_) {
        label_->setText(tr("Following: %1 so far; the dump is still being written").arg(soFar));
        label_->setToolTip(tr("The page follows the file as the profiler writes it. Event windows, exports and "
                              "comparisons wait for the end: the dump's end, or Stop Following."));
    } else if (totalBytes_ > 0) {
        label_->setToolTip(QString());
        const double part = static_cast<double>(bytesRead_) / static_cast<double>(totalBytes_);
        label_->setText(tr("Reading… %1% (%2 of %3): the counts so far; ranges, exports and comparisons wait "
                           "for the end")
                            .arg(static_cast<int>(100.0 * part))
                            .arg(read, QString::fromStdString(formatBytes(totalBytes_, true))));
    } else {
        label_->setText(tr("Reading… %1 so far").arg(soFar));
    }
}

QString ReadingBar::text() const
{
    return label_->text();
}

} // namespace memprof::views
