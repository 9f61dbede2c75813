// SPDX-License-Identifier: GPL-3.0-or-later
// File > Record: records a profile from the viewer, of a script it runs
// under a LuaJIT or Tarantool, or of a running Tarantool it attaches to
// (console or binary port), or of several at once (a cluster: each
// instance's phase and bytes in a list), with memprof or sysprof; shows
// what the script prints, the recording's phase and the transfer's
// progress, and hands each finished dump (a cluster's dumps together) to
// the window to open. Several recordings in a row; closing
// the dialog (or the window) stops a running one first. A password the user
// asks to remember is kept in the desktop keyring once the instance has
// accepted it, and filled in from there for that user and instance.
#pragma once

#include "views/record/RecordForm.h"

#include "model/record/ClusterRecording.h"
#include "model/record/InstanceRecording.h"
#include "model/record/ScriptRecorder.h"

#include <QDialog>
#include <QElapsedTimer>
#include <QPointer>
#include <QTimer>

#include <memory>
#include <utility>
#include <vector>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QTableView;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QRadioButton;
class QSpinBox;
class QTabWidget;

namespace memprof::services {
class ClusterRecordingJob;
class InstanceRecordingJob;
}

namespace memprof::itemmodels {
class ClusterRecordingModel;
}

namespace memprof::views {

class RecordDialog : public QDialog {
    Q_OBJECT
public:
    explicit RecordDialog(const RecordForm& form, QWidget* parent = nullptr);
    ~RecordDialog() override;

    RecordForm form() const;
    bool isRecording() const;

    // Starts a recording as the Record button does (tests, scripts).
    void record();
    void stop();

signals:
    // A dump was recorded (whole, or cut short: `note` says why).
    void recorded(const QString& dumpPath, const QString& note);
    // A recording started writing `dumpPath` here (a script's profiler, or
    // what an instance's brings back while it records), to be followed
    // live; liveRecordingEnded follows (before recorded, when a dump was
    // written): the file is complete, or `written` is false if nothing
    // came.
    void liveRecordingStarted(const QString& dumpPath);
    void liveRecordingEnded(const QString& dumpPath, bool written);
    // Several instances were recorded at once: the dumps that came back
    // whole (each in the cluster's folder), and the instances that failed,
    // one "ADDRESS: why" a line (empty when none did).
    void clusterRecorded(const QStringList& dumpPaths, const QString& failures);
    // The choices a recording was started with, to be remembered.
    void formUsed(const memprof::views::RecordForm& form);

protected:
    void closeEvent(QCloseEvent* event) override;
    void reject() override;

private:
    QWidget* makeScriptTab();
    QWidget* makeAttachTab();
    QWidget* makeProfilerBox();
    QString newDumpPath() const;
    // The instances the attach target records: those listed, and the one
    // typed in the address field when it is not among them.
    QStringList targets() const;
    void addTarget();
    void recordCluster(const RecordForm& chosen, const QStringList& addresses);
    void onClusterFinished(const record::ClusterOutcome& outcome);
    void setRecording(bool recording);
    void appendOutput(const QByteArray& text, bool errorOutput);
    void showStatus(const QString& text);
    void onScriptFinished(const record::RecordingOutcome& outcome);
    void onInstanceFinished(const record::AttachOutcome& outcome);
    void updateElapsed();
    QString keyringEntry() const;
    void fillRememberedPassword();
    void keepPassword();

    QTabWidget* target_ = nullptr;
    QWidget* profilerBox_ = nullptr;
    QComboBox* program_ = nullptr;
    QLineEdit* script_ = nullptr;
    QLineEdit* arguments_ = nullptr;
    QLineEdit* workingFolder_ = nullptr;
    QComboBox* address_ = nullptr;
    QListWidget* instances_ = nullptr;
    QLineEdit* user_ = nullptr;
    QLineEdit* password_ = nullptr;
    QCheckBox* rememberPassword_ = nullptr;
    QRadioButton* memory_ = nullptr;
    QRadioButton* cpu_ = nullptr;
    QComboBox* mode_ = nullptr;
    QSpinBox* interval_ = nullptr;
    QCheckBox* stopAfter_ = nullptr;
    QSpinBox* seconds_ = nullptr;
    QLineEdit* dumpFolder_ = nullptr;
    QPlainTextEdit* output_ = nullptr;
    QTableView* clusterView_ = nullptr; // in output_'s place while a cluster is recorded
    itemmodels::ClusterRecordingModel* clusterModel_ = nullptr;
    QLabel* status_ = nullptr;
    QProgressBar* progress_ = nullptr;
    QPushButton* recordButton_ = nullptr;
    QPushButton* stopButton_ = nullptr;

    std::unique_ptr<record::ScriptRecorder> scriptRecorder_;
    QPointer<services::InstanceRecordingJob> instanceJob_;
    QPointer<services::ClusterRecordingJob> clusterJob_;
    QString dumpPath_; // a cluster's: its folder
    QStringList clusterDumps_;
    std::vector<std::pair<qint64, qint64>> clusterBytes_; // each instance's bytes brought back, of its dump's
    QString phase_;
    QElapsedTimer elapsed_;
    QTimer ticker_;
    RecordForm lastForm_;
    bool recording_ = false; // from Record until the outcome is shown
    bool passwordFromKeyring_ = false; // the field holds what the keyring gave, untouched
    QString keyringNote_; // why a password asked to be remembered was not
};

} // namespace memprof::views
