// SPDX-License-Identifier: GPL-3.0-or-later
// A flame graph's frames read by their functions' names once those are
// read (FunctionLabel.h): the frame shows the name, its details the name
// and location, and the search finds a frame by either, or by the name the
// dump gives it.
#include "model/flame/CallFlameTree.h"
#include "model/services/FunctionNames.h"
#include "model/sysprofile/SysprofLoader.h"
#include "tests/support/GuiTestData.h"
#include "tests/support/TestSuite.h"
#include "views/flamegraph/FlameGraphWidget.h"
#include "views/flamegraph/FlameSearch.h"

#include <QFileInfo>
#include <QTest>

using namespace memprof;
using namespace memprof::views;

namespace {
struct NamedFlame {
    std::shared_ptr<const SysprofProfile> profile;
    std::shared_ptr<const FlameTree> tree;
    itemmodels::FunctionNames names;
    FrameLabels labels;

    NamedFlame()
    {
        const QString path = test::fixture(QStringLiteral("sysprof/modules-L-jitoff.bin"));
        profile = std::make_shared<const SysprofProfile>(loadSysprof(QFile::encodeName(path).toStdString()));
        tree = std::make_shared<const FlameTree>(callFlameTree(*profile, StackView::Lua));
        names = std::make_shared<const FunctionNameTable>(services::readFunctionNames(
            services::luaFunctionsOf(*profile), QFileInfo(path).absolutePath(), {}));
        // As the CPU page labels its flame: node i is the call tree's node i.
        labels = [profile = profile, names = names](int node) {
            if (node <= 0)
                return itemmodels::FunctionLabel{QStringLiteral("all"), {}, {}};
            return itemmodels::frameLabel(profile->frames[profile->tree(StackView::Lua).node(node).frame],
                                          names.get());
        };
    }

    // The first node whose dump name ends in `suffix`.
    int nodeEndingIn(const std::string& suffix) const
    {
        for (std::size_t node = 1; node < tree->nodes.size(); ++node) {
            const std::string& name = tree->nodes[node].name;
            if (name.size() >= suffix.size() && name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0)
                return static_cast<int>(node);
        }
        return -1;
    }
};
} // namespace

class TestFlameLabels : public QObject {
    Q_OBJECT
private slots:
    void framesReadByName()
    {
        const NamedFlame flame;
        const int mix = flame.nodeEndingIn("modules_helper.lua:4");
        QVERIFY(mix > 0);
        const itemmodels::FunctionLabel label = frameLabelOf(*flame.tree, flame.labels, mix);
        QCOMPARE(label.name, QStringLiteral("mix"));
        QCOMPARE(label.text(), QStringLiteral("mix  modules_helper.lua:4"));
        // Without names, the dump's name.
        QCOMPARE(frameLabelOf(*flame.tree, {}, mix).name, QString::fromStdString(flame.tree->nodes[mix].name));
    }

    void searchMatchesTheNameAndTheLocation_data()
    {
        QTest::addColumn<QString>("search");
        QTest::addColumn<bool>("matchedWithoutNames");
        QTest::newRow("name") << QStringLiteral("mix") << false;
        QTest::newRow("name and location") << QStringLiteral("mix  modules_helper.lua:4") << false;
        QTest::newRow("location") << QStringLiteral("modules_helper.lua:4") << true;
    }

    void searchMatchesTheNameAndTheLocation()
    {
        QFETCH(QString, search);
        QFETCH(bool, matchedWithoutNames);
        const NamedFlame flame;
        const int mix = flame.nodeEndingIn("modules_helper.lua:4");
        QVERIFY(mix > 0);
        const QRegularExpression pattern = flameSearchPattern(search, false);
        const FlameMatches named = matchFrames(*flame.tree, pattern, flame.labels);
        QVERIFY(named.matched[static_cast<std::size_t>(mix)]);
        QVERIFY(named.value > 0);
        QCOMPARE(bool(matchFrames(*flame.tree, pattern).matched[static_cast<std::size_t>(mix)]), matchedWithoutNames);
        // "mix" names no other function of the run.
        for (std::size_t node = 1; node < flame.tree->nodes.size(); ++node)
            if (named.matched[node])
                QVERIFY(frameLabelOf(*flame.tree, flame.labels, int(node)).text().contains(search) ||
                        QString::fromStdString(flame.tree->nodes[node].name).contains(search));
    }

    void widgetSearchesByNameOnceTheNamesArrive()
    {
        const NamedFlame flame;
        FlameGraphWidget widget;
        widget.resize(800, 400);
        widget.setTree(flame.tree);
        widget.setSearch(QStringLiteral("M.checksum"));
        QCOMPARE(widget.matchedValue(), std::uint64_t(0));
        // The names arrive: the search is run again on them.
        widget.setFrameLabels(flame.labels);
        const int checksum = flame.nodeEndingIn("modules_helper.lua:6");
        QVERIFY(checksum > 0);
        QVERIFY(widget.matchedValue() >= flame.tree->nodes[static_cast<std::size_t>(checksum)].value);
        // Another tree drops the labels of the last one.
        widget.setTree(flame.tree);
        QCOMPARE(widget.matchedValue(), std::uint64_t(0));
    }
};

MEMPROF_TEST_MAIN(TestFlameLabels)
#include "test_flame_labels.moc"
