// SPDX-License-Identifier: GPL-3.0-or-later
// What Qt applications (Dolphin, the viewer's own file dialogs) see of the
// installed desktop integration. CTest runs this with XDG_DATA_DIRS starting
// at the install prefix made by packaging_install, as a desktop session
// would after `cmake --install --prefix PREFIX`.
#include <QFile>
#include <QIcon>
#include <QImage>
#include <QMimeDatabase>
#include <QPainter>
#include <QSet>
#include <QStandardPaths>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

const QString kMimeType = QStringLiteral("application/x-luajit-memprof");
const QString kMimeIcon = QStringLiteral("application-x-luajit-memprof");
const QString kAppId = QStringLiteral(MEMPROF_APP_ID);
const QString kPrefix = QStringLiteral(MEMPROF_INSTALL_PREFIX);
const QString kTestData = QStringLiteral(MEMPROF_TEST_DATA);

QByteArray readAll(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(path));
    return file.readAll();
}

void writeFile(const QString& path, const QByteArray& bytes)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size())
        qFatal("cannot write %s", qPrintable(path));
}

// Lines "key=value" of one group of a desktop-entry style file.
QString desktopEntryValue(const QString& path, const QString& group, const QString& key)
{
    const QList<QByteArray> lines = readAll(path).split('\n');
    bool inGroup = false;
    for (const QByteArray& raw : lines) {
        const QString line = QString::fromUtf8(raw).trimmed();
        if (line.startsWith(u'['))
            inGroup = line == u'[' + group + u']';
        else if (inGroup && line.startsWith(key + u'='))
            return line.mid(key.size() + 1);
    }
    return {};
}

// The pixels an icon covers (alpha over one half), and how many colours they use.
struct Coverage {
    qsizetype opaquePixels = 0;
    qsizetype colourCount = 0;
};

Coverage coverageOf(const QImage& image)
{
    Coverage coverage;
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x) {
            const QRgb pixel = image.pixel(x, y);
            if (qAlpha(pixel) > 128) {
                ++coverage.opaquePixels;
                colours.insert(pixel);
            }
        }
    coverage.colourCount = colours.size();
    return coverage;
}

} // namespace

class TestMimeDatabase : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void typeIsDefinedByThePackage();
    void dumpsAreDetected_data();
    void dumpsAreDetected();
    void dumpBytesAloneAreDetected();
    void otherFilesAreNotDumps_data();
    void otherFilesAreNotDumps();
    void viewerIsTheDefaultApplication();
    void iconsAreFoundInTheTheme_data();
    void iconsAreFoundInTheTheme();
    void iconsRenderAtDesktopSizes_data();
    void iconsRenderAtDesktopSizes();

private:
    QTemporaryDir m_work;
};

void TestMimeDatabase::initTestCase()
{
    QVERIFY(m_work.isValid());
    // The database must come from the install prefix, not from the source tree.
    const QStringList caches =
        QStandardPaths::locateAll(QStandardPaths::GenericDataLocation, QStringLiteral("mime/mime.cache"));
    QVERIFY2(caches.contains(kPrefix + QStringLiteral("/share/mime/mime.cache")),
             qPrintable(u"no mime.cache of the install prefix among: "_s + caches.join(u", ")));
}

void TestMimeDatabase::typeIsDefinedByThePackage()
{
    const QMimeType type = QMimeDatabase().mimeTypeForName(kMimeType);
    QVERIFY2(type.isValid(), "application/x-luajit-memprof is not defined");
    QCOMPARE(type.comment(), QStringLiteral("LuaJIT profile (memprof or sysprof)"));
    QCOMPARE(type.globPatterns(), (QStringList{QStringLiteral("*.memprof"), QStringLiteral("*.sysprof")}));
    QCOMPARE(type.preferredSuffix(), QStringLiteral("memprof"));
    QCOMPARE(type.iconName(), kMimeIcon);
    QVERIFY(type.inherits(QStringLiteral("application/octet-stream")));
    // No glob may claim every .bin file for the viewer.
    QVERIFY(QMimeDatabase().mimeTypeForFile(QStringLiteral("any.bin"), QMimeDatabase::MatchExtension).name() !=
            kMimeType);
}

void TestMimeDatabase::dumpsAreDetected_data()
{
    QTest::addColumn<QString>("fixture");
    QTest::addColumn<QString>("fileName");
    QTest::newRow("v3 as recorded") << "v3/leak.bin"
                                    << "leak.bin";
    QTest::newRow("v3 as profile.bin") << "v3/leak.bin"
                                       << "profile.bin";
    QTest::newRow("v3 without extension") << "v3/medium.bin"
                                          << "medium";
    QTest::newRow("v3 with an unrelated extension") << "v3/freed.bin"
                                                    << "freed.dat";
    QTest::newRow("v1 as profile.bin") << "v1/leak.bin"
                                       << "profile.bin";
    QTest::newRow("v3 as .memprof") << "v3/empty.bin"
                                    << "recording.memprof";
    // Sysprof dumps start with the same symbol table: the type covers both,
    // and the viewer tells them apart by the stream after it.
    QTest::newRow("sysprof mode L as recorded") << "sysprof/recursion-L-jitoff.bin"
                                                << "sysprof.bin";
    QTest::newRow("sysprof mode C without extension") << "sysprof/coroutines-C-jitoff.bin"
                                                      << "cpu";
    QTest::newRow("sysprof as .sysprof") << "sysprof/jit-loops-L-jiton.bin"
                                         << "loops.sysprof";
}

void TestMimeDatabase::dumpsAreDetected()
{
    QFETCH(QString, fixture);
    QFETCH(QString, fileName);
    const QString dir = m_work.filePath(QString::fromLatin1(QTest::currentDataTag()).replace(u' ', u'_'));
    QVERIFY(QDir().mkpath(dir));
    const QString path = dir + u'/' + fileName;
    writeFile(path, readAll(kTestData + u'/' + fixture));

    QCOMPARE(QMimeDatabase().mimeTypeForFile(path).name(), kMimeType);
}

void TestMimeDatabase::dumpBytesAloneAreDetected()
{
    // By content only, with no name at all (e.g. a dump piped in or dropped as data).
    QCOMPARE(QMimeDatabase().mimeTypeForData(readAll(kTestData + u"/v3/leak.bin"_s)).name(), kMimeType);
    QCOMPARE(QMimeDatabase().mimeTypeForData(readAll(kTestData + u"/v1/leak.bin"_s)).name(), kMimeType);
    // A format-2 header (never released, but the magic covers versions 1 to 3).
    QCOMPARE(QMimeDatabase().mimeTypeForData(QByteArray("ljs\x02\0\0\0", 7)).name(), kMimeType);
}

void TestMimeDatabase::otherFilesAreNotDumps_data()
{
    QTest::addColumn<QString>("fileName");
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("expectedType"); // empty: anything but a dump
    const QByteArray text("ljs is a short name for LuaJIT symbols\n");
    QTest::newRow("text starting with ljs, .bin") << "notes.bin" << text << "text/plain";
    QTest::newRow("text starting with ljs, no extension") << "notes" << text << "text/plain";
    QTest::newRow("version byte 4") << "v4.bin" << QByteArray("ljs\x04\0\0\0\x01\xff\xfe", 10) << "";
    QTest::newRow("version byte 0") << "v0.bin" << QByteArray("ljs\x00\0\0\0\x01\xff\xfe", 10) << "";
    QTest::newRow("magic in upper case") << "upper.bin" << readAll(kTestData + u"/corrupt/bad-magic-ljs.bin"_s) << "";
}

void TestMimeDatabase::otherFilesAreNotDumps()
{
    QFETCH(QString, fileName);
    QFETCH(QByteArray, bytes);
    QFETCH(QString, expectedType);
    const QString path = m_work.filePath(fileName);
    writeFile(path, bytes);

    const QString detected = QMimeDatabase().mimeTypeForFile(path).name();
    QVERIFY2(detected != kMimeType, qPrintable(path + u" was taken for a dump"_s));
    if (!expectedType.isEmpty())
        QCOMPARE(detected, expectedType);
}

void TestMimeDatabase::viewerIsTheDefaultApplication()
{
    // The desktop file claims the type that QMimeDatabase gives a real dump...
    const QString desktopFile = kPrefix + u"/share/applications/"_s + kAppId + u".desktop"_s;
    QVERIFY2(QFile::exists(desktopFile), qPrintable(desktopFile));
    const QString detected = QMimeDatabase().mimeTypeForFile(kTestData + u"/v3/leak.bin"_s).name();
    const QStringList claimed =
        desktopEntryValue(desktopFile, u"Desktop Entry"_s, u"MimeType"_s).split(u';', Qt::SkipEmptyParts);
    QVERIFY2(claimed.contains(detected), qPrintable(u"MimeType= does not list "_s + detected));
    QCOMPARE(desktopEntryValue(desktopFile, u"Desktop Entry"_s, u"Exec"_s), u"memprof-viewer %F"_s);

    // ...and update-desktop-database lists the viewer first (the default) for it.
    const QString cache = kPrefix + u"/share/applications/mimeinfo.cache"_s;
    const QStringList handlers = desktopEntryValue(cache, u"MIME Cache"_s, detected).split(u';', Qt::SkipEmptyParts);
    QVERIFY2(!handlers.isEmpty(), qPrintable(u"mimeinfo.cache has no entry for "_s + detected));
    QCOMPARE(handlers.first(), kAppId + u".desktop"_s);
}

void TestMimeDatabase::iconsAreFoundInTheTheme_data()
{
    QTest::addColumn<QString>("iconName");
    QTest::addColumn<QString>("installedAs");
    QTest::newRow("application") << kAppId << u"apps/"_s + kAppId + u".svg"_s;
    QTest::newRow("MIME type") << QMimeDatabase().mimeTypeForName(kMimeType).iconName()
                               << u"mimetypes/"_s + kMimeIcon + u".svg"_s;
}

void TestMimeDatabase::iconsAreFoundInTheTheme()
{
    QFETCH(QString, iconName);
    QFETCH(QString, installedAs);
    QVERIFY(QFile::exists(kPrefix + u"/share/icons/hicolor/scalable/"_s + installedAs));
    // As a desktop session looks it up: the hicolor theme in XDG_DATA_DIRS/icons
    // (the offscreen platform has no icon theme paths of its own, so they are
    // set here as Qt's generic Unix theme sets them).
    QStringList searchPaths;
    for (const QString& dataDir : qEnvironmentVariable("XDG_DATA_DIRS").split(u':', Qt::SkipEmptyParts))
        searchPaths << dataDir + u"/icons"_s;
    QIcon::setThemeSearchPaths(searchPaths);
    QIcon::setThemeName(u"hicolor"_s);
    QVERIFY2(QIcon::hasThemeIcon(iconName), qPrintable(iconName + u" is not found in the hicolor theme"_s));

    // Drawn through Qt's SVG icon engine (the plugin the .deb depends on).
    const QImage pixmap = QIcon::fromTheme(iconName).pixmap(48, 48).toImage();
    QCOMPARE(pixmap.size(), QSize(48, 48));
    const qsizetype opaque = coverageOf(pixmap).opaquePixels;
    QVERIFY2(opaque > 48 * 48 / 3, qPrintable(u"only %1 opaque pixels"_s.arg(opaque)));
}

void TestMimeDatabase::iconsRenderAtDesktopSizes_data()
{
    QTest::addColumn<QString>("svg");
    QTest::addColumn<int>("size");
    const QString apps = kPrefix + u"/share/icons/hicolor/scalable/apps/"_s + kAppId + u".svg"_s;
    const QString mime = kPrefix + u"/share/icons/hicolor/scalable/mimetypes/"_s + kMimeIcon + u".svg"_s;
    for (int size : {16, 24, 32, 48, 64, 128, 256}) {
        QTest::addRow("application %d", size) << apps << size;
        QTest::addRow("MIME type %d", size) << mime << size;
    }
}

void TestMimeDatabase::iconsRenderAtDesktopSizes()
{
    QFETCH(QString, svg);
    QFETCH(int, size);
    QSvgRenderer renderer(svg);
    QVERIFY2(renderer.isValid(), qPrintable(svg + u" is not an SVG Qt can draw"_s));
    QCOMPARE(renderer.viewBox(), QRect(0, 0, 128, 128));

    QImage image(size, size, QImage::Format_ARGB32);
    image.fill(Qt::transparent);
    QPainter painter(&image);
    renderer.render(&painter);
    painter.end();

    // A drawn icon: it covers a good part of its square, but not all of it
    // (transparent margins), and uses several colours.
    const Coverage coverage = coverageOf(image);
    const double share = double(coverage.opaquePixels) / (size * size);
    QVERIFY2(share > 0.4 && share < 0.95, qPrintable(u"%1 of the square is covered"_s.arg(share)));
    QVERIFY2(coverage.colourCount >= 4, qPrintable(u"%1 colours"_s.arg(coverage.colourCount)));
}

QTEST_MAIN(TestMimeDatabase)
#include "test_mime_database.moc"
