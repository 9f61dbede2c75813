// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/record/RecordDialog.h"

#include "model/record/PasswordKeyring.h"
#include "model/record/ShellWords.h"
#include "model/services/InstanceRecordingJob.h"

#include <QCheckBox>
#include <QCloseEvent>
#include <QComboBox>
#include <QDateTime>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFile>
#include <QFileInfo>
#include <QFontDatabase>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QRegularExpression>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabWidget>
#include <QVBoxLayout>

namespace memprof::views {

namespace {

// A line edit with a Browse… button that fills it.
QWidget* withBrowse(QWidget* field, const std::function<void()>& browse)
{
    auto* row = new QWidget;
    auto* layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(field, 1);
    auto* button = new QPushButton(QObject::tr("Browse…"));
    QObject::connect(button, &QPushButton::clicked, button, browse);
    layout->addWidget(button);
    return row;
}

constexpr int kScriptTab = 0;
constexpr int kAttachTab = 1;

} // namespace

RecordDialog::RecordDialog(const RecordForm& form, QWidget* parent) : QDialog(parent), lastForm_(form)
{
    setWindowTitle(tr("Record a Profile"));
    setObjectName(QStringLiteral("recordDialog"));
    auto* layout = new QVBoxLayout(this);

    target_ = new QTabWidget;
    target_->addTab(makeScriptTab(), tr("Run a Script"));
    target_->addTab(makeAttachTab(), tr("Attach to a Running Tarantool"));
    target_->setCurrentIndex(form.attach ? kAttachTab : kScriptTab);
    layout->addWidget(target_);
    profilerBox_ = makeProfilerBox();
    layout->addWidget(profilerBox_);

    auto* saveRow = new QFormLayout;
    dumpFolder_ = new QLineEdit(form.dumpFolder.isEmpty() ? QDir::homePath() : form.dumpFolder);
    dumpFolder_->setObjectName(QStringLiteral("recordDumpFolder"));
    saveRow->addRow(tr("Save dumps in:"), withBrowse(dumpFolder_, [this] {
                        const QString folder =
                            QFileDialog::getExistingDirectory(this, tr("Save Dumps In"), dumpFolder_->text());
                        if (!folder.isEmpty())
                            dumpFolder_->setText(folder);
                    }));
    layout->addLayout(saveRow);

    output_ = new QPlainTextEdit;
    output_->setObjectName(QStringLiteral("recordOutput"));
    output_->setReadOnly(true);
    output_->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    output_->setPlaceholderText(tr("What the script prints shows here."));
    output_->setMaximumBlockCount(10000);
    layout->addWidget(output_, 1);

    auto* statusRow = new QHBoxLayout;
    status_ = new QLabel(tr("Ready."));
    status_->setObjectName(QStringLiteral("recordStatus"));
    status_->setWordWrap(true);
    status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    progress_ = new QProgressBar;
    progress_->setVisible(false);
    progress_->setMaximumWidth(220);
    statusRow->addWidget(status_, 1);
    statusRow->addWidget(progress_);
    layout->addLayout(statusRow);

    auto* buttons = new QDialogButtonBox;
    recordButton_ = buttons->addButton(tr("&Record"), QDialogButtonBox::AcceptRole);
    recordButton_->setObjectName(QStringLiteral("recordButton"));
    recordButton_->setDefault(true);
    stopButton_ = buttons->addButton(tr("&Stop"), QDialogButtonBox::ActionRole);
    stopButton_->setObjectName(QStringLiteral("stopButton"));
    stopButton_->setEnabled(false);
    buttons->addButton(QDialogButtonBox::Close);
    connect(recordButton_, &QPushButton::clicked, this, &RecordDialog::record);
    connect(stopButton_, &QPushButton::clicked, this, &RecordDialog::stop);
    connect(buttons, &QDialogButtonBox::rejected, this, &RecordDialog::reject);
    layout->addWidget(buttons);

    ticker_.setInterval(500);
    connect(&ticker_, &QTimer::timeout, this, &RecordDialog::updateElapsed);
    resize(720, 640);
}

RecordDialog::~RecordDialog()
{
    // A running recording is stopped (the profiler first) before it goes.
    scriptRecorder_.reset();
    delete instanceJob_;
}

QWidget* RecordDialog::makeScriptTab()
{
    auto* tab = new QWidget;
    auto* form = new QFormLayout(tab);
    program_ = new QComboBox;
    program_->setObjectName(QStringLiteral("recordProgram"));
    program_->setEditable(true);
    for (const char* name : {"luajit", "tarantool"})
        if (const QString found = QStandardPaths::findExecutable(QString::fromLatin1(name)); !found.isEmpty())
            program_->addItem(found);
    if (!lastForm_.program.isEmpty())
        program_->setCurrentText(lastForm_.program);
    program_->setToolTip(tr("tarantool/luajit's luajit, or Tarantool 2.7.1 or later (memory) or 2.10 or later "
                            "(CPU): the program that runs the script, with its profilers"));
    form->addRow(tr("Program:"), withBrowse(program_, [this] {
                     const QString path = QFileDialog::getOpenFileName(this, tr("LuaJIT or Tarantool"),
                                                                       QFileInfo(program_->currentText()).path());
                     if (!path.isEmpty())
                         program_->setCurrentText(path);
                 }));
    script_ = new QLineEdit(lastForm_.script);
    script_->setObjectName(QStringLiteral("recordScript"));
    script_->setPlaceholderText(tr("the Lua script to run"));
    form->addRow(tr("Script:"), withBrowse(script_, [this] {
                     const QString path = QFileDialog::getOpenFileName(
                         this, tr("Lua Script"), QFileInfo(script_->text()).path(), tr("Lua scripts (*.lua);;All files (*)"));
                     if (!path.isEmpty())
                         script_->setText(path);
                 }));
    arguments_ = new QLineEdit(lastForm_.arguments);
    arguments_->setObjectName(QStringLiteral("recordArguments"));
    arguments_->setPlaceholderText(tr("the script's arguments, as in a shell"));
    form->addRow(tr("Arguments:"), arguments_);
    workingFolder_ = new QLineEdit(lastForm_.workingFolder);
    workingFolder_->setPlaceholderText(tr("the script's folder"));
    form->addRow(tr("Working folder:"), withBrowse(workingFolder_, [this] {
                     const QString folder = QFileDialog::getExistingDirectory(this, tr("Working Folder"),
                                                                              workingFolder_->text());
                     if (!folder.isEmpty())
                         workingFolder_->setText(folder);
                 }));
    return tab;
}

QWidget* RecordDialog::makeAttachTab()
{
    auto* tab = new QWidget;
    auto* form = new QFormLayout(tab);
    address_ = new QComboBox;
    address_->setObjectName(QStringLiteral("recordAddress"));
    address_->setEditable(true);
    address_->addItems(lastForm_.addresses);
    address_->setCurrentText(lastForm_.addresses.value(0));
    address_->lineEdit()->setPlaceholderText(tr("/var/run/tarantool/app.control, unix/:PATH or HOST:PORT"));
    form->addRow(tr("Instance:"), address_);
    user_ = new QLineEdit(lastForm_.user);
    user_->setObjectName(QStringLiteral("recordUser"));
    user_->setPlaceholderText(tr("none: the admin console"));
    user_->setToolTip(tr("A user of the binary port with the right to execute Lua; leave empty for the admin "
                         "console (a Unix socket or a console port)"));
    form->addRow(tr("User:"), user_);
    password_ = new QLineEdit;
    password_->setObjectName(QStringLiteral("recordPassword"));
    password_->setEchoMode(QLineEdit::Password);
    password_->setPlaceholderText(tr("not remembered"));
    form->addRow(tr("Password:"), password_);
    rememberPassword_ = new QCheckBox(tr("Remember it in the desktop keyring"));
    rememberPassword_->setObjectName(QStringLiteral("recordRememberPassword"));
    rememberPassword_->setToolTip(tr("Kept by your desktop's keyring (not in the viewer's settings) once the "
                                     "instance accepts it, for this user and instance"));
    rememberPassword_->setChecked(lastForm_.rememberPassword);
    form->addRow(QString(), rememberPassword_);
    // A remembered password is looked up whenever the user or the instance
    // changes; one typed by the user is never replaced.
    connect(password_, &QLineEdit::textEdited, this, [this] { passwordFromKeyring_ = false; });
    connect(user_, &QLineEdit::editingFinished, this, &RecordDialog::fillRememberedPassword);
    connect(address_, &QComboBox::currentTextChanged, this, &RecordDialog::fillRememberedPassword);
    connect(rememberPassword_, &QCheckBox::toggled, this, &RecordDialog::fillRememberedPassword);
    fillRememberedPassword();
    auto* note = new QLabel(tr("The profiler runs on the instance; its dump comes back over this connection "
                               "and is deleted there."));
    note->setWordWrap(true);
    form->addRow(note);
    return tab;
}

QWidget* RecordDialog::makeProfilerBox()
{
    auto* box = new QGroupBox(tr("Profiler"));
    auto* form = new QFormLayout(box);
    auto* kinds = new QHBoxLayout;
    memory_ = new QRadioButton(tr("&Memory (memprof)"));
    cpu_ = new QRadioButton(tr("&CPU (sysprof)"));
    memory_->setObjectName(QStringLiteral("recordMemory"));
    cpu_->setObjectName(QStringLiteral("recordCpu"));
    (lastForm_.kind == record::ProfilerKind::Cpu ? cpu_ : memory_)->setChecked(true);
    kinds->addWidget(memory_);
    kinds->addWidget(cpu_);
    kinds->addStretch();
    form->addRow(tr("Record:"), kinds);

    auto* cpuRow = new QHBoxLayout;
    mode_ = new QComboBox;
    mode_->setObjectName(QStringLiteral("recordMode"));
    mode_->addItem(tr("C: Lua and host call chains"), QChar(u'C'));
    mode_->addItem(tr("L: Lua call chains"), QChar(u'L'));
    mode_->addItem(tr("D: VM states only"), QChar(u'D'));
    mode_->setCurrentIndex(std::max(0, mode_->findData(QChar(QLatin1Char(lastForm_.cpu.mode)))));
    interval_ = new QSpinBox;
    interval_->setObjectName(QStringLiteral("recordInterval"));
    interval_->setRange(1, 10000);
    interval_->setSuffix(tr(" ms"));
    interval_->setValue(lastForm_.cpu.intervalMs);
    cpuRow->addWidget(new QLabel(tr("Mode:")));
    cpuRow->addWidget(mode_);
    cpuRow->addSpacing(12);
    cpuRow->addWidget(new QLabel(tr("Sample every:")));
    cpuRow->addWidget(interval_);
    cpuRow->addStretch();
    form->addRow(QString(), cpuRow);
    const auto enableCpu = [this] {
        mode_->setEnabled(cpu_->isChecked());
        interval_->setEnabled(cpu_->isChecked());
    };
    connect(cpu_, &QRadioButton::toggled, this, enableCpu);
    enableCpu();

    auto* stopRow = new QHBoxLayout;
    stopAfter_ = new QCheckBox(tr("Stop after"));
    stopAfter_->setObjectName(QStringLiteral("recordStopAfter"));
    seconds_ = new QSpinBox;
    seconds_->setObjectName(QStringLiteral("recordSeconds"));
    seconds_->setRange(1, 24 * 3600);
    seconds_->setSuffix(tr(" s"));
    seconds_->setValue(lastForm_.stopAfterSeconds > 0 ? lastForm_.stopAfterSeconds : 30);
    stopAfter_->setChecked(lastForm_.stopAfterSeconds > 0);
    stopRow->addWidget(stopAfter_);
    stopRow->addWidget(seconds_);
    stopRow->addWidget(new QLabel(tr("(else when the script ends, or at Stop)")));
    stopRow->addStretch();
    form->addRow(tr("Stop:"), stopRow);
    return box;
}

RecordForm RecordDialog::form() const
{
    RecordForm form = lastForm_;
    form.attach = target_->currentIndex() == kAttachTab;
    form.kind = cpu_->isChecked() ? record::ProfilerKind::Cpu : record::ProfilerKind::Memory;
    form.cpu.mode = mode_->currentData().toChar().toLatin1();
    form.cpu.intervalMs = interval_->value();
    form.stopAfterSeconds = stopAfter_->isChecked() ? seconds_->value() : 0;
    form.program = program_->currentText().trimmed();
    form.script = script_->text().trimmed();
    form.arguments = arguments_->text();
    form.workingFolder = workingFolder_->text().trimmed();
    const QString address = address_->currentText().trimmed();
    if (!address.isEmpty()) {
        form.addresses.removeAll(address);
        form.addresses.prepend(address);
        while (form.addresses.size() > 10)
            form.addresses.removeLast();
    }
    form.user = user_->text().trimmed();
    form.rememberPassword = rememberPassword_->isChecked();
    form.dumpFolder = dumpFolder_->text().trimmed();
    return form;
}

bool RecordDialog::isRecording() const
{
    return recording_;
}

QString RecordDialog::newDumpPath() const
{
    const RecordForm chosen = form();
    QString subject = chosen.attach ? QFileInfo(chosen.addresses.value(0)).completeBaseName()
                                    : QFileInfo(chosen.script).completeBaseName();
    subject.replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9_.-]+")), QStringLiteral("-"));
    if (subject.isEmpty())
        subject = QStringLiteral("recording");
    const QString stamp = QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss"));
    const QString suffix =
        chosen.kind == record::ProfilerKind::Memory ? QStringLiteral("memprof") : QStringLiteral("sysprof");
    const QDir folder(chosen.dumpFolder.isEmpty() ? QDir::homePath() : chosen.dumpFolder);
    // A second recording within the same second gets a file of its own.
    QString path = folder.filePath(QStringLiteral("%1-%2.%3").arg(subject, stamp, suffix));
    for (int n = 2; QFileInfo::exists(path); ++n)
        path = folder.filePath(QStringLiteral("%1-%2-%3.%4").arg(subject, stamp).arg(n).arg(suffix));
    return path;
}

void RecordDialog::record()
{
    if (isRecording())
        return;
    const RecordForm chosen = form();
    if (!QFileInfo(chosen.dumpFolder).isDir() || !QFileInfo(chosen.dumpFolder).isWritable()) {
        showStatus(tr("The folder %1 does not exist or cannot be written: choose where the dumps go.")
                       .arg(chosen.dumpFolder));
        return;
    }
    if (chosen.attach && chosen.addresses.isEmpty()) {
        showStatus(tr("Give the instance's console socket or HOST:PORT."));
        return;
    }
    if (!chosen.attach && chosen.script.isEmpty()) {
        showStatus(tr("Choose the script to run."));
        return;
    }
    // Unticking the box is how a remembered password is forgotten; a user
    // who never ticked it never has the keyring asked (it may prompt).
    if (chosen.attach && lastForm_.rememberPassword && !chosen.rememberPassword && !chosen.user.isEmpty())
        record::forgetPassword(record::keyringEntry(chosen.user, chosen.addresses.first()), this,
                               [](const record::KeyringAnswer&) {});
    dumpPath_ = newDumpPath();
    lastForm_ = chosen;
    emit formUsed(chosen);
    output_->clear();
    elapsed_.start();
    keyringNote_.clear();
    if (chosen.attach) {
        record::AttachSettings settings;
        settings.address = chosen.addresses.first();
        settings.user = chosen.user;
        settings.password = password_->text();
        settings.kind = chosen.kind;
        settings.cpu = chosen.cpu;
        settings.stopAfterSeconds = chosen.stopAfterSeconds;
        settings.dumpPath = dumpPath_;
        auto* job = new services::InstanceRecordingJob(settings, this);
        instanceJob_ = job;
        connect(job, &services::InstanceRecordingJob::phaseChanged, this, [this](record::AttachPhase phase) {
            phase_ = phase == record::AttachPhase::Connecting
                         ? tr("Connecting to %1…").arg(instanceJob_ ? instanceJob_->settings().address : QString())
                         : record::phaseWords(phase);
            switch (phase) {
            case record::AttachPhase::Recording:
                keepPassword(); // the instance took it
                // What it writes comes back about once a second: followed.
                emit liveRecordingStarted(dumpPath_);
                break;
            case record::AttachPhase::Transferring:
                stopButton_->setText(tr("&Cancel"));
                progress_->setVisible(true);
                progress_->setValue(0);
                break;
            default:
                break;
            }
            updateElapsed();
        });
        connect(job, &services::InstanceRecordingJob::transferred, this, [this](qint64 bytes, qint64 total) {
            progress_->setMaximum(1000);
            progress_->setValue(total > 0 ? static_cast<int>(bytes * 1000 / total) : 1000);
            progress_->setFormat(tr("%1 of %2 KiB").arg(bytes / 1024).arg(total / 1024));
        });
        connect(job, &services::InstanceRecordingJob::finished, this, &RecordDialog::onInstanceFinished);
        setRecording(true);
        job->start();
        return;
    }
    QString wordsError;
    const std::optional<QStringList> arguments = record::shellWords(chosen.arguments, &wordsError);
    if (!arguments) {
        showStatus(wordsError);
        return;
    }
    record::LaunchSettings settings;
    settings.program = chosen.program;
    settings.script = chosen.script;
    settings.arguments = *arguments;
    settings.workingFolder = chosen.workingFolder;
    settings.kind = chosen.kind;
    settings.cpu = chosen.cpu;
    settings.stopAfterSeconds = chosen.stopAfterSeconds;
    settings.dumpPath = dumpPath_;
    scriptRecorder_ = std::make_unique<record::ScriptRecorder>(settings);
    connect(scriptRecorder_.get(), &record::ScriptRecorder::outputReceived, this, &RecordDialog::appendOutput);
    connect(scriptRecorder_.get(), &record::ScriptRecorder::finished, this, &RecordDialog::onScriptFinished);
    phase_ = tr("Running %1").arg(QFileInfo(chosen.script).fileName());
    setRecording(true);
    scriptRecorder_->start();
    // The file exists from now on (the profiler opens it once the script's
    // runtime starts): the page can follow it at once. Opened for appending,
    // never truncated or written: the profiler's own opening empties it.
    QFile(dumpPath_).open(QIODevice::Append);
    emit liveRecordingStarted(dumpPath_);
}

void RecordDialog::stop()
{
    if (scriptRecorder_ && scriptRecorder_->isRunning()) {
        scriptRecorder_->stop();
        phase_ = tr("Stopping…");
    } else if (instanceJob_) {
        // Stop while it records; Cancel once the dump is coming back.
        if (progress_->isVisible())
            instanceJob_->cancel();
        else
            instanceJob_->stopRecording();
    }
    updateElapsed();
}

void RecordDialog::setRecording(bool recording)
{
    recording_ = recording;
    recordButton_->setEnabled(!recording);
    stopButton_->setEnabled(recording);
    stopButton_->setText(tr("&Stop"));
    target_->setEnabled(!recording);
    profilerBox_->setEnabled(!recording);
    dumpFolder_->setEnabled(!recording);
    if (recording) {
        ticker_.start();
        updateElapsed();
    } else {
        ticker_.stop();
        progress_->setVisible(false);
    }
}

void RecordDialog::updateElapsed()
{
    if (!isRecording())
        return;
    const qint64 written = QFileInfo(dumpPath_).size();
    QString text = tr("%1 · %2 s").arg(phase_).arg(elapsed_.elapsed() / 1000);
    if (written > 0)
        text += tr(" · %1 KiB written").arg(written / 1024);
    status_->setText(text);
}

void RecordDialog::appendOutput(const QByteArray& text, bool errorOutput)
{
    Q_UNUSED(errorOutput);
    output_->moveCursor(QTextCursor::End);
    output_->insertPlainText(QString::fromUtf8(text));
    output_->moveCursor(QTextCursor::End);
}

void RecordDialog::showStatus(const QString& text)
{
    status_->setText(text);
}

void RecordDialog::onScriptFinished(const record::RecordingOutcome& outcome)
{
    setRecording(false);
    QString text;
    if (outcome.dumpWritten)
        text = tr("Recorded %1 (%2 KiB, %3 s).")
                   .arg(QDir::toNativeSeparators(dumpPath_))
                   .arg(QFileInfo(dumpPath_).size() / 1024)
                   .arg(elapsed_.elapsed() / 1000);
    if (!outcome.message.isEmpty())
        text = text.isEmpty() ? outcome.message : text + u' ' + outcome.message;
    showStatus(text);
    scriptRecorder_.release()->deleteLater();
    emit liveRecordingEnded(dumpPath_, outcome.dumpWritten);
    if (outcome.dumpWritten)
        emit recorded(dumpPath_, outcome.message);
}

void RecordDialog::onInstanceFinished(const record::AttachOutcome& outcome)
{
    setRecording(false);
    emit liveRecordingEnded(dumpPath_, outcome.dumpWritten);
    if (instanceJob_)
        instanceJob_->deleteLater();
    QString text;
    if (outcome.dumpWritten)
        text = tr("Recorded %1 (%2 KiB%3).")
                   .arg(QDir::toNativeSeparators(dumpPath_))
                   .arg(outcome.bytes / 1024)
                   .arg(outcome.complete ? QString() : tr(", cut short"));
    if (!outcome.message.isEmpty())
        text = text.isEmpty() ? outcome.message : text + u' ' + outcome.message;
    if (!keyringNote_.isEmpty())
        text += u' ' + keyringNote_;
    showStatus(text);
    if (outcome.dumpWritten)
        emit recorded(dumpPath_, outcome.message);
}

QString RecordDialog::keyringEntry() const
{
    return record::keyringEntry(user_->text().trimmed(), address_->currentText().trimmed());
}

// Only a password for a user of the binary port is kept: the console asks
// for none.
void RecordDialog::fillRememberedPassword()
{
    if (!rememberPassword_->isChecked() || user_->text().trimmed().isEmpty() ||
        address_->currentText().trimmed().isEmpty())
        return;
    if (passwordFromKeyring_) { // another user or instance: not its password
        password_->clear();
        passwordFromKeyring_ = false;
    }
    const QString entry = keyringEntry();
    record::readPassword(entry, this, [this, entry](const record::KeyringAnswer& answer) {
        // Typed meanwhile, or asked for another user or instance since.
        if (entry != keyringEntry() || !password_->text().isEmpty())
            return;
        switch (answer.outcome) {
        case record::KeyringAnswer::Outcome::Done:
            password_->setText(answer.password);
            passwordFromKeyring_ = true;
            break;
        case record::KeyringAnswer::Outcome::NotFound:
            break;
        case record::KeyringAnswer::Outcome::Unavailable:
        case record::KeyringAnswer::Outcome::Failed:
            if (!isRecording())
                showStatus(tr("The desktop keyring gave no password (%1): type it.").arg(answer.message));
            break;
        }
    });
}

// Kept once the instance has accepted it, where the user asks for it.
void RecordDialog::keepPassword()
{
    const RecordForm& used = lastForm_;
    if (!used.rememberPassword || used.user.isEmpty() || used.addresses.isEmpty())
        return;
    const QString entry = record::keyringEntry(used.user, used.addresses.first());
    const QString password = password_->text();
    if (password.isEmpty())
        return;
    record::storePassword(entry, password, this, [this](const record::KeyringAnswer& answer) {
        if (answer.outcome == record::KeyringAnswer::Outcome::Done)
            return;
        keyringNote_ = tr("The password was not remembered: no desktop keyring took it (%1).").arg(answer.message);
        if (!isRecording())
            showStatus(status_->text() + u' ' + keyringNote_);
    });
}

void RecordDialog::reject()
{
    if (isRecording()) {
        showStatus(tr("Stopping the recording before closing…"));
        scriptRecorder_.reset();
        delete instanceJob_;
        setRecording(false);
    }
    QDialog::reject();
}

void RecordDialog::closeEvent(QCloseEvent* event)
{
    reject();
    event->accept();
}

} // namespace memprof::views
