// SPDX-License-Identifier: GPL-3.0-or-later
// The instances of a cluster recording (record/ClusterRecording.h) as the
// Record dialog lists them while it runs and after: each instance's
// address, where it stands (its phase, then recorded or why not), the bytes
// of its dump brought back, and the local file it went to.
#pragma once

#include "model/record/InstanceRecording.h"

#include <QAbstractTableModel>
#include <QStringList>

#include <optional>
#include <vector>

namespace memprof::itemmodels {

class ClusterRecordingModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Columns { InstanceColumn, StatusColumn, BroughtColumn, DumpColumn, ColumnCount };

    explicit ClusterRecordingModel(QObject* parent = nullptr);

    // A new recording of `addresses`, each into its dump path: none begun.
    void reset(const QStringList& addresses, const QStringList& dumpPaths);
    void setPhase(int row, record::AttachPhase phase);
    void setTransferred(int row, qint64 bytes, qint64 total);
    void setOutcome(int row, const record::AttachOutcome& outcome);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    struct Instance {
        QString address;
        QString dumpPath;
        std::optional<record::AttachPhase> phase; // none yet: waiting to connect
        qint64 bytes = 0;
        qint64 total = 0;
        std::optional<record::AttachOutcome> outcome;
    };
    QString statusText(const Instance& instance) const;
    void changed(int row, int column);

    std::vector<Instance> instances_;
};

} // namespace memprof::itemmodels
