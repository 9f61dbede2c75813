// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/record/PasswordKeyring.h"

#include <qt6keychain/keychain.h>

#include <QObject>

namespace memprof::record {

namespace {

// The keyring's "application" of our entries, as its manager lists them.
const QString kService = QStringLiteral("Memprof Viewer (Tarantool users)");

KeyringAnswer answerOf(const QKeychain::Job& job)
{
    KeyringAnswer answer;
    switch (job.error()) {
    case QKeychain::NoError:
        answer.outcome = KeyringAnswer::Outcome::Done;
        return answer;
    case QKeychain::EntryNotFound:
        answer.outcome = KeyringAnswer::Outcome::NotFound;
        return answer;
    case QKeychain::NoBackendAvailable:
    case QKeychain::NotImplemented:
        answer.outcome = KeyringAnswer::Outcome::Unavailable;
        break;
    case QKeychain::CouldNotDeleteEntry:
    case QKeychain::AccessDeniedByUser:
    case QKeychain::AccessDenied:
    case QKeychain::OtherError:
        answer.outcome = KeyringAnswer::Outcome::Failed;
        break;
    }
    answer.message = job.errorString();
    return answer;
}

// Starts `job` (which deletes itself once it has answered).
template <class Job>
void run(Job* job, QObject* context, KeyringCallback answer)
{
    job->setAutoDelete(true);
    job->setInsecureFallback(false); // a password in plain text is worse than none kept
    QObject::connect(job, &QKeychain::Job::finished, context, [answer = std::move(answer)](QKeychain::Job* done) {
        KeyringAnswer result = answerOf(*done);
        if constexpr (std::is_same_v<Job, QKeychain::ReadPasswordJob>) {
            if (result.outcome == KeyringAnswer::Outcome::Done)
                result.password = static_cast<QKeychain::ReadPasswordJob*>(done)->textData();
        }
        answer(result);
    });
    job->start();
}

} // namespace

QString keyringEntry(const QString& user, const QString& address)
{
    return user + u'@' + address;
}

void readPassword(const QString& entry, QObject* context, KeyringCallback answer)
{
    auto* job = new QKeychain::ReadPasswordJob(kService);
    job->setKey(entry);
    run(job, context, std::move(answer));
}

void storePassword(const QString& entry, const QString& password, QObject* context, KeyringCallback answer)
{
    auto* job = new QKeychain::WritePasswordJob(kService);
    job->setKey(entry);
    job->setTextData(password);
    run(job, context, std::move(answer));
}

void forgetPassword(const QString& entry, QObject* context, KeyringCallback answer)
{
    auto* job = new QKeychain::DeletePasswordJob(kService);
    job->setKey(entry);
    run(job, context, std::move(answer));
}

} // namespace memprof::record
