// SPDX-License-Identifier: GPL-3.0-or-later
#include "DiffSummaryHeader.h"

#include "model/itemmodels/CostFormat.h"
#include "model/services/LoadMessages.h"

#include <QDir>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>

#include <array>

namespace memprof::views {

namespace {
// The room of a file name in the table, in average characters.
constexpr int kNameCharacters = 32;
} // namespace

std::pair<QString, QString> distinctFileNames(const QString& basePath, const QString& newPath)
{
    const QFileInfo base(basePath);
    const QFileInfo current(newPath);
    if (base.fileName() != current.fileName())
        return {base.fileName(), current.fileName()};
    return {base.dir().dirName() + u'/' + base.fileName(), current.dir().dirName() + u'/' + current.fileName()};
}

DiffSummaryHeader::DiffSummaryHeader(QWidget* parent) : QFrame(parent), label_(new QLabel(this))
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

void DiffSummaryHeader::setProfiles(const Profile& base, const QString& basePath, const Profile& current,
                                    const QString& newPath, const std::array<QString, 2>& mergedNames)
{
    base_ = {basePath, mergedNames[0], base.status, base.totals, base.locations.size()};
    new_ = {newPath, mergedNames[1], current.status, current.totals, current.locations.size()};
    render();
}

void DiffSummaryHeader::setHumanReadable(bool humanReadable)
{
    humanReadable_ = humanReadable;
    render();
}

QString DiffSummaryHeader::text() const
{
    return label_->text();
}

void DiffSummaryHeader::render()
{
    using itemmodels::CostKind;
    struct Figure {
        QString title;
        CostKind kind;
        std::uint64_t ProfileTotals::*field;
    };
    const std::array<Figure, 5> figures = {{
        {tr("events"), CostKind::Count, &ProfileTotals::eventCount},
        {tr("allocated"), CostKind::Bytes, &ProfileTotals::allocatedBytes},
        {tr("freed"), CostKind::Bytes, &ProfileTotals::freedBytes},
        {tr("held at end"), CostKind::Bytes, &ProfileTotals::liveBytes},
        {tr("peak live"), CostKind::Bytes, &ProfileTotals::peakLiveBytes},
    }};
    const QString dim = palette().color(QPalette::PlaceholderText).name();
    auto cell = [](const QString& text, const QString& style = {}) {
        return QStringLiteral("<td align=right style='padding-left:18px;%1'>%2</td>").arg(style, text.toHtmlEscaped());
    };
    const auto [baseFile, newFile] = distinctFileNames(base_.path, new_.path);
    const QString baseName = base_.mergedName.isEmpty() ? baseFile : base_.mergedName;
    const QString newName = new_.mergedName.isEmpty() ? newFile : new_.mergedName;
    // The figures' columns need their room; a long file name is shortened
    // in the middle (the tool tip has both paths), a truncation goes on a
    // line of its own.
    QFont bold = label_->font();
    bold.setBold(true);
    const QFontMetrics metrics(bold);
    const int nameWidth = metrics.averageCharWidth() * kNameCharacters;
    auto side = [&](const QString& role, const Side& s, const QString& name) {
        QString state;
        if (s.status.end == DecodeEnd::Truncated)
            state = QStringLiteral("<br><span style='color:#b35c00'>%1</span>")
                        .arg(QStringLiteral("(%1)").arg(services::describeTruncationPoint(s.status)).toHtmlEscaped());
        const QString shown = metrics.elidedText(name, Qt::ElideMiddle, nameWidth);
        QString row = QStringLiteral("<tr><td><span style='color:%1'>%2</span>&nbsp;<b>%3</b>%4</td>")
                          .arg(dim, role.toHtmlEscaped(), shown.toHtmlEscaped(), state);
        for (const Figure& f : figures)
            row += cell(itemmodels::formatCost(qint64(s.totals.*f.field), f.kind, humanReadable_));
        return row + QStringLiteral("</tr>");
    };

    QString html = QStringLiteral("<table cellspacing=0 cellpadding=1><tr><td></td>");
    for (const Figure& f : figures)
        html += QStringLiteral("<td align=right style='padding-left:18px;color:%1'>%2</td>")
                    .arg(dim, f.title.toHtmlEscaped());
    html += QStringLiteral("</tr>");
    html += side(tr("BASE"), base_, baseName);
    html += side(tr("NEW"), new_, newName);
    html += QStringLiteral("<tr><td><b>%1</b></td>").arg(tr("NEW − BASE").toHtmlEscaped());
    for (const Figure& f : figures) {
        const qint64 change = qint64(new_.totals.*f.field) - qint64(base_.totals.*f.field);
        html += cell(itemmodels::formatCostChange(change, f.kind, humanReadable_), QStringLiteral("font-weight:bold"));
    }
    html += QStringLiteral("</tr></table>");
    label_->setText(html);
    label_->setToolTip(tr("BASE: %1\nNEW: %2").arg(base_.path, new_.path));
}

} // namespace memprof::views
