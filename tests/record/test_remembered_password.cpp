// SPDX-License-Identifier: GPL-3.0-or-later
// File > Record remembering a password, against a real Tarantool and GNOME's
// keyring in a session of its own (support/with-keyring.sh): a password the
// instance accepted is kept in the keyring (never in the settings) and filled
// in the next time for that user and instance only; a refused one is not
// kept; unticking the box forgets it.
#include "app/ViewerSettings.h"
#include "tests/record/KeyringAnswers.h"
#include "tests/support/GuiTestData.h"
#include "tests/support/StandInProfilers.h"
#include "tests/support/TarantoolInstance.h"
#include "tests/support/TestSuite.h"
#include "views/record/RecordDialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace memprof;
using namespace memprof::views;
using Outcome = record::KeyringAnswer::Outcome;

namespace {

template <class T> T* child(QWidget* parent, const char* name)
{
    return parent->findChild<T*>(QString::fromLatin1(name));
}

QString statusOf(RecordDialog& dialog)
{
    return child<QLabel>(&dialog, "recordStatus")->text();
}

} // namespace

class TestRememberedPassword : public QObject {
    Q_OBJECT

    QTemporaryDir folder_;
    std::unique_ptr<test::TarantoolInstance> instance_;

    QString address() const { return QStringLiteral("unix/:") + instance_->binaryPath(); }
    QString entry() const { return record::keyringEntry(QStringLiteral("profiler"), address()); }
    RecordForm form(bool remember) const
    {
        RecordForm form;
        form.attach = true;
        form.addresses = {address()};
        form.user = QStringLiteral("profiler");
        form.rememberPassword = remember;
        form.dumpFolder = folder_.path();
        return form;
    }

    // Records with what the dialog holds; the status line once it ended.
    static QString recordOnce(RecordDialog& dialog)
    {
        QSignalSpy recorded(&dialog, &RecordDialog::recorded);
        dialog.record();
        if (!QTest::qWaitFor([&] { return statusOf(dialog).startsWith(QStringLiteral("Recording on the instance")) ||
                                          !dialog.isRecording(); },
                             20000))
            return QStringLiteral("never recorded: ") + statusOf(dialog);
        dialog.stop();
        if (!QTest::qWaitFor([&] { return !dialog.isRecording(); }, 30000))
            return QStringLiteral("never stopped: ") + statusOf(dialog);
        return statusOf(dialog);
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
        if (test::TarantoolInstance::executable().isEmpty())
            QSKIP("no `tarantool` on PATH (make deps installs Debian's)");
        instance_ = std::make_unique<test::TarantoolInstance>(
            test::standInProfilers(test::fixture(QStringLiteral("v3/leak.bin"))));
        QVERIFY(instance_->ready());
    }

    void init() { test::forget(entry()); }

    void anAcceptedPasswordIsKeptAndFilledInNextTime()
    {
        {
            RecordDialog dialog(form(true));
            dialog.show();
            QVERIFY(child<QCheckBox>(&dialog, "recordRememberPassword")->isChecked());
            child<QLineEdit>(&dialog, "recordPassword")->setText(QStringLiteral("secret"));
            QSignalSpy used(&dialog, &RecordDialog::formUsed);
            const QString status = recordOnce(dialog);
            QVERIFY2(status.startsWith(QStringLiteral("Recorded ")), qPrintable(status));
            QVERIFY2(!status.contains(QStringLiteral("not remembered")), qPrintable(status));
            // The settings keep that it is remembered, never the password.
            QCOMPARE(used.count(), 1);
            const auto remembered = used.first().first().value<RecordForm>();
            QVERIFY(remembered.rememberPassword);
            app::setRecordForm(remembered);
            QSettings settings;
            for (const QString& key : settings.allKeys())
                QVERIFY2(!settings.value(key).toString().contains(QStringLiteral("secret")), qPrintable(key));
        }
        const record::KeyringAnswer kept = test::readKept(entry());
        QVERIFY2(kept.outcome == Outcome::Done, qPrintable(kept.message));
        QCOMPARE(kept.password, QStringLiteral("secret"));

        // The next dialog fills it in, and records without it being typed.
        RecordDialog next(app::recordForm());
        next.show();
        auto* password = child<QLineEdit>(&next, "recordPassword");
        QTRY_COMPARE_WITH_TIMEOUT(password->text(), QStringLiteral("secret"), 20000);
        const QString status = recordOnce(next);
        QVERIFY2(status.startsWith(QStringLiteral("Recorded ")), qPrintable(status));
        // Another user: the field is emptied, nothing of the first shown.
        auto* user = child<QLineEdit>(&next, "recordUser");
        user->setText(QStringLiteral("admin"));
        emit user->editingFinished();
        QCOMPARE(password->text(), QString());
    }

    void aRefusedPasswordIsNotKept()
    {
        RecordDialog dialog(form(true));
        dialog.show();
        child<QLineEdit>(&dialog, "recordPassword")->setText(QStringLiteral("wrong"));
        const QString status = recordOnce(dialog);
        QVERIFY2(status.contains(QStringLiteral("password")), qPrintable(status));
        QVERIFY(test::readKept(entry()).outcome == Outcome::NotFound);
    }

    void untickingTheBoxForgetsTheKeptPassword()
    {
        QVERIFY(test::keep(entry(), QStringLiteral("secret")).outcome == Outcome::Done);
        RecordDialog dialog(form(true));
        dialog.show();
        auto* password = child<QLineEdit>(&dialog, "recordPassword");
        QTRY_COMPARE_WITH_TIMEOUT(password->text(), QStringLiteral("secret"), 20000);
        child<QCheckBox>(&dialog, "recordRememberPassword")->setChecked(false);
        const QString status = recordOnce(dialog);
        QVERIFY2(status.startsWith(QStringLiteral("Recorded ")), qPrintable(status));
        QTRY_VERIFY_WITH_TIMEOUT(test::readKept(entry()).outcome == Outcome::NotFound, 20000);
    }
};

MEMPROF_TEST_MAIN(TestRememberedPassword)
#include "test_remembered_password.moc"
