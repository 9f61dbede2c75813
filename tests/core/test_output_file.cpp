// SPDX-License-Identifier: GPL-3.0-or-later
// Writing outputs: a failure is reported with its cause and leaves the old
// file as it was; regular files are replaced atomically, nothing else is.
#include "model/support/OutputFile.h"
#include "tests/support/FileBytes.h"
#include "tests/support/TestSuite.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using memprof::writeOutputFile;

namespace {
using test::readBytes;
using test::writeBytes;

std::string local(const QString& path)
{
    return QFile::encodeName(path).toStdString();
}

QStringList entries(const QTemporaryDir& dir)
{
    return QDir(dir.path())
        .entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot | QDir::System, QDir::Name);
}

} // namespace

class TestOutputFile : public QObject {
    Q_OBJECT
private slots:
    void newAndReplacedFiles()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("out.csv");
        QCOMPARE(writeOutputFile(local(path), "first\n"), std::string());
        QCOMPARE(readBytes(path), QByteArray("first\n"));
        // The replacement keeps the old file's permissions.
        QVERIFY(QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner));
        QCOMPARE(writeOutputFile(local(path), "second\n"), std::string());
        QCOMPARE(readBytes(path), QByteArray("second\n"));
        struct stat info {};
        QCOMPARE(::stat(QFile::encodeName(path).constData(), &info), 0);
        QCOMPARE(info.st_mode & 0777, 0600u);
        QCOMPARE(entries(dir), QStringList{"out.csv"});
    }

    // An output larger than its buffer is written as it is made, to a
    // file beside the old one: the old file stays until commit(), and
    // stays for good when the command stops without it.
    void streamedOutputReplacesOnlyAtCommit()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("out.json");
        writeBytes(path, "old\n");
        const std::string large(3 * (std::size_t{1} << 20) + 5, 'x');
        {
            memprof::OutputFile stopped(local(path));
            stopped.stream() << large;
            QCOMPARE(entries(dir).size(), 2); // the temporary file holds what was written
            QCOMPARE(readBytes(path), QByteArray("old\n"));
        }
        QCOMPARE(readBytes(path), QByteArray("old\n"));
        QCOMPARE(entries(dir), QStringList{"out.json"});
        memprof::OutputFile committed(local(path));
        committed.stream() << large << "end";
        QCOMPARE(readBytes(path), QByteArray("old\n"));
        QCOMPARE(committed.commit(), std::string());
        QCOMPARE(readBytes(path), QByteArray::fromStdString(large + "end"));
        QCOMPARE(entries(dir), QStringList{"out.json"});
    }

    void failedWriteKeepsTheOldFile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("out.csv");
        writeBytes(path, "old\n");
        std::string error;
        {
            const test::FileSizeLimit limit(1000);
            error = writeOutputFile(local(path), std::string(5000, 'x'));
        }
        QCOMPARE(error, std::string("File too large"));
        QCOMPARE(readBytes(path), QByteArray("old\n"));
        QCOMPARE(entries(dir), QStringList{"out.csv"});
    }

    void symlinkToAFileStaysALink()
    {
        QTemporaryDir dir;
        const QString target = dir.filePath("target.txt");
        const QString link = dir.filePath("link.txt");
        writeBytes(target, "old\n");
        QVERIFY(QFile::link(target, link));
        QCOMPARE(writeOutputFile(local(link), "new\n"), std::string());
        QVERIFY(QFileInfo(link).isSymLink());
        QCOMPARE(readBytes(target), QByteArray("new\n"));
    }

    void descriptorAliasesWriteToTheDescriptor()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("behind.txt");
        const int fd = ::open(QFile::encodeName(path).constData(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
        QVERIFY(fd >= 0);
        QCOMPARE(writeOutputFile("/dev/fd/" + std::to_string(fd), "via fd\n"), std::string());
        QCOMPARE(writeOutputFile("/proc/self/fd/" + std::to_string(fd), "again\n"), std::string());
        ::close(fd);
        QCOMPARE(readBytes(path), QByteArray("via fd\nagain\n"));
        QCOMPARE(entries(dir), QStringList{"behind.txt"});
        QCOMPARE(writeOutputFile("/dev/fd/987", "x"), std::string("descriptor 987 is not open"));
    }

    void whatIsRefused()
    {
        QTemporaryDir dir;
        QCOMPARE(writeOutputFile(local(dir.path()), "x"), std::string("it is a directory"));
        QCOMPARE(writeOutputFile("", "x"), std::string("the file name is empty"));
        QVERIFY(writeOutputFile("/proc/self/comm", "x").find("kernel interface") != std::string::npos);
        QVERIFY(writeOutputFile("/sys/kernel/new-file", "x").find("kernel interface") != std::string::npos);
        const QString dangling = dir.filePath("dangling");
        QVERIFY(QFile::link(dir.filePath("missing"), dangling));
        QVERIFY(writeOutputFile(local(dangling), "x").find("symbolic link") != std::string::npos);
        QVERIFY(!QFileInfo::exists(dir.filePath("missing")));
    }

    void sameFile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("dump.bin");
        writeBytes(path, "ljs");
        const QString link = dir.filePath("link.bin");
        QVERIFY(QFile::link(path, link));
        QVERIFY(memprof::isSameFile(local(link), local(path)));
        QVERIFY(memprof::isSameFile(local(dir.path() + "/./dump.bin"), local(path)));
        QVERIFY(!memprof::isSameFile(local(dir.filePath("other.bin")), local(path)));
        QVERIFY(!memprof::isSameFile("/dev/null", "/dev/null"));
    }
};

MEMPROF_TEST_GUILESS_MAIN(TestOutputFile)
#include "test_output_file.moc"
