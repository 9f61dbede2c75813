// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/record/RecordDialog.h"

#include "model/itemmodels/ClusterRecordingModel.h"
#include "model/record/ClusterDumpNames.h"
#include "model/record/PasswordKeyring.h"
#include "model/record/ShellWords.h"
#include "model/services/ClusterRecordingJob.h"
#include "model/services/InstanceRecordingJob.h"

#include <QCheckBox>
#include <QCloseEvent>
#include <QComboBox>
#include <QDateTime>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QRadioButton>
#include <QRegularExpression>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
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

// `stem` + `suffix` in `folder`, numbered when something is there already:
// a second recording within the same second gets a file of its own.
QString freshPath(const QDir& folder, const QString& stem, const QString& suffix)
{
    QString path = folder.filePath(stem + suffix);
    for (int n = 2; QFileInfo::exists(path); ++n)
        path = folder.filePath(QStringLiteral("%1-%2%3").arg(stem).arg(n).arg(suffix));
    return path;
}

QString recordingStamp()
{
    return QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss"));
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
    clusterModel_ = new itemmodels::ClusterRecordingModel(this);
    clusterView_ = new QTableView;
    clusterView_->setObjectName(QStringLiteral("recordClusterView"));
    clusterView_->setModel(clusterModel_);
    clusterView_->verticalHeader()->hide();
    clusterView_->setSelectionBehavior(QAbstractItemView::SelectRows);
    clusterView_->setWordWrap(false);
    clusterView_->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    clusterView_->horizontalHeader()->setStretchLastSection(false);
    clusterView_->horizontalHeader()->setSectionResizeMode(itemmodels::ClusterRecordingModel::StatusColumn,
                                                           QHeaderView::Stretch);
    clusterView_->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 8);
    clusterView_->setVisible(false);
    layout->addWidget(clusterView_, 1);

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
    delete clusterJob_;
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
    auto* addressRow = new QWidget;
    auto* addressLayout = new QHBoxLayout(addressRow);
    addressLayout->setContentsMargins(0, 0, 0, 0);
    addressLayout->addWidget(address_, 1);
    auto* add = new QPushButton(tr("&Add"));
    add->setObjectName(QStringLiteral("recordAddInstance"));
    add->setToolTip(tr("Record this instance together with others (a cluster): add it to the list"));
    addressLayout->addWidget(add);
    form->addRow(tr("Instance:"), addressRow);
    // A cluster: the instances listed are recorded at once (with the one
    // typed above, when it is not among them) and open as one profile.
    auto* clusterRow = new QWidget;
    auto* clusterLayout = new QHBoxLayout(clusterRow);
    clusterLayout->setContentsMargins(0, 0, 0, 0);
    instances_ = new QListWidget;
    instances_->setObjectName(QStringLiteral("recordInstances"));
    instances_->setSelectionMode(QAbstractItemView::ExtendedSelection);
    instances_->addItems(lastForm_.cluster);
    instances_->setMaximumHeight(fontMetrics().height() * 5);
    instances_->setToolTip(tr("Instances recorded at once, each into a dump of its own, and opened as one profile"));
    clusterLayout->addWidget(instances_, 1);
    auto* remove = new QPushButton(tr("Re&move"));
    remove->setObjectName(QStringLiteral("recordRemoveInstance"));
    clusterLayout->addWidget(remove, 0, Qt::AlignTop);
    form->addRow(tr("Together with:"), clusterRow);
    connect(add, &QPushButton::clicked, this, &RecordDialog::addTarget);
    connect(remove, &QPushButton::clicked, this, [this] { qDeleteAll(instances_->selectedItems()); });
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
    form.cluster.clear();
    for (int row = 0; row < instances_->count(); ++row)
        form.cluster << instances_->item(row)->text();
    // The instances recorded go first in the history, in their order.
    const QStringList recorded = targets();
    for (auto address = recorded.rbegin(); address != recorded.rend(); ++address) {
        form.addresses.removeAll(*address);
        form.addresses.prepend(*address);
    }
    while (form.addresses.size() > std::max<qsizetype>(10, recorded.size()))
        form.addresses.removeLast();
    form.user = user_->text().trimmed();
    form.rememberPassword = rememberPassword_->isChecked();
    form.dumpFolder = dumpFolder_->text().trimmed();
    return form;
}

QStringList RecordDialog::targets() const
{
    QStringList addresses;
    for (int row = 0; row < instances_->count(); ++row)
        addresses << instances_->item(row)->text();
    const QString typed = address_->currentText().trimmed();
    if (!typed.isEmpty() && !addresses.contains(typed))
        addresses << typed;
    return addresses;
}

void RecordDialog::addTarget()
{
    const QString typed = address_->currentText().trimmed();
    if (typed.isEmpty()) {
        showStatus(tr("Type an instance's address, then Add it to the instances recorded together."));
        return;
    }
    if (instances_->findItems(typed, Qt::MatchExactly).isEmpty())
        instances_->addItem(typed);
    address_->setCurrentText(QString());
    address_->setFocus();
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
    const QStringList addresses = chosen.attach ? targets() : QStringList();
    if (chosen.attach && addresses.isEmpty()) {
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
    lastForm_ = chosen;
    emit formUsed(chosen);
    output_->clear();
    elapsed_.start();
    keyringNote_.clear();
    output_->setVisible(true);
    clusterView_->setVisible(false);
    clusterDumps_.clear();
    if (addresses.size() > 1) {
        recordCluster(chosen, addresses);
        return;
    }
    dumpPath_ = newDumpPath();
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

// Each instance into a dump of its own, named after it, in a folder of the
// recording's own: the dumps open as one profile, and one by one from
// there. Not followed while they record: the merged profile is read once
// all are back.
void RecordDialog::recordCluster(const RecordForm& chosen, const QStringList& addresses)
{
    const QDir parent(chosen.dumpFolder);
    dumpPath_ = freshPath(parent, QStringLiteral("cluster-%1").arg(recordingStamp()), QString());
    if (!parent.mkpath(dumpPath_)) {
        showStatus(tr("The folder %1 cannot be made: choose where the dumps go.").arg(dumpPath_));
        return;
    }
    const QStringList names = record::clusterDumpNames(addresses);
    std::vector<record::AttachSettings> instances;
    for (qsizetype i = 0; i < addresses.size(); ++i) {
        record::AttachSettings settings;
        settings.address = addresses.at(i);
        settings.user = chosen.user;
        settings.password = password_->text();
        settings.kind = chosen.kind;
        settings.cpu = chosen.cpu;
        settings.stopAfterSeconds = chosen.stopAfterSeconds;
        settings.dumpPath = QDir(dumpPath_).filePath(names.at(i));
        clusterDumps_ << settings.dumpPath;
        instances.push_back(settings);
    }
    clusterBytes_.assign(instances.size(), {0, 0});
    clusterModel_->reset(addresses, clusterDumps_);
    clusterView_->resizeColumnToContents(itemmodels::ClusterRecordingModel::InstanceColumn);
    output_->setVisible(false);
    clusterView_->setVisible(true);
    auto* job = new services::ClusterRecordingJob(std::move(instances), this);
    clusterJob_ = job;
    const QString connecting = tr("Connecting to %n instances…", nullptr, static_cast<int>(addresses.size()));
    phase_ = connecting;
    connect(job, &services::ClusterRecordingJob::phaseChanged, this,
            [this, connecting](int instance, record::AttachPhase phase) {
                clusterModel_->setPhase(instance, phase);
                switch (phase) {
                case record::AttachPhase::Recording:
                    if (phase_ == connecting)
                        keepPassword(); // the first instance to record took it
                    phase_ = tr("Recording on the instances");
                    break;
                case record::AttachPhase::Transferring:
                    phase_ = tr("Bringing the dumps back…");
                    stopButton_->setText(tr("&Cancel"));
                    progress_->setVisible(true);
                    break;
                default:
                    break;
                }
                updateElapsed();
            });
    connect(job, &services::ClusterRecordingJob::transferred, this, [this](int instance, qint64 bytes, qint64 total) {
        clusterModel_->setTransferred(instance, bytes, total);
        if (instance < 0 || static_cast<std::size_t>(instance) >= clusterBytes_.size())
            return;
        clusterBytes_[static_cast<std::size_t>(instance)] = {bytes, total};
        qint64 allBytes = 0;
        qint64 allTotal = 0;
        for (const auto& [done, of] : clusterBytes_) {
            allBytes += done;
            allTotal += of;
        }
        progress_->setMaximum(1000);
        progress_->setValue(allTotal > 0 ? static_cast<int>(allBytes * 1000 / allTotal) : 1000);
        progress_->setFormat(tr("%1 of %2 KiB").arg(allBytes / 1024).arg(allTotal / 1024));
    });
    // A failure shows at once (one that could not connect while the others
    // record), the outcome of each again at the end.
    connect(job, &services::ClusterRecordingJob::instanceFinished, clusterModel_,
            &itemmodels::ClusterRecordingModel::setOutcome);
    connect(job, &services::ClusterRecordingJob::finished, this, &RecordDialog::onClusterFinished);
    setRecording(true);
    job->start();
}

void RecordDialog::onClusterFinished(const record::ClusterOutcome& outcome)
{
    setRecording(false);
    QStringList whole;
    QStringList failures;
    const std::vector<record::AttachSettings> instances =
        clusterJob_ ? clusterJob_->instances() : std::vector<record::AttachSettings>();
    if (clusterJob_)
        clusterJob_->deleteLater();
    for (std::size_t i = 0; i < outcome.instances.size() && i < instances.size(); ++i) {
        const record::AttachOutcome& one = outcome.instances[i];
        clusterModel_->setOutcome(static_cast<int>(i), one);
        if (one.complete)
            whole << instances[i].dumpPath;
        else
            failures << record::instanceFailure(instances[i], one);
    }
    QString text = whole.isEmpty() ? tr("No instance was recorded.")
                                   : tr("Recorded %1 of %2 instances into %3.")
                                         .arg(whole.size())
                                         .arg(instances.size())
                                         .arg(QDir::toNativeSeparators(dumpPath_));
    if (!failures.isEmpty())
        text += u'\n' + tr("Not recorded:") + u'\n' + failures.join(u'\n');
    if (!keyringNote_.isEmpty())
        text += u' ' + keyringNote_;
    showStatus(text);
    if (!whole.isEmpty())
        emit clusterRecorded(whole, failures.join(u'\n'));
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
    } else if (clusterJob_) {
        if (progress_->isVisible())
            clusterJob_->cancel();
        else
            clusterJob_->stopRecording();
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
    qint64 written = clusterDumps_.isEmpty() ? QFileInfo(dumpPath_).size() : 0;
    for (const QString& dump : clusterDumps_)
        written += QFileInfo(dump).size();
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
    return record::keyringEntry(user_->text().trimmed(), targets().value(0));
}

// Only a password for a user of the binary port is kept: the console asks
// for none.
void RecordDialog::fillRememberedPassword()
{
    if (!rememberPassword_->isChecked() || user_->text().trimmed().isEmpty() || targets().isEmpty())
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
        delete clusterJob_;
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
