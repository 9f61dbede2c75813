// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/flamegraph/FlameGraphWidget.h"

#include "views/flamegraph/FlameCanvas.h"
#include "views/flamegraph/FlameSearch.h"

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMenu>
#include <QMessageBox>
#include <QPainter>
#include <QSaveFile>
#include <QScrollArea>
#include <QShortcut>
#include <QStyle>
#include <QSvgGenerator>
#include <QThread>
#include <QToolButton>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>

namespace memprof::views {

namespace {

// An icon with its name and shortcut in the tool tip: the toolbar leaves
// the search its room in a narrow pane.
QToolButton* toolButton(QStyle::StandardPixmap icon, const QString& text, const QString& tip, QWidget* parent)
{
    auto* button = new QToolButton(parent);
    button->setIcon(parent->style()->standardIcon(icon));
    button->setText(text);
    button->setToolTip(tip);
    button->setAutoRaise(true);
    return button;
}

// "1 sample", "2 samples": the unit is a plural noun.
QString valueWithUnit(std::uint64_t value, const std::string& unit)
{
    QString name = QString::fromStdString(unit);
    if (value == 1 && name.endsWith(u's'))
        name.chop(1);
    return QLocale().toString(qulonglong(value)) + u' ' + name;
}

QString percent(std::uint64_t part, std::uint64_t whole)
{
    return whole == 0 ? QStringLiteral("–") : QString::number(100.0 * double(part) / double(whole), 'f', 2) + u'%';
}

} // namespace

FlameGraphWidget::FlameGraphWidget(QWidget* parent)
    : QWidget(parent),
      m_canvas(new FlameCanvas),
      m_scroll(new QScrollArea(this)),
      m_back(toolButton(QStyle::SP_ArrowBack, tr("Back"), tr("Back: the previous zoom (Alt+Left, Backspace)"), this)),
      m_forward(toolButton(QStyle::SP_ArrowForward, tr("Forward"), tr("Forward: the next zoom (Alt+Right)"), this)),
      m_reset(toolButton(QStyle::SP_ArrowUp, tr("Reset zoom"), tr("Reset zoom: the whole graph (Esc)"), this)),
      m_search(new QLineEdit(this)),
      m_regex(new QCheckBox(tr("Regex"), this)),
      m_matchLabel(new QLabel(this)),
      m_details(new QLabel(this)),
      m_save(toolButton(QStyle::SP_DialogSaveButton, tr("Save image…"),
                        tr("Save image…: the whole graph as PNG or SVG"), this))
{
    m_search->setPlaceholderText(tr("Search frames"));
    m_search->setClearButtonEnabled(true);
    // Room for a function's name whatever the pane's width; the graph's
    // frames below are what shrink.
    m_search->setMinimumWidth(m_search->fontMetrics().averageCharWidth() * 24);
    m_regex->setToolTip(tr("Search with a regular expression (else the text as typed); case is ignored"));
    m_matchLabel->setObjectName(QStringLiteral("flameSearchMessage"));
    m_matchLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_details->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_scroll->setWidget(m_canvas);
    m_scroll->setWidgetResizable(true);
    m_scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    // One tab stop, the graph itself (its keys move the selection).
    m_scroll->setFocusPolicy(Qt::NoFocus);
    for (QToolButton* button : {m_back, m_forward, m_reset, m_save})
        button->setFocusPolicy(Qt::TabFocus);

    auto* bar = new QHBoxLayout;
    bar->addWidget(m_back);
    bar->addWidget(m_forward);
    bar->addWidget(m_reset);
    bar->addWidget(m_search, 1);
    bar->addWidget(m_regex);
    bar->addWidget(m_save);
    // What the search says sits under the graph, beside the hovered frame's
    // details: a count never squeezes the field, and the field never hides
    // the count. It takes the room it needs first (its tool tip holds it
    // whole when a pane is narrower still); the details take the rest.
    m_matchLabel->setMinimumWidth(1);
    m_details->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    auto* status = new QHBoxLayout;
    status->addWidget(m_details, 1);
    status->addWidget(m_matchLabel);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(bar);
    layout->addWidget(m_scroll, 1);
    layout->addLayout(status);
    setFocusProxy(m_canvas);
    setTabOrder(m_search, m_regex);
    setTabOrder(m_regex, m_canvas);

    connect(m_back, &QToolButton::clicked, this, &FlameGraphWidget::back);
    connect(m_forward, &QToolButton::clicked, this, &FlameGraphWidget::forward);
    connect(m_reset, &QToolButton::clicked, this, &FlameGraphWidget::resetZoom);
    for (auto [key, slot] : {std::pair{QKeySequence(Qt::ALT | Qt::Key_Left), &FlameGraphWidget::back},
                             std::pair{QKeySequence(Qt::ALT | Qt::Key_Right), &FlameGraphWidget::forward},
                             std::pair{QKeySequence(Qt::Key_Escape), &FlameGraphWidget::resetZoom}}) {
        auto* shortcut = new QShortcut(key, this);
        shortcut->setContext(Qt::WidgetWithChildrenShortcut);
        connect(shortcut, &QShortcut::activated, this, slot);
    }
    connect(m_search, &QLineEdit::textChanged, this, &FlameGraphWidget::onSearchEdited);
    connect(m_regex, &QCheckBox::toggled, this, &FlameGraphWidget::onSearchEdited);
    connect(m_canvas, &FlameCanvas::hovered, this, [this](int node) { showDetails(node, true); });
    connect(m_canvas, &FlameCanvas::clicked, this, [this](int node) {
        selectNode(node);
        setZoomNode(node);
    });
    connect(m_canvas, &FlameCanvas::menuRequested, this, &FlameGraphWidget::showMenu);
    // The keys select as a click does; Enter zooms as a click does.
    connect(m_canvas, &FlameCanvas::stepped, this, [this](int node) {
        selectNode(node);
        showDetails(node, false);
    });
    connect(m_canvas, &FlameCanvas::zoomRequested, this, &FlameGraphWidget::setZoomNode);
    connect(m_canvas, &FlameCanvas::backRequested, this, &FlameGraphWidget::back);
    connect(m_save, &QToolButton::clicked, this, &FlameGraphWidget::askToSaveImage);
    updateHistoryButtons();
}

FlameGraphWidget::~FlameGraphWidget()
{
    // The builders only touch what they captured, but their threads must end
    // before the objects do.
    for (QThread* builder : m_builders)
        builder->wait();
}

void FlameGraphWidget::buildTree(std::function<FlameTree()> build)
{
    auto built = std::make_shared<std::shared_ptr<const FlameTree>>();
    QThread* builder =
        QThread::create([build = std::move(build), built] { *built = std::make_shared<const FlameTree>(build()); });
    builder->setObjectName(QStringLiteral("flame graph"));
    builder->setParent(this);
    connect(builder, &QThread::finished, this, [this, builder, built] {
        const bool newest = !m_builders.empty() && m_builders.back() == builder;
        m_builders.erase(std::find(m_builders.begin(), m_builders.end(), builder));
        builder->deleteLater();
        if (!newest)
            return;
        setTree(*built);
        emit treeBuilt();
    });
    m_builders.push_back(builder);
    builder->start(QThread::LowPriority);
}

void FlameGraphWidget::setTree(std::shared_ptr<const FlameTree> tree)
{
    m_tree = std::move(tree);
    m_labels = {};
    m_canvas->setFrameLabels({});
    m_backHistory.clear();
    m_forwardHistory.clear();
    m_canvas->setTree(m_tree);
    m_details->clear();
    updateSearch();
    updateHistoryButtons();
    emit zoomChanged(0);
}

void FlameGraphWidget::setFrameLabels(FrameLabels labels)
{
    m_labels = labels;
    m_canvas->setFrameLabels(std::move(labels));
    updateSearch();
}

const FlameTree* FlameGraphWidget::tree() const
{
    return m_tree.get();
}

int FlameGraphWidget::zoomNode() const
{
    return m_canvas->zoomNode();
}

int FlameGraphWidget::selectedNode() const
{
    return m_canvas->selectedNode();
}

QRectF FlameGraphWidget::frameRect(int node) const
{
    const QRectF rect = m_canvas->frameRect(node);
    if (rect.isEmpty())
        return {};
    return rect.translated(m_canvas->mapTo(this, QPoint(0, 0)));
}

int FlameGraphWidget::drawingWidth() const
{
    return m_canvas->width();
}

std::uint64_t FlameGraphWidget::matchedValue() const
{
    return m_matchedValue;
}

void FlameGraphWidget::setSearch(const QString& text, bool regularExpression)
{
    if (text == m_search->text() && regularExpression == m_regex->isChecked())
        return;
    {
        const QSignalBlocker regexBlocker(m_regex);
        const QSignalBlocker searchBlocker(m_search);
        m_regex->setChecked(regularExpression);
        m_search->setText(text);
    }
    onSearchEdited();
}

QString FlameGraphWidget::searchText() const
{
    return m_search->text();
}

bool FlameGraphWidget::searchIsRegularExpression() const
{
    return m_regex->isChecked();
}

void FlameGraphWidget::onSearchEdited()
{
    updateSearch();
    emit searchChanged(m_search->text(), m_regex->isChecked());
}

void FlameGraphWidget::setZoomNode(int node)
{
    if (!m_tree || node < 0 || std::size_t(node) >= m_tree->nodes.size() || node == zoomNode())
        return;
    m_backHistory.push_back(zoomNode());
    m_forwardHistory.clear();
    applyZoom(node);
}

void FlameGraphWidget::back()
{
    stepHistory(m_backHistory, m_forwardHistory);
}

void FlameGraphWidget::forward()
{
    stepHistory(m_forwardHistory, m_backHistory);
}

// Back and Forward mirror each other: take the zoom from one history, leave
// the current one on the other.
void FlameGraphWidget::stepHistory(std::vector<int>& from, std::vector<int>& to)
{
    if (from.empty())
        return;
    to.push_back(zoomNode());
    const int node = from.back();
    from.pop_back();
    applyZoom(node);
}

void FlameGraphWidget::resetZoom()
{
    setZoomNode(0);
}

void FlameGraphWidget::selectNode(int node)
{
    if (!m_tree || node >= int(m_tree->nodes.size()) || node == selectedNode())
        return;
    m_canvas->setSelectedNode(node < 0 ? -1 : node);
    if (node >= 0) {
        const QRectF rect = m_canvas->frameRect(node);
        if (!rect.isEmpty())
            m_scroll->ensureVisible(int(rect.center().x()), int(rect.center().y()), 0, int(rect.height()));
    }
    emit frameSelected(node);
}

void FlameGraphWidget::applyZoom(int node)
{
    m_canvas->setZoomNode(node);
    updateHistoryButtons();
    emit zoomChanged(node);
}

void FlameGraphWidget::updateHistoryButtons()
{
    m_back->setEnabled(!m_backHistory.empty());
    m_forward->setEnabled(!m_forwardHistory.empty());
    m_reset->setEnabled(m_tree && zoomNode() != 0);
}

void FlameGraphWidget::updateSearch()
{
    const QString text = m_search->text();
    const QRegularExpression pattern = flameSearchPattern(text, m_regex->isChecked());
    const bool invalid = !text.isEmpty() && !pattern.isValid();
    // Red for a pattern that cannot match, as the table filter has it.
    QPalette palette = m_matchLabel->palette();
    palette.setColor(QPalette::WindowText,
                     invalid ? QColor(0xc0, 0x39, 0x2b) : this->palette().color(QPalette::WindowText));
    m_matchLabel->setPalette(palette);
    m_search->setStyleSheet(invalid ? QStringLiteral("QLineEdit { border: 2px solid #c0392b; border-radius: 3px; }")
                                    : QString());
    QString message;
    if (!m_tree || text.isEmpty()) {
        m_matchedValue = 0;
        m_canvas->setMatches({});
    } else if (invalid) {
        // Nothing matches an invalid pattern: every frame is dimmed.
        m_matchedValue = 0;
        m_canvas->setMatches(std::vector<bool>(m_tree->nodes.size(), false));
        message = tr("Invalid pattern: %1 — nothing matches").arg(pattern.errorString());
    } else {
        FlameMatches matches = matchFrames(*m_tree, pattern, m_labels);
        m_matchedValue = matches.value;
        m_canvas->setMatches(std::move(matches.matched));
        message =
            tr("%1 (%2) match")
                .arg(valueWithUnit(m_matchedValue, m_tree->unit), percent(m_matchedValue, m_tree->nodes[0].value));
    }
    m_matchLabel->setText(message);
    m_matchLabel->setToolTip(message);
}

QString FlameGraphWidget::searchMessage() const
{
    return m_matchLabel->text();
}

QString FlameGraphWidget::frameDescription(int node) const
{
    if (!m_tree || node < 0 || std::size_t(node) >= m_tree->nodes.size())
        return {};
    const FlameNode& frame = m_tree->nodes[node];
    QString text = tr("%1 — %2, %3 of all")
                       .arg(frameLabelOf(*m_tree, m_labels, node).text(), valueWithUnit(frame.value, m_tree->unit),
                            percent(frame.value, m_tree->nodes[0].value));
    // A share of the zoomed frame only when something is zoomed, and only
    // for what lies inside it.
    const int zoom = zoomNode();
    bool insideZoom = false;
    for (int n = frame.parent; zoom > 0 && n >= 0 && !insideZoom; n = m_tree->nodes[n].parent)
        insideZoom = n == zoom;
    if (insideZoom)
        text = tr("%1, %2 of the zoomed frame").arg(text, percent(frame.value, m_tree->nodes[zoom].value));
    if (!m_tree->differential)
        return text;
    // Two runs of different lengths compare by shares of their own run.
    const double change = 100.0 * shareChange(*m_tree, node);
    return tr("%1 · BASE %2 (%3): %4%5 points")
        .arg(text, percent(frame.baseValue, m_tree->baseTotal), valueWithUnit(frame.baseValue, m_tree->unit),
             change > 0 ? QStringLiteral("+") : QString(), QString::number(change, 'f', 2));
}

void FlameGraphWidget::showDetails(int node, bool toolTip)
{
    if (node < 0) {
        m_details->clear();
        if (toolTip)
            QToolTip::hideText();
        return;
    }
    const QString text = frameDescription(node);
    m_details->setText(text);
    if (toolTip)
        QToolTip::showText(QCursor::pos(), text, m_canvas);
}

void FlameGraphWidget::showMenu(int node, QPoint globalPos)
{
    QMenu menu(this);
    if (node >= 0) {
        const QString name = QString::fromStdString(m_tree->nodes[node].name);
        menu.addAction(tr("Copy name"), this, [name] { QApplication::clipboard()->setText(name); });
        menu.addAction(tr("Zoom"), this, [this, node] { setZoomNode(node); });
    }
    menu.addAction(tr("Reset zoom"), this, &FlameGraphWidget::resetZoom)->setEnabled(zoomNode() != 0);
    menu.addSeparator();
    menu.addAction(tr("Save image…"), this, &FlameGraphWidget::askToSaveImage)->setEnabled(m_tree != nullptr);
    menu.exec(globalPos);
}

void FlameGraphWidget::askToSaveImage()
{
    if (!m_tree)
        return;
    QString selectedFilter;
    QString path = QFileDialog::getSaveFileName(this, tr("Save Flame Graph"), QStringLiteral("flamegraph.svg"),
                                                tr("SVG image (*.svg);;PNG image (*.png)"), &selectedFilter);
    if (path.isEmpty())
        return;
    if (QFileInfo(path).suffix().isEmpty())
        path += selectedFilter.contains(QLatin1String("png")) ? QStringLiteral(".png") : QStringLiteral(".svg");
    if (!saveImage(path))
        QMessageBox::warning(this, tr("Save Flame Graph"), tr("Could not write %1.").arg(path));
}

bool FlameGraphWidget::saveImage(const QString& path)
{
    const QSize size = m_canvas->size();
    const QRect area(QPoint(0, 0), size);
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return false;
    if (QFileInfo(path).suffix().compare(QStringLiteral("svg"), Qt::CaseInsensitive) == 0) {
        QSvgGenerator generator;
        generator.setOutputDevice(&file);
        generator.setSize(size);
        generator.setViewBox(area);
        generator.setTitle(tr("Flame graph"));
        QPainter painter(&generator);
        painter.setFont(m_canvas->font());
        m_canvas->paintFrames(painter, area);
    } else {
        QImage image(size * m_canvas->devicePixelRatio(), QImage::Format_ARGB32_Premultiplied);
        image.setDevicePixelRatio(m_canvas->devicePixelRatio());
        QPainter painter(&image);
        painter.setFont(m_canvas->font());
        m_canvas->paintFrames(painter, area);
        painter.end();
        if (!image.save(&file, "PNG"))
            return false;
    }
    return file.commit();
}

} // namespace memprof::views
