// SPDX-License-Identifier: GPL-3.0-or-later
#include "SummaryHeader.h"

#include "model/report/TextReport.h"
#include "model/services/LoadMessages.h"

#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>

namespace memprof::views {

SummaryHeader::SummaryHeader(QWidget* parent)
    : QFrame(parent)
    , label_(new QLabel(this))
{
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    setBackgroundRole(QPalette::AlternateBase);
    label_->setTextFormat(Qt::RichText);
    label_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(8, 4, 8, 4);
    layout->addWidget(label_, 1);
}

void SummaryHeader::setProfile(const Profile& profile, const QString& filePath)
{
    filePath_ = filePath;
    status_ = profile.status;
    totals_ = profile.totals;
    locationCount_ = profile.locations.size();
    render();
}

void SummaryHeader::setHumanReadable(bool humanReadable)
{
    humanReadable_ = humanReadable;
    render();
}

QString SummaryHeader::text() const
{
    return label_->text();
}

void SummaryHeader::render()
{
    const QLocale locale;
    auto bytes = [&](std::uint64_t value) {
        return QString::fromStdString(formatBytes(value, humanReadable_)).toHtmlEscaped();
    };
    auto count = [&](std::uint64_t value) { return locale.toString(static_cast<qulonglong>(value)); };
    const QString dim = palette().color(QPalette::PlaceholderText).name();
    auto item = [&](const QString& key, const QString& value) {
        return QStringLiteral("<td style='padding-right:18px'><span style='color:%1'>%2</span>"
                              "&nbsp;<b>%3</b></td>")
            .arg(dim, key.toHtmlEscaped(), value);
    };

    QString state;
    switch (status_.end) {
    case DecodeEnd::Complete:
        state = tr("complete");
        break;
    case DecodeEnd::Truncated:
        state = QStringLiteral("<span style='color:#b35c00'>%1</span>").arg(services::describeTruncationPoint(status_).toHtmlEscaped());
        break;
    case DecodeEnd::Cancelled:
        state = tr("cancelled");
        break;
    case DecodeEnd::Failed:
        state = tr("failed");
        break;
    }

    const QFileInfo info(filePath_);
    QString html = QStringLiteral("<table cellspacing=0 cellpadding=1><tr>");
    html += QStringLiteral("<td colspan=3 style='padding-right:18px'><b style='font-size:large'>%1</b>&nbsp;&nbsp;"
                           "<span style='color:%2'>%3</span></td>")
                .arg(info.fileName().toHtmlEscaped(), dim, info.absolutePath().toHtmlEscaped());
    html += item(tr("format"), tr("ljs v%1, ljm v%2").arg(status_.symtabVersion).arg(status_.eventsVersion));
    html += item(tr("dump"), state + QStringLiteral(", ") + bytes(status_.totalBytes));
    html += QStringLiteral("</tr><tr>");
    html += item(tr("events"), tr("%1 (%2 allocs, %3 reallocs, %4 frees)")
                                   .arg(count(totals_.eventCount), count(totals_.allocCount),
                                        count(totals_.reallocCount), count(totals_.freeCount)));
    html += item(tr("allocated"), bytes(totals_.allocatedBytes));
    html += item(tr("freed"), bytes(totals_.freedBytes));
    html += item(tr("held at end"), tr("%1 in %2 blocks").arg(bytes(totals_.liveBytes), count(totals_.liveBlockCount)));
    html += item(tr("peak live"), tr("%1 at event %2").arg(bytes(totals_.peakLiveBytes), count(totals_.peakEventIndex)));
    html += item(tr("locations"), count(locationCount_));
    html += QStringLiteral("</tr></table>");
    label_->setText(html);
}

} // namespace memprof::views
