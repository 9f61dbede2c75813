// SPDX-License-Identifier: GPL-3.0-or-later
// The desktop keyring keeping a remembered password (record/PasswordKeyring),
// run against GNOME's keyring in a session of its own (support/
// with-keyring.sh): a password kept is read back as it was, one entry per
// user and instance; a second one replaces it; a forgotten one, or one
// never kept, is not found.
#include "tests/record/KeyringAnswers.h"
#include "tests/support/TestSuite.h"

#include <QTest>

using namespace memprof;
using Outcome = record::KeyringAnswer::Outcome;

class TestPasswordKeyring : public QObject {
    Q_OBJECT
private slots:
    void aKeptPasswordIsReadBackForItsUserAndInstanceOnly()
    {
        const QString entry = record::keyringEntry(QStringLiteral("profiler"), QStringLiteral("db1:3301"));
        const QString password = QStringLiteral("s3cret päss ✓ with spaces");
        const record::KeyringAnswer kept = test::keep(entry, password);
        QVERIFY2(kept.outcome == Outcome::Done, qPrintable(kept.message));
        const record::KeyringAnswer read = test::readKept(entry);
        QVERIFY2(read.outcome == Outcome::Done, qPrintable(read.message));
        QCOMPARE(read.password, password);
        // Another user of the instance, the user on another instance.
        QVERIFY(test::readKept(record::keyringEntry(QStringLiteral("admin"), QStringLiteral("db1:3301"))).outcome ==
                Outcome::NotFound);
        QVERIFY(test::readKept(record::keyringEntry(QStringLiteral("profiler"), QStringLiteral("db2:3301")))
                    .outcome == Outcome::NotFound);
    }

    void aSecondPasswordReplacesTheFirst()
    {
        const QString entry = record::keyringEntry(QStringLiteral("ops"), QStringLiteral("unix/:/run/app.sock"));
        QVERIFY(test::keep(entry, QStringLiteral("first")).outcome == Outcome::Done);
        QVERIFY(test::keep(entry, QStringLiteral("second")).outcome == Outcome::Done);
        const record::KeyringAnswer read = test::readKept(entry);
        QVERIFY(read.outcome == Outcome::Done);
        QCOMPARE(read.password, QStringLiteral("second"));
    }

    void aForgottenPasswordIsNotFound()
    {
        const QString entry = record::keyringEntry(QStringLiteral("gone"), QStringLiteral("db3:3301"));
        QVERIFY(test::readKept(entry).outcome == Outcome::NotFound);
        QVERIFY(test::keep(entry, QStringLiteral("temporary")).outcome == Outcome::Done);
        const record::KeyringAnswer forgotten = test::forget(entry);
        QVERIFY2(forgotten.outcome == Outcome::Done, qPrintable(forgotten.message));
        QVERIFY(test::readKept(entry).outcome == Outcome::NotFound);
    }
};

MEMPROF_TEST_MAIN(TestPasswordKeyring)
#include "test_password_keyring.moc"
