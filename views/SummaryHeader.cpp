// SPDX-License-Identifier: GPL-3.0-or-later
#include "SummaryHeader.h"

#include "ElidedLabel.h"
#include "model/report/TextReport.h"
#include "model/services/LoadMessages.h"

#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QVBoxLayout>

namespace memprof::views {

SummaryHeader::SummaryHeader(QWidget* parent)
    : QFrame(parent), fileName_(new ElidedLabel(this)), folder_(new ElidedLabel(this)), facts_(new QLabel(this))
{
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    setBackgroundRole(QPalette::AlternateBase);
    fileName_->setObjectName(QStringLiteral("summaryFileName"));
    folder_->setObjectName(QStringLiteral("summaryFolder"));
    facts_->setObjectName(QStringLiteral("summaryFacts"));
    QFont big = fileName_->font();
    big.setBold(true);
    big.setPointSizeF(big.pointSizeF() * 1.2);
    fileName_->setFont(big);
    folder_->setForegroundRole(QPalette::PlaceholderText);
    // The folder gives up its room first; the file name only when even
    // that is not enough.
    folder_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    facts_->setTextFormat(Qt::RichText);
    facts_->setWordWrap(true);
    facts_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* title = new QHBoxLayout;
    title->setSpacing(12);
    title->addWidget(fileName_);
    title->addWidget(folder_, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(8, 4, 8, 4);
    layout->setSpacing(2);
    layout->addLayout(title);
    layout->addWidget(facts_);
}

void SummaryHeader::setProfile(const Profile& profile, const QString& filePath)
{
    filePath_ = filePath;
    mergedTitle_.clear();
    status_ = profile.status;
    totals_ = profile.totals;
    locationCount_ = profile.locations.size();
    render();
}

void SummaryHeader::setMerged(const QString& title)
{
    mergedTitle_ = title;
    render();
}

void SummaryHeader::setHumanReadable(bool humanReadable)
{
    humanReadable_ = humanReadable;
    render();
}

QString SummaryHeader::text() const
{
    return fileName_->text() + u'\n' + folder_->text() + u'\n' + facts_->text();
}

void SummaryHeader::render()
{
    const QLocale locale;
    auto bytes = [&](auto value) { // a size, or a sum that may have overflowed (ByteSum)
        return QString::fromStdString(formatBytes(value, humanReadable_)).toHtmlEscaped();
    };
    auto count = [&](std::uint64_t value) { return locale.toString(static_cast<qulonglong>(value)); };
    const QString dim = palette().color(QPalette::PlaceholderText).name();
    // A name and a short value on one line ("held at end 420.84MiB in
    // 356,336 blocks"); the long values (the events, the dump's state) may
    // break.
    auto together = [](QString text) { return text.replace(u' ', QStringLiteral("&nbsp;")); };
    auto item = [&](const QString& key, const QString& value) {
        return QStringLiteral("<span style='color:%1'>%2</span>&nbsp;<b>%3</b>")
            .arg(dim, together(key.toHtmlEscaped()), value);
    };

    QString state;
    switch (status_.end) {
    case DecodeEnd::Complete:
        state = tr("complete");
        break;
    case DecodeEnd::Truncated:
        state = QStringLiteral("<span style='color:#b35c00'>%1</span>")
                    .arg(services::describeTruncationPoint(status_).toHtmlEscaped());
        break;
    case DecodeEnd::Cancelled:
        state = tr("cancelled");
        break;
    case DecodeEnd::Failed:
        state = tr("failed");
        break;
    case DecodeEnd::Reading:
        // A file followed as it grows has no size yet.
        state = status_.totalBytes > 0
                    ? tr("reading, %1 of %2").arg(bytes(status_.bytesConsumed), bytes(status_.totalBytes))
                    : tr("still being written, %1 read so far").arg(bytes(status_.bytesConsumed));
        break;
    }
    const QString size =
        status_.end == DecodeEnd::Reading ? QString() : QStringLiteral(", ") + bytes(status_.totalBytes);

    const QFileInfo info(filePath_);
    fileName_->setText(mergedTitle_.isEmpty() ? info.fileName() : mergedTitle_);
    folder_->setText(info.absolutePath());
    const bool merged = !mergedTitle_.isEmpty();
    QStringList items = {
        item(tr("format"), together(tr("ljs v%1, ljm v%2").arg(status_.symtabVersion).arg(status_.eventsVersion))),
        item(tr("dump"), state + size),
        item(tr("events"), tr("%1 (%2 allocs, %3 reallocs, %4 frees)")
                               .arg(count(totals_.eventCount), count(totals_.allocCount), count(totals_.reallocCount),
                                    count(totals_.freeCount))),
        item(tr("allocated"), bytes(totals_.allocated())),
        item(tr("freed"), bytes(totals_.freed())),
        item(tr("held at end"),
             together(tr("%1 in %2 blocks").arg(bytes(totals_.live()), count(totals_.liveBlockCount)))),
        merged ? item(tr("peak live"), together(tr("%1, the sum of the dumps' peaks").arg(bytes(totals_.peakLive()))))
               : item(tr("peak live"),
                      together(tr("%1 at event %2").arg(bytes(totals_.peakLive()), count(totals_.peakEventIndex)))),
        item(tr("locations"), count(locationCount_)),
    };
    // A merge's dumps each have their format and size: the title counts
    // them, the warning bar names those not read whole.
    if (merged)
        items.erase(items.begin(), items.begin() + 2);
    facts_->setText(items.join(QStringLiteral("&nbsp;&nbsp;&nbsp;&nbsp; ")));
}

} // namespace memprof::views
