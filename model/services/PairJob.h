// SPDX-License-Identifier: GPL-3.0-or-later
// What a job over the two dumps of a comparison, BASE and NEW, does
// whatever it reads of them: each side on its own worker job, one progress
// over both dumps' bytes together, one Cancel for both, and one ending (a
// side that fails or is cancelled stops the other: without one side there
// is nothing to compare). A subclass starts the sides and says what their
// results are.
#pragma once

#include "model/services/DecodeJob.h"

#include <QObject>

#include <array>
#include <memory>

namespace memprof::services {

class PairJob : public QObject {
    Q_OBJECT
public:
    enum Side { Base, New };

    ~PairJob() override;
    void cancel();
    bool isRunning() const;

signals:
    void progress(quint64 bytesRead, quint64 totalBytes);

protected:
    explicit PairJob(QObject* parent);

    // Makes `job` the worker of `side`: its progress counts in the pair's.
    // The subclass connects its result, then starts it.
    template <class Job>
    Job* setSide(Side side, std::unique_ptr<Job> job)
    {
        Job* raw = job.get();
        connect(raw, &Job::progress, this,
                [this, side](quint64 bytesRead, quint64 totalBytes) { onSideProgress(side, bytesRead, totalBytes); });
        jobs_[side] = std::move(job);
        return raw;
    }
    // A side's worker ended; false when the pair had ended already (a side
    // stopped because the other failed may still deliver its cancelled
    // result, queued before its job went).
    bool endSide(Side side);
    // Stops both sides: the pair ends without a result.
    void stopSides();
    // BASE was given loaded: the progress is NEW's alone.
    void setBaseGiven(bool given) { baseGiven_ = given; }

private:
    void onSideProgress(Side side, quint64 bytesRead, quint64 totalBytes);

    std::array<std::unique_ptr<DecodeJob>, 2> jobs_;
    std::array<quint64, 2> bytesRead_{};
    std::array<quint64, 2> totalBytes_{};
    bool baseGiven_ = false;
};

} // namespace memprof::services
